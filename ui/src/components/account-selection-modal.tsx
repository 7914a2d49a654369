import { useState } from 'react';
import { Modal } from './modal';
import type { Account } from '../lib/types';
import './account-selection-modal.css';

/** Props of AccountSelectionModal. */
export interface AccountSelectionModalProps {
  open: boolean;
  loading: boolean;
  accounts: Account[];
  /** Account to mark as chosen initially (a single account is always preselected). */
  initialSelectedId?: string | null;
  /** When true the modal cannot be closed until an account is chosen. */
  required: boolean;
  /** Activates the account; rejects on failure (the selection then resets). */
  onConfirm: (account: Account) => Promise<void>;
  onClose?: () => void;
  error?: string | null;
}

/** Formats last_login_date for 'Last accessed'; unparseable values are shown as sent. */
export function formatLastAccessed(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The account to preselect: the only one, else the current one when it is listed. */
function preselected(accounts: Account[], initialSelectedId: string | null | undefined): string | null {
  if (accounts.length === 1) return accounts[0].account_id;
  if (initialSelectedId && accounts.some((a) => a.account_id === initialSelectedId)) return initialSelectedId;
  return null;
}

/** Account selection (spec part 1 §2 /account): loading, empty, list, selecting. */
export function AccountSelectionModal({
  open,
  loading,
  accounts,
  initialSelectedId,
  required,
  onConfirm,
  onClose,
  error,
}: AccountSelectionModalProps) {
  const [chosenId, setChosenId] = useState<string | null>(() => preselected(accounts, initialSelectedId) ?? initialSelectedId ?? null);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  // A new list (or a new current account) preselects again; adjusted while
  // rendering so the list never shows without its preselection.
  const [seen, setSeen] = useState({ accounts, initialSelectedId });
  if (seen.accounts !== accounts || seen.initialSelectedId !== initialSelectedId) {
    setSeen({ accounts, initialSelectedId });
    const pre = preselected(accounts, initialSelectedId);
    if (pre) setChosenId(pre);
  }

  const confirm = async (account: Account) => {
    if (busy) return;
    setChosenId(account.account_id);
    setBusy(true);
    setLocalError(null);
    try {
      await onConfirm(account);
    } catch {
      setChosenId(null);
      setLocalError('Could not select this account. Please try again.');
      setBusy(false);
    }
  };

  const chosen = accounts.find((a) => a.account_id === chosenId) ?? null;
  const closable = !required || chosen !== null;
  const empty = !loading && accounts.length === 0;

  let body: React.ReactNode;
  if (loading) {
    body = (
      <div className="spinner-wrap" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading your accounts...</span>
      </div>
    );
  } else if (empty) {
    body = (
      <p className="muted">
        We couldn't find any accounts associated with your profile. Please contact support if this seems incorrect.
      </p>
    );
  } else {
    body = (
      <>
        <p className="modal-subtitle">Choose which account you'd like to use for this session</p>
        <ul className="account-list" aria-label="Accounts">
          {accounts.map((a) => {
            const selected = a.account_id === chosenId;
            return (
              <li key={a.account_id}>
                <button
                  type="button"
                  className={`account-card${selected ? ' selected' : ''}`}
                  aria-pressed={selected}
                  aria-disabled={busy}
                  onClick={() => void confirm(a)}
                >
                  <span className="account-name">{a.account_name}</span>
                  <span className="account-type">{a.membership_type || 'Free'}</span>
                  {a.last_login_date ? (
                    <span className="account-last">Last accessed {formatLastAccessed(a.last_login_date)}</span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        {error || localError ? (
          <p className="form-error" role="alert">
            {localError ?? error}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Modal
      open={open}
      title={loading ? 'Select Your Account' : empty ? 'No Accounts Available' : 'Select Your Account'}
      closable={closable && !busy && Boolean(onClose)}
      onClose={onClose}
      footer={
        loading || empty ? null : (
          <div className="account-footer">
            <span className="muted">You can switch accounts anytime from Settings</span>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!chosen || busy}
              onClick={() => chosen && void confirm(chosen)}
            >
              {busy ? 'Selecting...' : 'Continue'}
            </button>
          </div>
        )
      }
    >
      {body}
    </Modal>
  );
}
