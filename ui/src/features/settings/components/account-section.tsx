import { useState } from 'react';
import { loadAccounts, selectAccount } from '../../../lib/auth/account-service';
import { useAccountStore } from '../../../stores/account-store';
import { AccountSelectionModal } from '../../../components/account-selection-modal';

/** Account Management: the active account and the picker from the accounts feature. */
export function AccountSection() {
  const account = useAccountStore((s) => s.selectedAccount);
  const accounts = useAccountStore((s) => s.availableAccounts);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const openPicker = async (force: boolean) => {
    setOpen(true);
    setLoading(true);
    setError(null);
    const list = await loadAccounts(force);
    setLoading(false);
    if (!list.length && useAccountStore.getState().error) {
      setError(force ? 'Failed to refresh accounts. Please try again.' : 'Failed to load accounts. Please try again.');
    }
  };

  return (
    <section className="card st-section" aria-labelledby="st-accounts">
      <h2 id="st-accounts">Account Management</h2>
      <p data-testid="active-account">
        Active account: <strong>{account?.account_name ?? 'none'}</strong>{' '}
        <span className="badge">{account?.membership_type || 'Free'}</span>
      </p>
      <div className="st-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void openPicker(false)}>
          Switch Account
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void openPicker(true)}>
          Refresh Accounts
        </button>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!loading && open && !error && accounts.length === 0 ? (
        <p className="muted">No accounts available. Please contact support if this seems incorrect.</p>
      ) : null}
      <AccountSelectionModal
        open={open && !error}
        loading={loading}
        accounts={accounts}
        initialSelectedId={account?.account_id ?? null}
        required={false}
        onConfirm={async (a) => {
          await selectAccount(a);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
