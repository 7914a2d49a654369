import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Component as CallbackPage, callbackTexts, postLoginTarget } from './callback-page';
import { json, mockFetch } from '../../../test/fetch-mock';
import { resetAuthCache } from '../../../lib/auth/auth-service';
import { useAccountStore } from '../../../stores/account-store';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname} ${JSON.stringify(loc.state)}`}</p>;
}

function renderCallback(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/callback', element: <CallbackPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/callback${search}`] },
  );
  render(<RouterProvider router={router} />);
}

const user = { id: 'u', firstName: 'Con' };

describe('callback page', () => {
  beforeEach(() => {
    resetAuthCache();
    useAccountStore.getState().reset();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reports missing parameters and returns home after 3 s', async () => {
    renderCallback('?code=only');
    expect(screen.getByText(callbackTexts.missing)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('where')).toHaveTextContent('/ null');
  });

  it('surfaces the provider error', () => {
    renderCallback('?error=access_denied');
    expect(screen.getByText('Authentication error: access_denied')).toBeInTheDocument();
  });

  it('explains a failed token exchange', async () => {
    mockFetch({ 'POST /api/auth/token': json({ detail: 'bad state' }, 400) });
    renderCallback('?code=c1&state=s1');
    expect(await screen.findByText(callbackTexts.tokenFailed)).toBeInTheDocument();
  });

  it('signs in, waits 500 ms and goes to /account with several accounts', async () => {
    const accounts = [
      { account_id: 'a1', account_name: 'One' },
      { account_id: 'a2', account_name: 'Two' },
    ];
    mockFetch({
      'POST /api/auth/token': json({ authenticated: true, user }),
      'POST /api/auth/ensure-user': json({ status: 'success', db_user_id: 'db', accounts, accounts_count: 2 }),
      'GET /api/auth/accounts': json({ accounts }),
    });
    localStorage.setItem('auth_return_path', '/bpmn-analyzer');
    renderCallback('?code=c2&state=s2');
    expect(await screen.findByText(callbackTexts.success)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(600));
    expect(await screen.findByTestId('where')).toHaveTextContent('/account {"from":"/bpmn-analyzer","afterLogin":true}');
  });

  it('routes after login by account count', () => {
    expect(postLoginTarget(2, '/settings')).toEqual({ path: '/account', state: { from: '/settings', afterLogin: true } });
    expect(postLoginTarget(1, '/analyzer')).toEqual({ path: '/analyzer' });
    expect(postLoginTarget(0, '/analyzer')).toEqual({ path: '/analyzer' });
  });
});
