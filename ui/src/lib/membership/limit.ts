/** The parts of a 429 detail the 'Daily API Limit Reached' modal shows. */
export interface LimitInfo {
  limit: number;
  membershipType: string;
}

const limitPattern = /Daily limit of (\d+) analyze calls? reached for your (.+?) membership/i;

/**
 * Reads 'Daily limit of N analyze calls reached for your X membership'
 * (spec §8); null when the detail does not have that shape, so the
 * caller asks the membership service instead.
 */
export function parseLimitDetail(detail: string | null | undefined): LimitInfo | null {
  if (!detail) return null;
  const m = limitPattern.exec(detail);
  if (!m) return null;
  const limit = Number(m[1]);
  const membershipType = m[2].trim();
  if (!Number.isFinite(limit) || !membershipType) return null;
  return { limit, membershipType };
}

/** The next 00:00 UTC strictly after now: when daily limits reset. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Time left until the reset as HH:MM:SS (never negative). */
export function formatCountdown(now: Date, reset: Date = nextUtcMidnight(now)): string {
  const total = Math.max(0, Math.floor((reset.getTime() - now.getTime()) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((v) => String(v).padStart(2, '0')).join(':');
}
