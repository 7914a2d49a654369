import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAccountStore } from '../../../stores/account-store';
import { initializeAccountContext, loadAccounts, selectAccount } from '../../../lib/auth/account-service';
import { sleep } from '../../../lib/sleep';
import type { Account } from '../../../lib/types';
import { AccountSelectionModal } from '../../../components/account-selection-modal';

/** Delay between choosing an account and leaving the page. */
export const SELECTION_DELAY_MS = 500;

interface AccountRouteState {
  from?: string;
  /** Came from sign-in with several accounts: always let the user choose. */
  afterLogin?: boolean;
  /** Opened from Settings to switch accounts. */
  switch?: boolean;
  /** Accounts are already loaded; skip loading. */
  accountsReady?: boolean;
}

/** /account: account selection shown as a modal. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as AccountRouteState;
  const target = state.from && state.from !== '/account' ? state.from : '/settings';
  const accounts = useAccountStore((s) => s.availableAccounts);
  const loading = useAccountStore((s) => s.isLoadingAccounts);
  const initialized = useAccountStore((s) => s.accountsInitialized);
  const needsSelection = useAccountStore((s) => s.needsAccountSelection);
  const selected = useAccountStore((s) => s.selectedAccount);
  const processing = useRef(false);
  const choose = Boolean(state.afterLogin || state.switch);

  useEffect(() => {
    if (state.accountsReady || initialized) return;
    void initializeAccountContext();
  }, [state.accountsReady, initialized]);

  // Asked to choose with no accounts loaded: load them once, on entry (the
  // answer fills the store, which must not ask again).
  const [loadOnEntry] = useState(() => choose && accounts.length === 0 && initialized);
  useEffect(() => {
    if (loadOnEntry) void loadAccounts(true);
  }, [loadOnEntry]);

  // No selection needed any more: back to the origin, or /settings.
  useEffect(() => {
    if (processing.current || choose || !initialized) return;
    if (!needsSelection && selected) navigate(target, { replace: true });
  }, [choose, initialized, needsSelection, selected, navigate, target]);

  const onConfirm = async (account: Account) => {
    processing.current = true;
    try {
      await selectAccount(account);
    } catch (err) {
      processing.current = false;
      throw err;
    }
    await sleep(SELECTION_DELAY_MS);
    navigate(target, { replace: true });
  };

  const required = needsSelection || !selected;
  return (
    <div className="page account-page">
      <AccountSelectionModal
        open
        loading={loading || !initialized}
        accounts={accounts}
        initialSelectedId={selected?.account_id ?? null}
        required={required}
        onConfirm={onConfirm}
        onClose={required ? undefined : () => navigate(target, { replace: true })}
      />
    </div>
  );
}
