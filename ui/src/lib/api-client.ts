import { useAccountStore } from '../stores/account-store';

/** An HTTP failure with the server's `detail` text (status 0: no response). */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;

  constructor(status: number, detail: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

/** Options for one request; `body` objects are sent as JSON. */
export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: BodyInit | Record<string, unknown> | null;
  query?: Record<string, string | number | boolean | undefined>;
  responseType?: 'json' | 'text' | 'blob';
  /** Auth calls set this so a 401 never loops into another session check. */
  skipAuthRetry?: boolean;
  timeoutMs?: number;
  /** Reads the headers of a successful answer (a note the server sends beside the body). */
  onHeaders?: (headers: Headers) => void;
}

/**
 * Hooks the app installs at start-up. The client itself has no UI side
 * effects: what a 401 means (verify the session, then retry or start
 * login) is decided by the app, not here.
 */
export interface ApiClientHooks {
  /** Called once per request on 401; resolve true to retry the request. */
  onUnauthorized?: () => Promise<boolean>;
}

let hooks: ApiClientHooks = {};

/** Installs the app's hooks (replaces earlier ones). */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

/** Headers every call carries: the selected account and the database user id. */
export function contextHeaders(): Record<string, string> {
  const { selectedAccount, dbUserId } = useAccountStore.getState();
  const headers: Record<string, string> = {};
  if (selectedAccount?.account_id) headers['X-Account-ID'] = selectedAccount.account_id;
  if (dbUserId) headers['X-DB-User-ID'] = dbUserId;
  return headers;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** Extracts a readable message from an error body ({detail: string|[{msg}]}, text). */
export async function readErrorDetail(res: Response): Promise<string> {
  const fallback = `Request failed with status ${res.status}`;
  let text = '';
  try {
    text = await res.text();
  } catch {
    return fallback;
  }
  if (!text) return fallback;
  try {
    const body = JSON.parse(text) as unknown;
    if (isPlainObject(body)) {
      const d = body.detail ?? body.message ?? body.error;
      if (typeof d === 'string' && d) return d;
      if (Array.isArray(d) && d.length > 0) {
        const first = d[0] as unknown;
        if (isPlainObject(first) && typeof first.msg === 'string') return first.msg;
      }
    }
    return fallback;
  } catch {
    return text.length < 300 ? text : fallback;
  }
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const { body, query, responseType: _r, skipAuthRetry: _s, onHeaders: _h, timeoutMs, headers, ...init } = opts;
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(contextHeaders())) if (!h.has(k)) h.set(k, v);
  let payload: BodyInit | null | undefined;
  if (isPlainObject(body)) {
    payload = JSON.stringify(body);
    if (!h.has('Content-Type')) h.set('Content-Type', 'application/json');
  } else {
    payload = body as BodyInit | null | undefined;
  }
  if (!h.has('Accept')) h.set('Accept', 'application/json');

  const controller = new AbortController();
  const outer = init.signal;
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', () => controller.abort(), { once: true });
  }
  const timer = timeoutMs ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  try {
    return await fetch(buildUrl(path, query), {
      credentials: 'include',
      ...init,
      headers: h,
      body: payload,
      signal: controller.signal,
    });
  } catch (err) {
    const aborted = controller.signal.aborted;
    throw new ApiError(0, aborted ? 'The request timed out or was cancelled.' : `Network error: ${(err as Error).message}`);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** Sends one request and decodes the answer; throws ApiError on failure. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  if (res.status === 401 && !opts.skipAuthRetry && hooks.onUnauthorized) {
    const retry = await hooks.onUnauthorized();
    if (retry) res = await send(path, opts);
  }
  if (res.status === 403) {
    console.warn('permission denied', { path });
  }
  if (!res.ok) throw new ApiError(res.status, await readErrorDetail(res));
  opts.onHeaders?.(res.headers);
  const type = opts.responseType ?? 'json';
  if (type === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  if (type === 'text') return text as T;
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(res.status, 'The server sent an answer that could not be read.');
  }
}

/** Convenience verbs over apiRequest. */
export const api = {
  get: <T>(path: string, opts: RequestOptions = {}) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: RequestOptions['body'], opts: RequestOptions = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: RequestOptions['body'], opts: RequestOptions = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts: RequestOptions = {}) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};
