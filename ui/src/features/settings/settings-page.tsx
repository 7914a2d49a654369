import { Link } from 'react-router';
import { useAccountStore } from '../../stores/account-store';
import { displayName, useAuthStore } from '../../stores/auth-store';

/** Placeholder for /settings; replaced by the settings feature. */
export function Component() {
  const user = useAuthStore((s) => s.user);
  const account = useAccountStore((s) => s.selectedAccount);
  return (
    <div className="page narrow settings-placeholder">
      <h1>Settings</h1>
      <section className="card">
        <h2>Profile Information</h2>
        <p>
          {displayName(user)} {user?.email ? <span className="muted">({user.email})</span> : null}
        </p>
      </section>
      <section className="card">
        <h2>Account Management</h2>
        <p data-testid="active-account">Active account: {account?.account_name ?? 'none'}</p>
        <Link to="/account" state={{ switch: true, from: '/settings', accountsReady: true }} className="btn btn-secondary">
          Switch account
        </Link>
      </section>
    </div>
  );
}
