import { api, ApiError } from '../api-client';
import { useAuthStore } from '../../stores/auth-store';
import type { components } from '../api-schema';
import type { AuthInfoResponse, UserInfo } from '../types';
import {
  clearBrowserStateAfterLogout,
  deleteCookie,
  getCookie,
  getWithExpiry,
  readLocal,
  removeLocal,
  setCookie,
  setWithExpiry,
  writeLocal,
} from '../storage';
import { cookieNames, lifetimes, storageKeys } from '../storage-keys';
import { publishAuthEvent, onAuthEvent } from './auth-events';
import { siteConfig } from '../../config';

/** Result of a session check. */
export interface AuthCheck {
  authenticated: boolean;
  user: UserInfo | null;
  error: string | null;
}

const THROTTLE_MS = 2000;
const SESSION_CHECK_TIMEOUT_MS = 3000;

let cached: { result: AuthCheck; expiresAt: number } | null = null;
let pending: Promise<AuthCheck> | null = null;
let lastRequestAt = 0;
let lastResult: AuthCheck | null = null;

/** Forgets the in-memory auth cache (logout, tests). */
export function resetAuthCache(): void {
  cached = null;
  pending = null;
  lastRequestAt = 0;
  lastResult = null;
}

/** True when a client-side sign-in marker exists (cookie or local flag). */
export function hasSignInMarker(): boolean {
  return getCookie(cookieNames.authIndicator) !== null || readLocal(storageKeys.authSessionActive) === 'true';
}

/** Removes the client-side sign-in markers. */
export function clearSignInMarkers(): void {
  deleteCookie(cookieNames.authIndicator);
  removeLocal(storageKeys.authSessionActive);
  removeLocal(storageKeys.authStateCache);
  removeLocal(storageKeys.lastLoginState);
}

function rememberSignedIn(user: UserInfo | null, now: number): void {
  setCookie(cookieNames.authIndicator, '1', lifetimes.authIndicatorSeconds);
  setWithExpiry(storageKeys.authStateCache, { authenticated: true, user }, lifetimes.authInfoCacheMs, now);
  setWithExpiry(storageKeys.lastLoginState, { user, timestamp: now }, lifetimes.lastLoginStateMs, now);
}

function applyToStore(result: AuthCheck): void {
  const store = useAuthStore.getState();
  const changed = store.isAuthenticated !== result.authenticated || store.user?.id !== result.user?.id;
  if (result.authenticated) store.setAuthenticated(result.user);
  else store.setUnauthenticated(result.error);
  if (changed) publishAuthEvent({ type: 'state_changed', authenticated: result.authenticated, user: result.user });
}

