import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkAuth,
  consumeReturnPath,
  exchangeCode,
  hasSignInMarker,
  navigation,
  refreshToken,
  resetAuthCache,
  startLogin,
  storeReturnPath,
  handleUnauthorized,
} from './auth-service';
import { logout } from './auth-logout';
import { onAuthEvent, type AuthEvent } from './auth-events';
import { useAuthStore } from '../../stores/auth-store';
import { useAccountStore } from '../../stores/account-store';
import { getCookie } from '../storage';
import { json, mockFetch } from '../../test/fetch-mock';
import { testAccount, testUser } from '../../test/fixtures';

const user = testUser({ id: 'u1', firstName: 'Ana', lastName: 'Lyst', email: 'analyst@example.com', name: 'Ana Lyst' });
const chromeUA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function setUA(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
}

describe('auth service', () => {
  let events: AuthEvent[];
  let off: () => void;
  beforeEach(() => {
    resetAuthCache();
    useAuthStore.setState({ isAuthenticated: false, user: null, hasInitialized: false, error: null });
    useAccountStore.getState().reset();
    events = [];
    off = onAuthEvent((e) => events.push(e));
    setUA(chromeUA);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('caches a successful check for 60 s and sets the markers', async () => {
    const calls = mockFetch({ 'GET /api/auth/auth-info': json({ authenticated: true, user }) });
    let t = 1_000_000;
    const now = () => t;
    expect((await checkAuth({ now })).authenticated).toBe(true);
    t += 59_000;
    await checkAuth({ now });
    expect(calls).toHaveLength(1);
    t += 2_000;
    await checkAuth({ now });
    expect(calls).toHaveLength(2);
    expect(useAuthStore.getState().user?.firstName).toBe('Ana');
    expect(getCookie('auth_indicator')).toBe('1');
    expect(events.some((e) => e.type === 'state_changed' && e.authenticated)).toBe(true);
    const h = new Headers(calls[0].init.headers);
    expect(h.get('Cache-Control')).toBe('no-cache');
    expect(calls[0].init.credentials).toBe('include');
  });

  it('caches a failed check about 5 s', async () => {
    const calls = mockFetch({ 'GET /api/auth/auth-info': json({ authenticated: false }) });
    let t = 1_000_000;
    const now = () => t;
    await checkAuth({ now });
    t += 4_000;
    await checkAuth({ now });
    expect(calls).toHaveLength(1);
    t += 1_500;
    await checkAuth({ now });
    expect(calls).toHaveLength(2);
  });

  it('reuses a pending request and throttles forced checks to one per 2 s', async () => {
    const calls = mockFetch({ 'GET /api/auth/auth-info': json({ authenticated: true, user }) });
    let t = 5_000_000;
    const now = () => t;
    const [a, b] = await Promise.all([checkAuth({ now }), checkAuth({ now, force: true })]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
    t += 1_000;
    await checkAuth({ now, force: true });
    expect(calls).toHaveLength(1);
    t += 1_500;
    await checkAuth({ now, force: true });
    expect(calls).toHaveLength(2);
  });

  it('reads the detail of a failed check, else "Authentication failed"', async () => {
    mockFetch({ 'GET /api/auth/auth-info': json({ detail: 'provider down' }, 503) });
    expect((await checkAuth()).error).toBe('provider down');
    expect(useAuthStore.getState().error).toBe('provider down');
    resetAuthCache();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect((await checkAuth()).error).toBe('Authentication failed');
  });

  it('aborts a session check after 3 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: string, init: RequestInit) =>
          new Promise((_res, rej) => init.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const p = checkAuth();
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const r = await p;
    expect(r.authenticated).toBe(false);
    expect(r.error).toBe('Authentication failed');
  });

  it('turns / and /login return paths into /analyzer and forgets the path', () => {
    expect(consumeReturnPath()).toBe('/analyzer');
    storeReturnPath('/login');
    expect(consumeReturnPath()).toBe('/analyzer');
    storeReturnPath('/');
    expect(consumeReturnPath()).toBe('/analyzer');
    storeReturnPath('/image-analyzer?x=1');
    expect(consumeReturnPath()).toBe('/image-analyzer?x=1');
    expect(consumeReturnPath()).toBe('/analyzer');
    storeReturnPath('//evil.example.com');
    expect(consumeReturnPath()).toBe('/analyzer');
  });

  it('starts login by navigating to the server with the callback URL and hint', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    expect(await startLogin({ loginHint: 'consultant@example.com' })).toBe(true);
    const url = new URL(assign.mock.calls[0][0], 'http://localhost');
    expect(url.pathname).toBe('/api/auth/login');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/callback`);
    expect(url.searchParams.get('login_hint')).toBe('consultant@example.com');
    expect(events.map((e) => e.type)).toContain('login_started');
  });

  it('refuses login on unsupported browsers with a login_failed event', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    setUA('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1');
    expect(await startLogin()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    const failed = events.find((e) => e.type === 'login_failed');
    expect(failed).toMatchObject({
      reason: 'browser_not_supported',
      message: 'Mobile browsers are not currently supported. Please use a desktop browser.',
      recommendedBrowsers: ['Chrome', 'Edge', 'Firefox'],
    });
  });

  it('alerts when the login redirect fails', async () => {
    vi.spyOn(navigation, 'assign').mockImplementation(() => {
      throw new Error('blocked');
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await startLogin()).toBe(false);
    expect(alert).toHaveBeenCalledWith('Unable to redirect to login. Please try again or contact support.');
  });

  it('exchanges the code as a form and stores auth_session_active', async () => {
    const calls = mockFetch({ 'POST /api/auth/token': json({ authenticated: true, user }) });
    await exchangeCode('c1', 's1', 'http://localhost/callback');
    const body = calls[0].init.body as URLSearchParams;
    expect(body.get('code')).toBe('c1');
    expect(body.get('state')).toBe('s1');
    expect(body.get('redirect_uri')).toBe('http://localhost/callback');
    expect(localStorage.getItem('auth_session_active')).toBe('true');
    expect(hasSignInMarker()).toBe(true);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(events.map((e) => e.type)).toContain('login_completed');
  });

  it('logs out even when the server call fails, clearing everything listed', async () => {
    mockFetch({ 'GET /api/auth/logout': json({ detail: 'down' }, 500) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAuthStore.getState().setAuthenticated(user);
    useAccountStore.getState().setSelectedAccount(testAccount({ account_id: 'a', account_name: 'A' }));
    useAccountStore.getState().setDbUserId('db');
    localStorage.setItem('auth_session_active', 'true');
    localStorage.setItem('accounts_cache', '{}');
    localStorage.setItem('system_device_id', 'keep');
    document.cookie = 'auth_indicator=1; path=/';
    sessionStorage.setItem('x', '1');
    const nav = vi.fn();
    await logout(nav);
    expect(nav).toHaveBeenCalledWith('/');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(useAccountStore.getState().selectedAccount).toBeNull();
    expect(useAccountStore.getState().dbUserId).toBeNull();
    expect(Object.keys(localStorage)).toEqual(['system_device_id']);
    expect(sessionStorage.length).toBe(0);
    expect(getCookie('auth_indicator')).toBeNull();
    const types = events.map((e) => e.type);
    expect(types.indexOf('logout_started')).toBeLessThan(types.indexOf('logout_completed'));
  });

  it('refresh publishes session_expired on failure and token_refreshed then re-reads on success', async () => {
    mockFetch({ 'POST /api/auth/refresh': json({}, 401) });
    expect(await refreshToken()).toBe(false);
    expect(events.map((e) => e.type)).toContain('session_expired');
    const calls = mockFetch({
      'POST /api/auth/refresh': json({}),
      'GET /api/auth/auth-info': json({ authenticated: true, user }),
    });
    expect(await refreshToken()).toBe(true);
    expect(events.map((e) => e.type)).toContain('token_refreshed');
    expect(calls.map((c) => c.url)).toContain('/api/auth/auth-info');
  });

  it('on 401 retries when still signed in, otherwise stores the path and starts login', async () => {
    mockFetch({ 'GET /api/auth/auth-info': json({ authenticated: true, user }) });
    expect(await handleUnauthorized()).toBe(true);
    resetAuthCache();
    mockFetch({ 'GET /api/auth/auth-info': json({ authenticated: false }) });
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    window.history.pushState({}, '', '/settings');
    expect(await handleUnauthorized()).toBe(false);
    expect(localStorage.getItem('auth_return_path')).toBe('/settings');
    expect(assign).toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});

describe('logout and the return path', () => {
  it('reports the logout window so guards do not store a return path', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/auth/logout': json({}) });
    const p = logout(() => {});
    const { isLoggingOut } = await import('./auth-service');
    expect(isLoggingOut()).toBe(true);
    await p;
    expect(isLoggingOut()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(isLoggingOut()).toBe(false);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
