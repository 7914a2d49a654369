import { api } from '../../../lib/api-client';

/** GET /api/user-settings/api-key. */
export interface ApiKeyInfo {
  has_key: boolean;
  masked_key: string | null;
}

/** Reads whether the user has their own AI key (masked). */
export async function getApiKey(signal?: AbortSignal): Promise<ApiKeyInfo> {
  const r = await api.get<Partial<ApiKeyInfo> | null>('/api/user-settings/api-key', { signal });
  return { has_key: r?.has_key === true, masked_key: typeof r?.masked_key === 'string' ? r.masked_key : null };
}

/** What a save says: the server checks the key with the AI provider first. */
export interface SaveKeyResult {
  /** Set when the provider could not be reached to check the key (it was stored anyway). */
  warning: string | null;
}

/** Saves a key (already trimmed by the caller); a key the provider rejects fails with ApiError 400. */
export async function saveApiKey(apiKey: string): Promise<SaveKeyResult> {
  const r = await api.post<{ warning?: unknown } | null>('/api/user-settings/api-key', { api_key: apiKey });
  return { warning: typeof r?.warning === 'string' && r.warning ? r.warning : null };
}

/** Deletes the key; the system default key is used afterwards. */
export function deleteApiKey(): Promise<unknown> {
  return api.delete('/api/user-settings/api-key');
}

/** One personal access token (the secret is never listed). */
export interface AccessToken {
  id: string;
  name: string;
  created_at?: string;
  last_used_at?: string | null;
  prefix?: string;
}

function normaliseToken(v: unknown): AccessToken | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as Record<string, unknown>;
  const id = typeof r.id === 'string' ? r.id : typeof r.ID === 'string' ? r.ID : '';
  // Revoked tokens stay in the server's list; they are no longer usable, so they are not shown.
  if (!id || r.revoked === true || (typeof r.revoked_at === 'string' && r.revoked_at)) return null;
  return {
    id,
    name: typeof r.name === 'string' ? r.name : typeof r.Name === 'string' ? r.Name : '',
    created_at: typeof r.created_at === 'string' ? r.created_at : undefined,
    last_used_at: typeof r.last_used_at === 'string' ? r.last_used_at : null,
    prefix: typeof r.prefix === 'string' ? r.prefix : undefined,
  };
}

/** Lists the user's active tokens (array or {tokens: [...]}). */
export async function listTokens(signal?: AbortSignal): Promise<AccessToken[]> {
  const r = await api.get<unknown>('/api/user-settings/tokens', { signal });
  const list = Array.isArray(r) ? r : r && typeof r === 'object' && Array.isArray((r as { tokens?: unknown }).tokens) ? (r as { tokens: unknown[] }).tokens : [];
  return list.map(normaliseToken).filter((t): t is AccessToken => t !== null);
}

/** Creates a token; the answer carries the secret, shown once. */
export async function createToken(name: string): Promise<{ token: AccessToken | null; secret: string }> {
  const r = (await api.post<Record<string, unknown>>('/api/user-settings/tokens', { name })) ?? {};
  const secret = [r.token, r.secret, r.access_token].find((v): v is string => typeof v === 'string') ?? '';
  const inner = r.token && typeof r.token === 'object' ? r.token : r;
  return { token: normaliseToken(inner), secret };
}

/** Revokes one token. */
export function revokeToken(id: string): Promise<unknown> {
  return api.delete(`/api/user-settings/tokens/${encodeURIComponent(id)}`);
}