async function fetchAuthInfo(): Promise<AuthCheck> {
  try {
    const info = await api.get<AuthInfoResponse>('/api/auth/auth-info', {
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      cache: 'no-store',
      skipAuthRetry: true,
      timeoutMs: SESSION_CHECK_TIMEOUT_MS,
    });
    const authenticated = info?.authenticated === true;
    return { authenticated, user: authenticated ? (info.user ?? null) : null, error: null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { authenticated: false, user: null, error: null };
    const detail = err instanceof ApiError && err.status > 0 ? err.detail : '';
    return { authenticated: false, user: null, error: detail || 'Authentication failed' };
  }
}

/**
 * Asks the server whether the session is valid. A success is cached 60 s, a
 * failure about 5 s; a concurrent call reuses the pending request, and
 * requests are throttled to one per 2 s even when forced.
 */
export function checkAuth(opts: { force?: boolean; now?: () => number } = {}): Promise<AuthCheck> {
  const now = opts.now ?? Date.now;
  if (pending) return pending;
  const t = now();
  if (!opts.force && cached && cached.expiresAt > t) return Promise.resolve(cached.result);
  if (lastResult && t - lastRequestAt < THROTTLE_MS) return Promise.resolve(lastResult);
  lastRequestAt = t;
  pending = fetchAuthInfo()
    .then((result) => {
      const done = now();
      const ttl = result.authenticated ? lifetimes.authInfoCacheMs : lifetimes.failedAuthCacheMs;
      cached = { result, expiresAt: done + ttl };
      lastResult = result;
      if (result.authenticated) rememberSignedIn(result.user, done);
      applyToStore(result);
      return result;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Cached auth state kept in localStorage (60 s), used to paint the header early. */
export function cachedAuthState(): { authenticated: boolean; user: UserInfo | null } | null {
  return getWithExpiry(storageKeys.authStateCache);
}

/** Stores where to come back to after sign-in. */
export function storeReturnPath(path: string): void {
  writeLocal(storageKeys.returnPath, path);
}

/** Reads and forgets the return path; '/' and '/login' (or none) become /analyzer. */
export function consumeReturnPath(): string {
  const path = readLocal(storageKeys.returnPath);
  removeLocal(storageKeys.returnPath);
  if (!path || path === '/' || path === '/login' || !path.startsWith('/') || path.startsWith('//')) return '/analyzer';
  return path;
}

/**
 * Publishes login_failed (browser_not_supported) and answers false when the
 * browser is refused. The browser rules load on the first sign-in click
 * only: visitors who never sign in do not download them.
 */
async function browserAllowsLogin(): Promise<boolean> {
  const { currentBrowser, recommendedBrowsers, unsupportedMessage } = await import('./browser-detect');
  const info = currentBrowser();
  const message = unsupportedMessage(info);
  if (message === null) return true;
  publishAuthEvent({ type: 'browser_not_supported', browserInfo: info, message });
  publishAuthEvent({
    type: 'login_failed',
    reason: 'browser_not_supported',
    message,
    browserInfo: info,
    recommendedBrowsers: [...recommendedBrowsers],
  });
  return false;
}

/** Where the identity provider sends the browser back to. */
export function callbackUrl(): string {
  return `${window.location.origin}/callback`;
}

/** Browser navigation seam, replaced in tests. */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Starts sign-in by navigating to the server's login endpoint (desktop Chrome/Edge/Firefox only). */
export async function startLogin(opts: { loginHint?: string } = {}): Promise<boolean> {
  if (!(await browserAllowsLogin())) return false;
  publishAuthEvent({ type: 'login_started' });
  try {
    const params = new URLSearchParams({ redirect_uri: callbackUrl() });
    if (opts.loginHint) params.set('login_hint', opts.loginHint);
    navigation.assign(`/api/auth/login?${params.toString()}`);
    return true;
  } catch (err) {
    console.error('login redirect failed', err);
    window.alert('Unable to redirect to login. Please try again or contact support.');
    return false;
  }
}

/** GET /api/config, from the server's contract. */
type PublicConfig = components['schemas']['PublicConfig'];

/**
 * Starts registration at the identity provider's registration page when the
 * server names one (GET /api/config registration_url); otherwise falls back
 * to the login page, which offers registration itself.
 */
export async function startRegistration(): Promise<boolean> {
  if (!(await browserAllowsLogin())) return false;
  let cfg: PublicConfig | undefined;
  try {
    cfg = await api.get<PublicConfig>('/api/config', { skipAuthRetry: true, timeoutMs: 3000 });
  } catch {
    cfg = undefined;
  }
  if (!cfg?.registration_url) return startLogin();
  try {
    const url = new URL(cfg.registration_url, window.location.origin);
    url.searchParams.set('client_id', cfg.client_id || siteConfig.registration.clientId);
    url.searchParams.set('redirect_uri', callbackUrl());
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', siteConfig.registration.scope);
    publishAuthEvent({ type: 'login_started' });
    navigation.assign(url.toString());
    return true;
  } catch (err) {
    console.error('registration redirect failed', err);
    window.alert('Unable to redirect to registration. Please try again or contact support.');
    return false;
  }
}

/** The answer to POST /api/auth/token, from the server's contract. */
type TokenResponse = components['schemas']['SignedIn'];

/** Exchanges the provider's code for a session cookie (POST /api/auth/token). */
export async function exchangeCode(code: string, state: string, redirectUri = callbackUrl()): Promise<UserInfo | null> {
  const form = new URLSearchParams({ code, state, redirect_uri: redirectUri });
  const res = await api.post<TokenResponse>('/api/auth/token', form, { skipAuthRetry: true });
  writeLocal(storageKeys.authSessionActive, 'true');
  const user = res?.user ?? null;
  const now = Date.now();
  const result: AuthCheck = { authenticated: true, user, error: null };
  cached = { result, expiresAt: now + lifetimes.authInfoCacheMs };
  lastResult = result;
  rememberSignedIn(user, now);
  applyToStore(result);
  publishAuthEvent({ type: 'login_completed', user });
  return user;
}

/** POST /api/auth/refresh: publishes session_expired or token_refreshed, then re-reads auth info. */
export async function refreshToken(): Promise<boolean> {
  try {
    await api.post('/api/auth/refresh', undefined, { skipAuthRetry: true });
  } catch {
    publishAuthEvent({ type: 'session_expired' });
    return false;
  }
  publishAuthEvent({ type: 'token_refreshed' });
  await checkAuth({ force: true });
  return true;
}

let loggingOut = false;

/** True between logout start and shortly after the navigation to /. */
export function isLoggingOut(): boolean {
  return loggingOut;
}

/** Sets the logout window (auth-logout.ts, which signed-in pages load). */
export function setLoggingOut(on: boolean): void {
  loggingOut = on;
}

// On logout completion session storage is cleared and local storage keeps
// only `system_` and `vite-` keys (spec part 1 §4).
onAuthEvent((e) => {
  if (e.type === 'logout_completed') clearBrowserStateAfterLogout();
});

/**
 * The API client's 401 hook: one session verification, then retry when
 * still signed in, otherwise remember the path and start login.
 */
export async function handleUnauthorized(): Promise<boolean> {
  const result = await checkAuth({ force: true });
  if (result.authenticated) return true;
  storeReturnPath(window.location.pathname + window.location.search);
  await startLogin();
  return false;
}
