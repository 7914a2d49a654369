import { displayName, useAuthStore } from '../../stores/auth-store';
import { AccountSection } from './components/account-section';
import { ApiKeySection } from './components/api-key-section';
import { MembershipSection } from './components/membership-section';
import { TokensSection } from './components/tokens-section';
import './settings.css';

function ProfileSection() {
  const user = useAuthStore((s) => s.user);
  return (
    <section className="card st-section" aria-labelledby="st-profile">
      <h2 id="st-profile">Profile Information</h2>
      {user ? (
        <dl className="st-grid">
          <div>
            <dt>Name</dt>
            <dd>{[user.firstName, user.lastName].filter(Boolean).join(' ') || displayName(user)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd data-testid="profile-email">{user.email || '—'}</dd>
          </div>
        </dl>
      ) : (
        <p className="form-error" role="alert">
          Failed to load user profile.
        </p>
      )}
    </section>
  );
}

/** /settings: profile, membership and usage, accounts, API key, access tokens. */
export function Component() {
  return (
    <div className="page st-page">
      <h1>Settings</h1>
      <ProfileSection />
      <MembershipSection />
      <AccountSection />
      <ApiKeySection />
      <TokensSection />
    </div>
  );
}
