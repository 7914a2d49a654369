import { create } from 'zustand';
import type { Account } from '../lib/types';
import { readJson, readLocal, removeLocal, writeLocal } from '../lib/storage';
import { storageKeys } from '../lib/storage-keys';

/** Accounts state (spec part 1 §3). The account service fills it. */
export interface AccountState {
  selectedAccount: Account | null;
  availableAccounts: Account[];
  isLoadingAccounts: boolean;
  needsAccountSelection: boolean;
  accountsInitialized: boolean;
  dbUserId: string | null;
  error: string | null;
  setSelectedAccount: (account: Account | null) => void;
  setAvailableAccounts: (accounts: Account[]) => void;
  setLoading: (value: boolean) => void;
  setNeedsSelection: (value: boolean) => void;
  setInitialized: (value: boolean) => void;
  setDbUserId: (id: string | null) => void;
  setError: (error: string | null) => void;
  reset: () => void;
}

function restoredAccount(): Account | null {
  const acc = readJson<Account>(storageKeys.selectedAccount);
  return acc && typeof acc.account_id === 'string' ? acc : null;
}

export const useAccountStore = create<AccountState>()((set) => ({
  selectedAccount: restoredAccount(),
  availableAccounts: [],
  isLoadingAccounts: false,
  needsAccountSelection: false,
  accountsInitialized: false,
  dbUserId: readLocal(storageKeys.dbUserId),
  error: null,
  setSelectedAccount: (account) => {
    if (account) writeLocal(storageKeys.selectedAccount, JSON.stringify(account));
    else removeLocal(storageKeys.selectedAccount);
    set((s) => ({ selectedAccount: account, needsAccountSelection: account ? false : s.needsAccountSelection }));
  },
  setAvailableAccounts: (accounts) => set({ availableAccounts: accounts }),
  setLoading: (value) => set({ isLoadingAccounts: value }),
  setNeedsSelection: (value) => set({ needsAccountSelection: value }),
  setInitialized: (value) => set({ accountsInitialized: value }),
  setDbUserId: (id) => {
    if (id) writeLocal(storageKeys.dbUserId, id);
    else removeLocal(storageKeys.dbUserId);
    set({ dbUserId: id });
  },
  setError: (error) => set({ error }),
  reset: () => {
    removeLocal(storageKeys.selectedAccount);
    removeLocal(storageKeys.dbUserId);
    set({
      selectedAccount: null,
      availableAccounts: [],
      isLoadingAccounts: false,
      needsAccountSelection: false,
      accountsInitialized: false,
      dbUserId: null,
      error: null,
    });
  },
}));
