import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { Spinner } from '../components/spinner';
import { initializeAuth, STARTUP_TIMEOUT_MS } from './startup';
import { hasSignInMarker } from '../lib/auth/auth-service';
import { isPublicPath } from '../lib/routes';
import { installApiHooks } from './providers';

installApiHooks();
const router = createAppRouter();

/** Decides whether the first paint may happen before auth initialisation. */
export function rendersImmediately(pathname: string): boolean {
  if (pathname === '/callback') return true;
  return hasSignInMarker() && isPublicPath(pathname);
}

/**
 * Start-up: 'Loading application...' until auth initialisation finishes or
 * the 3 s safety timeout passes; at once on /callback (which skips the
 * start-up checks) and on public routes with a sign-in marker (auth is then
 * checked in the background).
 */
export function App() {
  const [ready, setReady] = useState(() => rendersImmediately(window.location.pathname));

  useEffect(() => {
    if (window.location.pathname === '/callback') return;
    // The health check is logged only, so it loads after the first paint.
    void import('../lib/health-check').then((m) => m.runHealthCheck());
    const timer = setTimeout(() => setReady(true), STARTUP_TIMEOUT_MS);
    initializeAuth()
      .catch((err) => console.error('auth initialisation failed', err))
      .finally(() => {
        clearTimeout(timer);
        setReady(true);
      });
    return () => clearTimeout(timer);
  }, []);

  if (!ready) return <Spinner fullScreen label="Loading application..." />;
  return <RouterProvider router={router} />;
}
