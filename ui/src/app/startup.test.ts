import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initializeAuth } from './startup';
import { rendersImmediately } from './app';
import { resetAuthCache } from '../lib/auth/auth-service';
import { useAuthStore } from '../stores/auth-store';
import { useAccountStore } from '../stores/account-store';
import { setWithExpiry } from '../lib/storage';
import { json, mockFetch } from '../test/fetch-mock';

vi.mock('./router', () => import('../test/app-router-mock'));

const user = { id: 'u', firstName: 'Ada' };

// initializeAuth starts loading the signed-in header without waiting for
// it. The load must end inside this file: with more than one worker each
// file's jsdom is torn down after it, and a load cut off there stays failed
// in the module graph the worker's next file shares (isolate: false).
afterAll(async () => {
  await import('./header-signed-in');
});

describe('start-up', () => {
  beforeEach(() => {
    resetAuthCache();
    useAccountStore.getState().reset();
    useAuthStore.setState({ isAuthenticated: false, user: null, hasInitialized: false, isInitializing: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders at once on /callback, and on public routes only with a marker', () => {
    expect(rendersImmediately('/callback')).toBe(true);
    expect(rendersImmediately('/')).toBe(false);
    localStorage.setItem('auth_session_active', 'true');
    expect(rendersImmediately('/')).toBe(true);
    expect(rendersImmediately('/blog/x')).toBe(true);
    expect(rendersImmediately('/settings')).toBe(false);
  });

  it('clears stale markers when the server says signed out', async () => {
    localStorage.setItem('auth_session_active', 'true');
    document.cookie = 'auth_indicator=1; path=/';
    mockFetch({ 'GET /api/auth/auth-info': json({ authenticated: false, user: null }) });
    await initializeAuth();
    expect(localStorage.getItem('auth_session_active')).toBeNull();
    expect(document.cookie).not.toContain('auth_indicator');
    expect(useAuthStore.getState()).toMatchObject({ hasInitialized: true, isInitializing: false, isAuthenticated: false });
  });

  it('initialises the account context when signed in, showing the cached user first', async () => {
    localStorage.setItem('auth_session_active', 'true');
    setWithExpiry('auth_state_cache', { authenticated: true, user }, 60_000);
    let seenEarly = false;
    mockFetch({
      'GET /api/auth/auth-info': () => {
        seenEarly = useAuthStore.getState().user?.firstName === 'Ada';
        return json({ authenticated: true, user });
      },
      'POST /api/auth/ensure-user': json({ status: 'success', db_user_id: 'db', accounts: [], accounts_count: 0 }),
      'GET /api/auth/accounts': json({ accounts: [{ account_id: 'a', account_name: 'A' }] }),
      'POST /api/auth/account-access': json({}),
    });
    await initializeAuth();
    expect(seenEarly).toBe(true);
    expect(useAccountStore.getState().selectedAccount?.account_id).toBe('a');
    expect(useAuthStore.getState().isInitializing).toBe(false);
  });
});
