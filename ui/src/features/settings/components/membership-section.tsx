import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAccountStore } from '../../../stores/account-store';
import { fetchMembershipUsage, membershipFallback, type MembershipUsage } from '../../../lib/membership/membership-api';
import { trialLabel, trialStatus } from '../../../lib/membership/trial';
import { cachedMembership, clearMembership, onMembershipChanged, storeMembership } from '../../../lib/membership/user-cache';

/** Membership & Usage: type, daily limit, usage today, remaining calls, trial status; cached per user for 1 h. */
export function MembershipSection() {
  const dbUserId = useAccountStore((s) => s.dbUserId);
  const [data, setData] = useState<MembershipUsage | null>(() => cachedMembership(dbUserId));
  const [loading, setLoading] = useState(data === null);
  const [error, setError] = useState<string | null>(null);
  const [fallback, setFallback] = useState(false);

  // What happens once the server answers; the first load (from the effect)
  // starts with `loading` already true, so it needs nothing before the call.
  const fetchUsage = (refresh: boolean) =>
    fetchMembershipUsage().then(
      (d) => {
        storeMembership(dbUserId, d);
        setData(d);
        setFallback(false);
        setLoading(false);
      },
      (err: unknown) => {
        if (refresh) {
          setError('Failed to refresh membership. Please try again.');
        } else {
          setError(err instanceof ApiError && err.detail && err.status !== 0 ? err.detail : 'Failed to load membership data');
          setData(membershipFallback);
          setFallback(true);
        }
        setLoading(false);
      },
    );
  const refresh = () => {
    if (!dbUserId) {
      setError('User information is missing. Cannot refresh membership.');
      return;
    }
    clearMembership(dbUserId);
    setLoading(true);
    setError(null);
    void fetchUsage(true);
  };
  useEffect(() => {
    if (!data) void fetchUsage(false);
    // Loaded once per mount unless cached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // An own key saved or deleted changes the limit: read the server's
  // figures again instead of showing the ones from before.
  useEffect(
    () =>
      onMembershipChanged(dbUserId, () => {
        setError(null);
        void fetchUsage(true);
      }),
    // fetchUsage only reads the user id, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dbUserId],
  );

  const trial = data ? trialStatus(data.membership_type, data.trial_started_at) : null;
  return (
    <section className="card st-section" aria-labelledby="st-membership">
      <div className="st-section-head">
        <h2 id="st-membership">Membership &amp; Usage</h2>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={loading}
          onClick={refresh}
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
