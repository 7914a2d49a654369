import { api } from '../api-client';

/** Membership usage as the server sends it (spec §3); daily_limit may be a numeric string. */
export interface MembershipUsage {
  user_id?: string;
  email?: string;
  stored_email?: string;
  db_user_id?: string;
  membership_type: string;
  daily_limit: number;
  usage_today: number;
  remaining_calls: number;
  trial_started_at: string | null;
}

/** Values shown when the usage call fails (spec §3). */
export const membershipFallback: MembershipUsage = {
  membership_type: 'Free',
  daily_limit: 1,
  usage_today: 0,
  remaining_calls: 1,
  trial_started_at: null,
};

function num(v: unknown, dflt: number): number {
  const n = typeof v === 'string' ? Number(v.trim()) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : dflt;
}

/** Normalises an answer: defaults for missing fields, numeric strings to numbers. */
export function normaliseUsage(raw: unknown): MembershipUsage {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const limit = num(r.daily_limit, 1);
  const used = num(r.usage_today, 0);
  return {
    user_id: typeof r.user_id === 'string' ? r.user_id : undefined,
    email: typeof r.email === 'string' ? r.email : undefined,
    stored_email: typeof r.stored_email === 'string' ? r.stored_email : undefined,
    db_user_id: typeof r.db_user_id === 'string' ? r.db_user_id : undefined,
    membership_type: typeof r.membership_type === 'string' && r.membership_type ? r.membership_type : 'Free',
    daily_limit: limit,
    usage_today: used,
    remaining_calls: num(r.remaining_calls, Math.max(0, limit - used)),
    trial_started_at: typeof r.trial_started_at === 'string' && r.trial_started_at ? r.trial_started_at : null,
  };
}

/** GET /api/membership/usage. */
export async function fetchMembershipUsage(signal?: AbortSignal): Promise<MembershipUsage> {
  return normaliseUsage(await api.get<unknown>('/api/membership/usage', { signal }));
}

/** GET /api/membership/type. */
export function fetchMembershipType(): Promise<{ user_id: string; membership_type: string }> {
  return api.get('/api/membership/type');
}
