import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { startLogin } from '../../../lib/auth/auth-service';
import { useAuthStore } from '../../../stores/auth-store';
import { siteConfig } from '../../../config';

/** /login: a signed-in user goes on to /analyzer; others get the sign-in button. */
export function Component() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  useEffect(() => {
    if (isAuthenticated) navigate('/analyzer', { replace: true });
  }, [isAuthenticated, navigate]);
  return (
    <div className="page narrow center">
      <h1>Sign in to {siteConfig.productName}</h1>
      <p className="muted">Sign in with your organisation account to use the analyzers.</p>
      <button type="button" className="btn btn-primary btn-large" onClick={() => void startLogin()}>
        Login
      </button>
    </div>
  );
}
