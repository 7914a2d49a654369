/**
 * Every key the app keeps in the browser, in one place so logout can clear
 * them and tests can assert on them. Keys starting with `system_` survive
 * logout on purpose (device identity, demo quota).
 */
export const storageKeys = {
  authStateCache: 'auth_state_cache',
  accountsCache: 'accounts_cache',
  selectedAccount: 'selected_account',
  dbUserId: 'db_user_id',
  returnPath: 'auth_return_path',
  lastLoginState: 'last_login_state',
  authSessionActive: 'auth_session_active',
  healthCheckCache: 'health_check_cache',
  healthCheckDone: 'health_check_done',
  deviceId: 'system_device_id',
  demoUsagePrefix: 'system_demo_usage_',
} as const;

/** Cookie names set by the client. */
export const cookieNames = {
  authIndicator: 'auth_indicator',
  cookieConsent: 'cookie_consent',
} as const;

/** Lifetimes from spec part 1 §9, in milliseconds unless named in seconds. */
export const lifetimes = {
  authInfoCacheMs: 60_000,
  failedAuthCacheMs: 5_000,
  accountsCacheMs: 2 * 60 * 60 * 1000,
  lastLoginStateMs: 30 * 60 * 1000,
  authIndicatorSeconds: 7200,
  healthCacheMs: 5 * 60 * 1000,
  healthRetryMs: 30_000,
  cookieConsentDays: 150,
} as const;
