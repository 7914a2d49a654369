import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { withQuery } from '../../test/query';
import { useAccountStore } from '../../stores/account-store';
import { useAuthStore } from '../../stores/auth-store';
import { userCacheKey } from '../../lib/membership/user-cache';
import { forgetUsage } from '../../lib/membership/forget-usage';
import { createQueryClient } from '../../lib/query/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiKeySection } from './components/api-key-section';
import { MembershipSection } from './components/membership-section';
import { TokensSection } from './components/tokens-section';
import { Component as SettingsPage } from './settings-page';
import { testAccount, testUser } from '../../test/fixtures';

const wrap = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>, { wrapper: withQuery() });

beforeEach(() => {
  useAccountStore.setState({ dbUserId: 'u1', selectedAccount: testAccount({ account_id: 'acc1', account_name: 'Analyst Workspace' }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('ApiKeySection', () => {
  it('no key → entering (show/hide, Enter with blank gives the message) → saved → masked → delete with confirmation', async () => {
    let hasKey = false;
    const calls = mockFetch({
      'GET /api/user-settings/api-key': () => json(hasKey ? { has_key: true, masked_key: '••••••••9876' } : { has_key: false, masked_key: '' }),
      'POST /api/user-settings/api-key': () => {
        hasKey = true;
        return json({ success: true });
      },
      'DELETE /api/user-settings/api-key': () => {
        hasKey = false;
        return json({ success: true });
      },
    });
    const user = userEvent.setup();
    wrap(<ApiKeySection />);
    expect(screen.getByText(/Loading API key information/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add API Key' }));
    const input = screen.getByLabelText('API key');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an API key.');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.clear(input);
    await user.type(input, '  AIzaKey9876  {Enter}');
    expect(await screen.findByTestId('masked-key')).toHaveTextContent('9876');
    // A saved key reads as a success, not as a warning.
    const saved = screen.getByRole('status');
    expect(saved).toHaveTextContent('API key saved. Your analyses now use your own key.');
    expect(saved).toHaveClass('st-notice-success');
    const post = calls.find((c) => c.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ api_key: 'AIzaKey9876' });
    // The per-user cache keeps presence and last four only.
    expect(JSON.parse(localStorage.getItem(userCacheKey('u1')) ?? '{}').apiKey).toMatchObject({ hasKey: true, lastFour: '9876' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dlg = screen.getByRole('dialog', { name: 'Delete API Key' });
    expect(dlg).toHaveTextContent('Are you sure you want to delete your API key? You will use the system default key after deletion.');
    await user.click(within(dlg).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Add API Key' })).toBeInTheDocument();
  });

  it('Cancel returns to the no-key state; a save failure shows the server detail', async () => {
    mockFetch({
      'GET /api/user-settings/api-key': json({ has_key: false }),
      'POST /api/user-settings/api-key': json({ detail: 'An API key cannot contain spaces.' }, 400),
    });
    const user = userEvent.setup();
    wrap(<ApiKeySection />);
    await user.click(await screen.findByRole('button', { name: 'Add API Key' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add API Key' }));
    await user.type(screen.getByLabelText('API key'), 'bad{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An API key cannot contain spaces.');
  });

  it('a key the provider rejects is refused with its reason; one it could not check is saved with the warning', async () => {
    let answer = json({ detail: 'Gemini rejected this key: API key not valid' }, 400);
    mockFetch({
      'GET /api/user-settings/api-key': json({ has_key: false }),
      'POST /api/user-settings/api-key': () => answer,
    });
    const user = userEvent.setup();
    wrap(<ApiKeySection />);
    await user.click(await screen.findByRole('button', { name: 'Add API Key' }));
    await user.type(screen.getByLabelText('API key'), 'AIzaWrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Gemini rejected this key: API key not valid');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    answer = json({ success: true, has_key: true, masked_key: '****1234', warning: 'API key saved, but it could not be checked because the AI provider could not be reached.' });
    const input = screen.getByLabelText('API key');
    await user.clear(input);
    await user.type(input, 'AIzaBusy1234{Enter}');
    const warning = await screen.findByText(/could not be checked because the AI provider could not be reached/);
    expect(warning).not.toHaveClass('st-notice-success');
  });

  it('load failure', async () => {
    mockFetch({ 'GET /api/user-settings/api-key': json({ detail: 'x' }, 500) });
    wrap(<ApiKeySection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load API key information.');
  });
});

describe('MembershipSection', () => {
  it('shows usage and an active trial, and caches it per user', async () => {
    const started = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    const calls = mockFetch({
      'GET /api/membership/usage': json({ membership_type: 'Free', daily_limit: '5', usage_today: 2, remaining_calls: 3, trial_started_at: started, email: 'a@b.c' }),
    });
    const { unmount } = wrap(<MembershipSection />);
    expect(await screen.findByTestId('trial-status')).toHaveTextContent('Active (11 days remaining)');
    expect(screen.getByTestId('usage-today')).toHaveTextContent('2');
    unmount();
    wrap(<MembershipSection />);
    expect(screen.getByTestId('membership-type')).toHaveTextContent('Free');
    expect(calls).toHaveLength(1);
  });

  it('falls back to defaults with the note when the call fails', async () => {
    mockFetch({ 'GET /api/membership/usage': () => Promise.reject(new TypeError('offline')) });
    wrap(<MembershipSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load membership data');
    expect(screen.getByText('Could not load full membership details. Please try refreshing or log out/in.')).toBeInTheDocument();
    expect(screen.getByTestId('membership-type')).toHaveTextContent('Free');
    expect(screen.getByTestId('trial-status')).toHaveTextContent('Not Started');
  });

  it('follows the server after the own key is saved or deleted, without a Refresh', async () => {
    let hasKey = true;
    mockFetch({
      'GET /api/membership/usage': () =>
        json({ membership_type: 'Free', daily_limit: 5, usage_today: hasKey ? 1 : 5, remaining_calls: hasKey ? 4 : 0, has_own_key: hasKey }),
      'GET /api/user-settings/api-key': () => json(hasKey ? { has_key: true, masked_key: '••••••••9876' } : { has_key: false, masked_key: '' }),
      'DELETE /api/user-settings/api-key': () => {
        hasKey = false;
        return json({ success: true });
      },
    });
    const user = userEvent.setup();
    wrap(
      <>
        <MembershipSection />
        <ApiKeySection />
      </>,
    );
    expect(await screen.findByTestId('remaining-calls')).toHaveTextContent('4');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete API Key' })).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => screen.getByTestId('remaining-calls').textContent).toBe('0');
    expect(screen.getByTestId('usage-today')).toHaveTextContent('5');
  });

  it("shows the server's figures when opened again after an analysis used a call (forgetUsage), not the query cache's", async () => {
    // One query cache for the signed-in pages: Settings, then an analyzer, then Settings again.
    let used = 1;
    const calls = mockFetch({
      'GET /api/membership/usage': () => json({ membership_type: 'Free', daily_limit: 5, usage_today: used, remaining_calls: 5 - used }),
    });
    const client = createQueryClient();
    const open = () => render(<QueryClientProvider client={client}><MembershipSection /></QueryClientProvider>);
    const first = open();
    expect(await screen.findByTestId('remaining-calls')).toHaveTextContent('4');
    first.unmount();
    used = 2;
    await forgetUsage(client, 'u1');
    open();
    await expect.poll(() => screen.getByTestId('remaining-calls').textContent).toBe('3');
    expect(screen.getByTestId('usage-today')).toHaveTextContent('2');
    expect(calls).toHaveLength(2);
  });

  it('refresh without a user id explains itself', async () => {
    mockFetch({ 'GET /api/membership/usage': json({ membership_type: 'Free', daily_limit: 5, trial_started_at: '2020-01-01T00:00:00Z' }) });
    const user = userEvent.setup();
    wrap(<MembershipSection />);
    expect(await screen.findByTestId('trial-status')).toHaveTextContent('Expired');
    useAccountStore.setState({ dbUserId: null });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User information is missing. Cannot refresh membership.');
  });
});

describe('TokensSection', () => {
  it('creates a token, shows the secret once, copies it, revokes', async () => {
    let tokens: unknown[] = [];
    mockFetch({
      'GET /api/user-settings/tokens': () => json({ tokens }),
      'POST /api/user-settings/tokens': () => {
        tokens = [{ id: 't1', name: 'ci', created_at: '2026-03-01T00:00:00Z', last_used_at: null, revoked: false }];
        return json({ id: 't1', name: 'ci', token: 'spade_pat_secret' }, 201);
      },
      'DELETE /api/user-settings/tokens/t1': () => {
        tokens = [{ id: 't1', name: 'ci', revoked: true, revoked_at: '2026-03-02T00:00:00Z' }];
        return json({ success: true });
      },
    });
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    wrap(<TokensSection />);
    expect(await screen.findByText('No access tokens.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'ci');
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    expect(await screen.findByTestId('token-secret')).toHaveTextContent('spade_pat_secret');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('spade_pat_secret');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('token-secret')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('token-list')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke Token' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No access tokens.')).toBeInTheDocument();
  });
});

describe('SettingsPage', () => {
  it('shows the profile, or the profile error without a user', async () => {
    mockFetch({
      'GET /api/membership/usage': json({}),
      'GET /api/user-settings/api-key': json({ has_key: false }),
      'GET /api/user-settings/tokens': json([]),
    });
    useAuthStore.getState().setAuthenticated(testUser({ id: 'x', firstName: 'Ada', lastName: 'Analyst', email: 'analyst@example.com' }));
    const { unmount } = wrap(<SettingsPage />);
    expect(screen.getByTestId('profile-email')).toHaveTextContent('analyst@example.com');
    expect(screen.getByText('Ada Analyst')).toBeInTheDocument();
    expect(screen.getByTestId('active-account')).toHaveTextContent('Analyst Workspace');
    expect(await screen.findByRole('button', { name: 'Add API Key' })).toBeInTheDocument();
    unmount();
    useAuthStore.getState().reset();
    wrap(<SettingsPage />);
    expect(screen.getByText('Failed to load user profile.')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Add API Key' });
  });
});
