import { api, ApiError } from '../api-client';
import { useAccountStore } from '../../stores/account-store';
import { useAuthStore } from '../../stores/auth-store';
import type { Account, AccountsResponse, EnsureUserResponse } from '../types';
import { getWithExpiry, removeLocal, setWithExpiry } from '../storage';
import { lifetimes, storageKeys } from '../storage-keys';
import { publishAuthEvent } from './auth-events';

let initializing: Promise<void> | null = null;

/** Forgets an account context run still in flight, so the next call starts a new one (tests). */
export function resetAccountContextRun(): void {
  initializing = null;
}

function statusOf(err: unknown): string {
  return err instanceof ApiError ? String(err.status) : 'network error';
}

/** POST /api/auth/ensure-user; null (and a stored error) when it fails. */
export async function ensureUser(): Promise<EnsureUserResponse | null> {
  try {
    const res = await api.post<EnsureUserResponse>('/api/auth/ensure-user', undefined, { skipAuthRetry: true });
    if (res?.db_user_id) useAccountStore.getState().setDbUserId(res.db_user_id);
    return res ?? null;
  } catch (err) {
    const msg = `Failed to ensure user exists: ${statusOf(err)}`;
    console.warn(msg);
    useAccountStore.getState().setError(msg);
    return null;
  }
}

/** Loads the user's accounts (2 h cache unless forced); failure gives an empty list. */
export async function loadAccounts(force = false): Promise<Account[]> {
  const store = useAccountStore.getState();
  if (!force) {
    const hit = getWithExpiry<Account[]>(storageKeys.accountsCache);
    if (hit && Array.isArray(hit)) {
      store.setAvailableAccounts(hit);
      useAuthStore.getState().setAccounts(hit);
      return hit;
    }
  }
  store.setLoading(true);
  try {
    const res = await api.get<AccountsResponse>('/api/auth/accounts', { skipAuthRetry: true });
    const accounts = Array.isArray(res?.accounts) ? res.accounts : [];
    setWithExpiry(storageKeys.accountsCache, accounts, lifetimes.accountsCacheMs);
    store.setAvailableAccounts(accounts);
    useAuthStore.getState().setAccounts(accounts);
    store.setError(null);
    return accounts;
  } catch (err) {
    const msg = `Failed to load accounts: ${statusOf(err)}`;
    console.warn(msg);
    removeLocal(storageKeys.accountsCache);
    store.setAvailableAccounts([]);
    store.setError(msg);
    return [];
  } finally {
    useAccountStore.getState().setLoading(false);
  }
}

/** Applies steps 3–6 of account context initialisation to a loaded list. */
export function resolveSelection(accounts: Account[]): void {
  const store = useAccountStore.getState();
  const previous = store.selectedAccount;
  const still = previous ? accounts.find((a) => a.account_id === previous.account_id) : undefined;
  if (still) {
    store.setSelectedAccount(still);
    store.setNeedsSelection(false);
  } else if (accounts.length === 1) {
    store.setSelectedAccount(accounts[0]);
    store.setNeedsSelection(false);
    // Tell the server which account is in use; the selection stands either way.
    api.post('/api/auth/account-access', { account_id: accounts[0].account_id }, { skipAuthRetry: true }).catch((err) =>
      console.warn('account access failed', err),
    );
  } else {
    if (previous) store.setSelectedAccount(null);
    store.setNeedsSelection(accounts.length > 1);
  }
}

/**
 * Ensures the user exists, loads the accounts and settles the selection.
 * Concurrent callers share one run. A failed ensure-user lets the app go on.
 */
export function initializeAccountContext(opts: { force?: boolean } = {}): Promise<void> {
  if (initializing) return initializing;
  const store = useAccountStore.getState();
  if (store.accountsInitialized && !opts.force) return Promise.resolve();
  initializing = (async () => {
    useAccountStore.getState().setLoading(true);
    await ensureUser();
    const accounts = await loadAccounts(opts.force);
    resolveSelection(accounts);
    useAccountStore.getState().setInitialized(true);
    useAccountStore.getState().setLoading(false);
  })().finally(() => {
    initializing = null;
  });
  return initializing;
}

/** Makes account the active one (POST /api/auth/account-access); throws on failure and resets the selection. */
export async function selectAccount(account: Account): Promise<void> {
  try {
    await api.post('/api/auth/account-access', { account_id: account.account_id }, { skipAuthRetry: true });
  } catch (err) {
    console.warn('account selection failed', err);
    throw err;
  }
  const store = useAccountStore.getState();
  store.setSelectedAccount(account);
  store.setNeedsSelection(false);
  publishAuthEvent({ type: 'state_changed', authenticated: true, user: useAuthStore.getState().user });
}
