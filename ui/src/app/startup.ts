import { useAuthStore } from '../stores/auth-store';
import { cachedAuthState, checkAuth, clearSignInMarkers, hasSignInMarker } from '../lib/auth/auth-service';

/** Startup safety timeout: the app renders after this even if auth is still pending. */
export const STARTUP_TIMEOUT_MS = 3000;

/**
 * Starts loading the header's signed-in bar (its own chunk, see header.tsx)
 * so that it does not wait for the header's first signed-in render. A failure
 * here is ignored: the header's own lazy import meets and reports it.
 */
function preloadSignedInHeader(): void {
  import('./header-signed-in').catch(() => {});
}

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
  if (cached?.authenticated) {
    preloadSignedInHeader();
    store.setAuthenticated(cached.user);
  }
  useAuthStore.getState().setInitializing(true);
  try {
    const result = await checkAuth();
    if (result.authenticated) {
      preloadSignedInHeader();
      // Loaded only for a signed-in user: visitors' first load stays small.
      const { initializeAccountContext } = await import('../lib/auth/account-service');
      await initializeAccountContext();
    } else if (hadMarker) {
      clearSignInMarkers();
    }
  } finally {
    useAuthStore.getState().setInitializing(false);
  }
}
