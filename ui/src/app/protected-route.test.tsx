import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ProtectedRoute } from './protected-route';
import { useAuthStore } from '../stores/auth-store';
import { useAccountStore } from '../stores/account-store';
import { isPublicPath } from '../lib/routes';
import { testAccount, testUser } from '../test/fixtures';

function Where({ name }: { name: string }) {
  const loc = useLocation();
  return (
    <p>
      {name} {loc.pathname} from={(loc.state as { from?: string } | null)?.from ?? '-'}
    </p>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where name="home" /> },
      { element: <ProtectedRoute requireAccount={false} />, children: [{ path: '/account', element: <Where name="account" /> }] },
      { element: <ProtectedRoute />, children: [{ path: '/settings', element: <Where name="settings" /> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const user = testUser({ id: 'u', firstName: 'C' });

describe('ProtectedRoute', () => {
  beforeEach(() => {
    useAccountStore.getState().reset();
    useAuthStore.setState({ isAuthenticated: false, hasInitialized: true, isInitializing: false, user: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a spinner while auth initialises', () => {
    useAuthStore.setState({ hasInitialized: false });
    renderAt('/settings');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends visitors to / and stores the return path', async () => {
    renderAt('/settings?tab=api');
    expect(await screen.findByText(/home \//)).toBeInTheDocument();
    expect(localStorage.getItem('auth_return_path')).toBe('/settings?tab=api');
  });

  it('sends users needing a selection to /account with the origin', async () => {
    useAuthStore.setState({ isAuthenticated: true, user });
    useAccountStore.setState({ accountsInitialized: true, needsAccountSelection: true });
    renderAt('/settings');
    expect(await screen.findByText('account /account from=/settings')).toBeInTheDocument();
  });

  it('lets /account through without a selected account', async () => {
    useAuthStore.setState({ isAuthenticated: true, user });
    useAccountStore.setState({ accountsInitialized: true, needsAccountSelection: true });
    renderAt('/account');
    expect(await screen.findByText(/account \/account/)).toBeInTheDocument();
  });

  it('renders the page with a selected account', async () => {
    useAuthStore.setState({ isAuthenticated: true, user });
    useAccountStore.setState({ accountsInitialized: true, selectedAccount: testAccount({ account_id: 'a', account_name: 'A' }) });
    renderAt('/settings');
    expect(await screen.findByText(/settings \/settings/)).toBeInTheDocument();
  });

  it('waits for the accounts of a signed-in user', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    useAuthStore.setState({ isAuthenticated: true, user });
    renderAt('/settings');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});

describe('isPublicPath', () => {
  it.each([
    ['/', true],
    ['/login', true],
    ['/signup', true],
    ['/callback', true],
    ['/about', true],
    ['/contact', true],
    ['/pricing', true],
    ['/blog', true],
    ['/blog/', true],
    ['/blog/anything/here', true],
    ['/account', false],
    ['/analyzer', false],
    ['/disclaimer', false],
    ['/settings', false],
    ['/unknown', false],
    ['/blogger', false],
  ])('%s → %s', (p, want) => expect(isPublicPath(p)).toBe(want));
});
