import type { components } from './api-schema';

/** Shapes of the server's auth and account answers, from its contract (api/openapi.json). */
type Schemas = components['schemas'];

/** The signed-in user (is_operator: sees /ops and the Operations link). */
export type UserInfo = Schemas['UserInfo'];

/** An account as the picker shows it. */
export type Account = Schemas['Account'];

/** GET /api/auth/auth-info. */
export type AuthInfoResponse = Schemas['AuthInfo'];

/** POST /api/auth/ensure-user. */
export type EnsureUserResponse = Schemas['EnsuredUser'];

/** GET /api/auth/accounts. */
export type AccountsResponse = Schemas['AccountList'];

/** What the server (403 of /api/auth/login) and the browser check know of the browser. */
export type BrowserInfo = Schemas['BrowserInfo'];
