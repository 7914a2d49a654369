import { useAuthStore } from '../stores/auth-store';
import { checkAuth, clearSignInMarkers, hasSignInMarker } from '../lib/auth/auth-service';
import { initializeAccountContext } from '../lib/auth/account-service';

/** Startup safety timeout: the app renders after this even if auth is still pending. */
export const STARTUP_TIMEOUT_MS = 3000;

/**
 * Checks the session and, when signed in, initialises the account context.
 * Markers left from an expired session are cleared.
 */
export async function initializeAuth(): Promise<void> {
  const store = useAuthStore.getState();
  store.setInitializing(true);
  const hadMarker = hasSignInMarker();
  try {
    const result = await checkAuth();
    if (result.authenticated) {
      await initializeAccountContext();
    } else if (hadMarker) {
      clearSignInMarkers();
    }
  } finally {
    useAuthStore.getState().setInitializing(false);
  }
}
