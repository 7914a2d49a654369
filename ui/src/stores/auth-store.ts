import { create } from 'zustand';
import type { Account, UserInfo } from '../lib/types';

/** Auth state (spec part 1 §3). Actions only set state; the auth service talks to the server. */
export interface AuthState {
  isAuthenticated: boolean;
  isInitializing: boolean;
  hasInitialized: boolean;
  user: UserInfo | null;
  error: string | null;
  loading: boolean;
  accounts: Account[];
  setAuthenticated: (user: UserInfo | null) => void;
  setUnauthenticated: (error?: string | null) => void;
  setInitializing: (value: boolean) => void;
  setLoading: (value: boolean) => void;
  setAccounts: (accounts: Account[]) => void;
  reset: () => void;
}

const initial = {
  isAuthenticated: false,
  isInitializing: false,
  hasInitialized: false,
  user: null,
  error: null,
  loading: false,
  accounts: [],
};

export const useAuthStore = create<AuthState>()((set) => ({
  ...initial,
  setAuthenticated: (user) =>
    set({ isAuthenticated: true, user, error: null, hasInitialized: true, isInitializing: false, loading: false }),
  setUnauthenticated: (error = null) =>
    set({ isAuthenticated: false, user: null, error, hasInitialized: true, isInitializing: false, loading: false }),
  setInitializing: (value) => set({ isInitializing: value }),
  setLoading: (value) => set({ loading: value }),
  setAccounts: (accounts) => set({ accounts }),
  reset: () => set({ ...initial, hasInitialized: true }),
}));

/** Label of the user menu: first name, else name, else 'User'. */
export function displayName(user: UserInfo | null): string {
  return user?.firstName?.trim() || user?.name?.trim() || 'User';
}
