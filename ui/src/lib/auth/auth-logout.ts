import { api } from '../api-client';
import { useAuthStore } from '../../stores/auth-store';
import { useAccountStore } from '../../stores/account-store';
import { removeLocal } from '../storage';
import { storageKeys } from '../storage-keys';
import { publishAuthEvent } from './auth-events';
import { clearSignInMarkers, navigation, resetAuthCache, setLoggingOut } from './auth-service';

// Sign-out, apart from auth-service: only signed-in users have a Logout
// button, so visitors of the public pages never load this.

/**
 * Signs out: announces start, tells the server (a failure is tolerated),
 * clears caches, the selected account, the database user id, cookies and
 * flags, announces completion and navigates to /.
 */
export async function logout(navigate: (path: string) => void = (p) => navigation.assign(p)): Promise<void> {
  setLoggingOut(true);
  publishAuthEvent({ type: 'logout_started' });
  try {
    await api.get('/api/auth/logout', { skipAuthRetry: true, timeoutMs: 5000 });
  } catch (err) {
    console.warn('logout call failed', err);
  }
  resetAuthCache();
  clearSignInMarkers();
  removeLocal(storageKeys.accountsCache);
  removeLocal(storageKeys.returnPath);
  useAccountStore.getState().reset();
  useAuthStore.getState().reset();
  publishAuthEvent({ type: 'state_changed', authenticated: false, user: null });
  publishAuthEvent({ type: 'logout_completed' });
  navigate('/');
  // The signed-in page re-renders once more before the navigation lands;
  // it must not store itself as a return path.
  setTimeout(() => setLoggingOut(false), 1000);
}

