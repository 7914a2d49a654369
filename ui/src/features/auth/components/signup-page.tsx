import { startRegistration } from '../../../lib/auth/auth-service';
import { siteConfig } from '../../../config';

/** /signup: starts registration at the identity provider. */
export function Component() {
  return (
    <div className="page narrow center">
      <h1>Create your {siteConfig.productName} account</h1>
      <p className="muted">Start your 14-day free trial: 5 analyses per day, no credit card needed.</p>
      <button type="button" className="btn btn-primary btn-large" onClick={() => void startRegistration()}>
        Register Now
      </button>
    </div>
  );
}
