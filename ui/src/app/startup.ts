import { useAuthStore } from '../stores/auth-store';
import { cachedAuthState, checkAuth, clearSignInMarkers, hasSignInMarker } from '../lib/auth/auth-service';
import { initializeAccountContext } from '../lib/auth/account-service';

/** Startup safety timeout: the app renders after this even if auth is still pending. */
export const STARTUP_TIMEOUT_MS = 3000;

/**
 * Checks the session and, when signed in, initialises the account context.
 * Markers left from an expired session are cleared.
 */
export async function initializeAuth(): Promise<void> {
  const store = useAuthStore.getState();
  const hadMarker = hasSignInMarker();
  // With a marker and a fresh (60 s) cached state the header can show the
  // user at once; the server check below still decides.
  const cached = hadMarker ? cachedAuthState() : null;
  if (cached?.authenticated) store.setAuthenticated(cached.user);
  useAuthStore.getState().setInitializing(true);
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
