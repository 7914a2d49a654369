import { useCookieConsentStore } from '../stores/cookie-consent-store';
import './cookie-banner.css';

/** Bottom cookie notice with one 'I understand' button. */
export function CookieBanner() {
  const accepted = useCookieConsentStore((s) => s.accepted);
  const accept = useCookieConsentStore((s) => s.accept);
  if (accepted) return null;
  return (
    <div className="cookie-banner" role="region" aria-label="Cookie notice">
      <p>
        This website uses cookies to enhance the user experience and for authentication purposes.{' '}
        <span className="cookie-sub">By continuing to use this site, you consent to our use of cookies.</span>
      </p>
      <button type="button" className="btn btn-primary" onClick={accept}>
        I understand
      </button>
    </div>
  );
}
