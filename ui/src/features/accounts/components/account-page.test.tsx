import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Component as AccountPage, SELECTION_DELAY_MS } from './account-page';
import { useAccountStore } from '../../../stores/account-store';
import { json, mockFetch } from '../../../test/fetch-mock';
import { testAccount } from '../../../test/fixtures';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const accounts = [
  testAccount({ account_id: 'a1', account_name: 'One' }),
  testAccount({ account_id: 'a2', account_name: 'Two' }),
];

function renderAccount(state: object | null) {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: '/account', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('account page', () => {
  beforeEach(() => {
    useAccountStore.getState().reset();
    useAccountStore.setState({ accountsInitialized: true, availableAccounts: accounts, needsAccountSelection: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('selects, waits 500 ms, then replaces the history entry with the origin', async () => {
    const calls = mockFetch({ 'POST /api/auth/account-access': json({}) });
    const router = renderAccount({ from: '/image-analyzer' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: /Two/ }));
    expect(calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(SELECTION_DELAY_MS - 100));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('where')).toHaveTextContent('/image-analyzer');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useAccountStore.getState().selectedAccount?.account_id).toBe('a2');
  });

  it('defaults to /settings', async () => {
    mockFetch({ 'POST /api/auth/account-access': json({}) });
    renderAccount(null);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: /One/ }));
    await act(async () => vi.advanceTimersByTime(SELECTION_DELAY_MS + 50));
    expect(screen.getByTestId('where')).toHaveTextContent('/settings');
  });

  it('goes back to the origin when no selection is needed', async () => {
    useAccountStore.setState({ needsAccountSelection: false, selectedAccount: accounts[0] });
    renderAccount({ from: '/analyzer' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/analyzer');
  });

  it('stays when opened to switch accounts', () => {
    useAccountStore.setState({ needsAccountSelection: false, selectedAccount: accounts[0] });
    renderAccount({ switch: true, from: '/settings' });
    expect(screen.getByRole('dialog', { name: 'Select Your Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
