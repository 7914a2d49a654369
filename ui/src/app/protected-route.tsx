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

  if (!hasInitialized || isInitializing || (isAuthenticated && !accountsInitialized)) {
    return <Spinner label="Loading..." />;
  }
  if (!isAuthenticated) {
    if (!redirected.current && !isLoggingOut()) {
      redirected.current = true;
      storeReturnPath(location.pathname + location.search);
    }
    return <Navigate to="/" replace />;
  }
  if (requireAccount && location.pathname !== '/account' && (needsAccountSelection || !selectedAccount)) {
    return <Navigate to="/account" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
