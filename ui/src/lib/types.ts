/** Shapes of the server's auth and account answers (spec part 1 §3). */

export interface UserInfo {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  name?: string;
  /** Operators see /ops and the Operations link (users.is_operator). */
  is_operator?: boolean;
}

export interface Account {
  account_id: string;
  account_name: string;
  membership_type?: string;
  last_login_date?: string | null;
}

export interface AuthInfoResponse {
  authenticated: boolean;
  user?: UserInfo | null;
}

export interface EnsureUserResponse {
  status: string;
  db_user_id: string;
  accounts: Account[];
  accounts_count: number;
}

export interface AccountsResponse {
  accounts: Account[];
}

export interface BrowserInfo {
  name: string;
  isMobile: boolean;
  isTablet: boolean;
  isSafari: boolean;
  isSupported: boolean;
  userAgent: string;
}
