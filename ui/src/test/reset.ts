import { resetAccountContextRun } from '../lib/auth/account-service';
import { resetAuthCache, setLoggingOut } from '../lib/auth/auth-service';
import { resetAiConfig } from '../lib/ai-config';
import { resetHealthCheck } from '../lib/health-check';
import { useAccountStore } from '../stores/account-store';
import { useAuthStore } from '../stores/auth-store';
import { useCookieConsentStore } from '../stores/cookie-consent-store';

/**
 * Puts the client's module state back to how a fresh page load finds it:
 * the auth, account-context, health-check and AI-config caches and the
 * stores. vitest runs the test files without isolation (one module graph
 * and one jsdom per worker, see vite.config.ts), so what one test leaves
 * here (a sign-in check that never answered, a logout window still open, a
 * retry timer) would otherwise reach the next test, or the next file.
 */
export function resetClientState(): void {
  resetAuthCache();
  setLoggingOut(false);
  resetAccountContextRun();
  resetHealthCheck();
  resetAiConfig();
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  useAccountStore.setState(useAccountStore.getInitialState(), true);
  useCookieConsentStore.setState(useCookieConsentStore.getInitialState(), true);
}
