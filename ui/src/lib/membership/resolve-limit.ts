import { fetchMembershipUsage } from './membership-api';
import { parseLimitDetail, type LimitInfo } from './limit';

/**
 * Limit and membership type for the limit modal: from the 429 detail when
 * it matches, otherwise from the membership service, otherwise Free and 1
 * (spec §8).
 */
export async function resolveLimitInfo(detail: string | null | undefined): Promise<LimitInfo> {
  const parsed = parseLimitDetail(detail);
  if (parsed) return parsed;
  try {
    const usage = await fetchMembershipUsage();
    return { limit: usage.daily_limit, membershipType: usage.membership_type };
  } catch {
    return { limit: 1, membershipType: 'Free' };
  }
}
