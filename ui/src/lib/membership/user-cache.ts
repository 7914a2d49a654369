import { readJson, writeLocal } from '../storage';
import type { MembershipUsage } from './membership-api';

/** Membership answers are cached per user for one hour (spec §9). */
export const MEMBERSHIP_CACHE_MS = 60 * 60 * 1000;

/** The per-user cache (spec §3): membership without email, API-key presence and last four. */
export interface UserCache {
  membership?: { data: Omit<MembershipUsage, 'email' | 'stored_email'>; timestamp: number };
  apiKey?: { hasKey: boolean; lastFour: string | null; timestamp: number };
}

/** Storage key of one user's cache. */
export function userCacheKey(userId: string): string {
  return `user_cache_${userId}`;
}

function read(userId: string): UserCache {
  return readJson<UserCache>(userCacheKey(userId)) ?? {};
}

/** The cached membership when younger than an hour. */
export function cachedMembership(userId: string | null | undefined, now = Date.now()): MembershipUsage | null {
  if (!userId) return null;
  const m = read(userId).membership;
  if (!m || now - m.timestamp >= MEMBERSHIP_CACHE_MS) return null;
  return { ...m.data };
}

/** When the cached membership was stored (ms since the epoch), or undefined when none is. */
export function membershipStoredAt(userId: string | null | undefined): number | undefined {
  if (!userId) return undefined;
  return read(userId).membership?.timestamp;
}

/** Stores membership data, dropping the email addresses. */
export function storeMembership(userId: string | null | undefined, data: MembershipUsage, now = Date.now()): void {
  if (!userId) return;
  const { email: _e, stored_email: _s, ...rest } = data;
  writeLocal(userCacheKey(userId), JSON.stringify({ ...read(userId), membership: { data: rest, timestamp: now } }));
}

/** Forgets the cached membership (refresh, after an analysis changed usage). */
export function clearMembership(userId: string | null | undefined): void {
  if (!userId) return;
  const c = read(userId);
  delete c.membership;
  writeLocal(userCacheKey(userId), JSON.stringify(c));
}

/** The cached API-key presence. */
export function cachedApiKey(userId: string | null | undefined): UserCache['apiKey'] | null {
  if (!userId) return null;
  return read(userId).apiKey ?? null;
}

/** Stores only whether a key exists and its last four characters, never the key. */
export function storeApiKey(userId: string | null | undefined, hasKey: boolean, maskedKey: string | null, now = Date.now()): void {
  if (!userId) return;
  const lastFour = hasKey && maskedKey ? maskedKey.slice(-4) : null;
  writeLocal(userCacheKey(userId), JSON.stringify({ ...read(userId), apiKey: { hasKey, lastFour, timestamp: now } }));
}
