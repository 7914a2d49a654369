/** Free trial length (spec §9). */
export const TRIAL_DAYS = 14;

/** Trial status shown in Settings (spec §2 Settings). */
export type TrialStatus =
  | { kind: 'not_applicable' }
  | { kind: 'not_started' }
  | { kind: 'active'; daysRemaining: number }
  | { kind: 'expired' }
  | { kind: 'error' };

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Computes the trial status: only Free memberships have one; no start
 * date means Not Started, days left (rounded up) above 0 Active, else
 * Expired; an unparseable date is an Error.
 */
export function trialStatus(membershipType: string | null | undefined, trialStartedAt: string | null | undefined, now: Date = new Date()): TrialStatus {
  if ((membershipType || 'Free').toLowerCase() !== 'free') return { kind: 'not_applicable' };
  if (!trialStartedAt) return { kind: 'not_started' };
  const start = Date.parse(trialStartedAt);
  if (Number.isNaN(start)) return { kind: 'error' };
  const days = Math.ceil((start + TRIAL_DAYS * dayMs - now.getTime()) / dayMs);
  return days > 0 ? { kind: 'active', daysRemaining: days } : { kind: 'expired' };
}

/** Label of a trial status. */
export function trialLabel(s: TrialStatus): string {
  switch (s.kind) {
    case 'not_applicable':
      return 'N/A';
    case 'not_started':
      return 'Not Started';
    case 'active':
      return `Active (${s.daysRemaining} day${s.daysRemaining === 1 ? '' : 's'} remaining)`;
    case 'expired':
      return 'Expired';
    case 'error':
      return 'Error';
  }
}
