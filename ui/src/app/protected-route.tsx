import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../stores/auth-store';
import { useAccountStore } from '../stores/account-store';
import { isLoggingOut, storeReturnPath } from '../lib/auth/auth-service';
import { initializeAccountContext } from '../lib/auth/account-service';
import { Spinner } from '../components/spinner';

/**
 * Guards signed-in routes: spinner while auth or accounts load; visitors go
 * to / with the path stored once; routes needing an account send users
 * without one to /account, remembering the origin.
 */
export function ProtectedRoute({ requireAccount = true }: { requireAccount?: boolean }) {
  const location = useLocation();
  const hasInitialized = useAuthStore((s) => s.hasInitialized);
  const isInitializing = useAuthStore((s) => s.isInitializing);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const accountsInitialized = useAccountStore((s) => s.accountsInitialized);
  const needsAccountSelection = useAccountStore((s) => s.needsAccountSelection);
  const selectedAccount = useAccountStore((s) => s.selectedAccount);
  const redirected = useRef(false);

  useEffect(() => {
    if (isAuthenticated && !accountsInitialized) void initializeAccountContext();
  }, [isAuthenticated, accountsInitialized]);

  const loading = !hasInitialized || isInitializing || (isAuthenticated && !accountsInitialized);
  const sendAway = !loading && !isAuthenticated;
  const here = location.pathname + location.search;
  // Stored once, after the render that decides to send the visitor away (a
  // side effect has no place in the render itself).
  useEffect(() => {
    if (!sendAway || redirected.current || isLoggingOut()) return;
    redirected.current = true;
    storeReturnPath(here);
  }, [sendAway, here]);

  if (loading) return <Spinner label="Loading..." />;
  if (!isAuthenticated) return <Navigate to="/" replace />;
  if (requireAccount && location.pathname !== '/account' && (needsAccountSelection || !selectedAccount)) {
    return <Navigate to="/account" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** The signed-in routes that need no account yet (a lazy route's Component: public pages never load this guard). */
export function SignedInRoute() {
  return <ProtectedRoute requireAccount={false} />;
}

/** The signed-in routes that need a selected account. */
export function AccountRoute() {
  return <ProtectedRoute />;
}
