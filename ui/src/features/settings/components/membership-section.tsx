import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query/query-keys';
import { ApiError } from '../../../lib/api-client';
import { useAccountStore } from '../../../stores/account-store';
import { fetchMembershipUsage, membershipFallback, type MembershipUsage } from '../../../lib/membership/membership-api';
import { trialLabel, trialStatus } from '../../../lib/membership/trial';
import { cachedMembership, clearMembership, MEMBERSHIP_CACHE_MS, membershipStoredAt, storeMembership } from '../../../lib/membership/user-cache';

/** Membership & Usage: type, daily limit, usage today, remaining calls, trial status; cached per user for 1 h. */
export function MembershipSection() {
  const dbUserId = useAccountStore((s) => s.dbUserId);
  // The per-user copy in the browser counts for an hour from when it was stored.
  const query = useQuery({
    queryKey: queryKeys.membership(dbUserId),
    queryFn: async ({ signal }) => {
      const d = await fetchMembershipUsage(signal);
      storeMembership(dbUserId, d);
      return d;
    },
    initialData: () => cachedMembership(dbUserId) ?? undefined,
    initialDataUpdatedAt: () => membershipStoredAt(dbUserId),
    staleTime: MEMBERSHIP_CACHE_MS,
    enabled: dbUserId !== null,
  });
  const loading = query.isFetching;
  // A first load that failed shows the defaults with a note; a failed
  // refresh keeps what was shown.
  const fallback = query.isError && !query.data;
  const data: MembershipUsage | null = query.data ?? (fallback ? membershipFallback : null);
  const loadError = fallback
    ? query.error instanceof ApiError && query.error.detail && query.error.status !== 0
      ? query.error.detail
      : 'Failed to load membership data'
    : null;
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? loadError;

  const refresh = async () => {
    if (!dbUserId) {
      setError('User information is missing. Cannot refresh membership.');
      return;
    }
    clearMembership(dbUserId);
    setError(null);
    const r = await query.refetch();
    if (r.isError) setError('Failed to refresh membership. Please try again.');
  };

  const trial = data ? trialStatus(data.membership_type, data.trial_started_at) : null;
  return (
    <section className="card st-section" aria-labelledby="st-membership">
      <div className="st-section-head">
        <h2 id="st-membership">Membership &amp; Usage</h2>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={loading}
          onClick={() => void refresh()}
        >
          Refresh
        </button>
      </div>
      {loading && !data ? <p role="status">Loading membership...</p> : null}
      {!loading && !data && !error ? <p className="muted">No membership data available.</p> : null}
      {data ? (
        <dl className="st-grid" data-testid="membership">
          <div>
            <dt>Membership Type</dt>
            <dd data-testid="membership-type">{data.membership_type}</dd>
          </div>
          <div>
            <dt>Daily Limit</dt>
            <dd>{data.daily_limit < 0 ? 'Unlimited' : data.daily_limit}</dd>
          </div>
          <div>
            <dt>Usage Today</dt>
            <dd data-testid="usage-today">{data.usage_today}</dd>
          </div>
          <div>
            <dt>Remaining Calls</dt>
            <dd data-testid="remaining-calls">{data.remaining_calls < 0 ? 'Unlimited' : data.remaining_calls}</dd>
          </div>
          {trial && trial.kind !== 'not_applicable' ? (
            <div>
              <dt>Trial Status</dt>
              <dd data-testid="trial-status" className={`st-trial st-trial-${trial.kind}`}>
                {trialLabel(trial)}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {fallback ? <p className="muted">Could not load full membership details. Please try refreshing or log out/in.</p> : null}
    </section>
  );
}
