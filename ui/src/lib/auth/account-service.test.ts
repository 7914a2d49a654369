import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initializeAccountContext, loadAccounts, selectAccount } from './account-service';
import { useAccountStore } from '../../stores/account-store';
import { json, mockFetch } from '../../test/fetch-mock';
import type { Account } from '../types';
import { testAccount } from '../../test/fixtures';

const a1: Account = testAccount({ account_id: 'a1', account_name: 'Acme', membership_type: 'Free' });
const a2: Account = testAccount({ account_id: 'a2', account_name: 'Globex' });
const ensure = (accounts: Account[]) =>
  json({ status: 'success', db_user_id: 'db-1', accounts, accounts_count: accounts.length });

describe('account context', () => {
  beforeEach(() => {
    useAccountStore.getState().reset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('selects the only account automatically', async () => {
    const calls = mockFetch({
      'POST /api/auth/ensure-user': ensure([a1]),
      'GET /api/auth/accounts': json({ accounts: [a1] }),
      'POST /api/auth/account-access': json({}),
    });
    await initializeAccountContext();
    const s = useAccountStore.getState();
    expect(s.selectedAccount?.account_id).toBe('a1');
    expect(s.needsAccountSelection).toBe(false);
    expect(s.accountsInitialized).toBe(true);
    expect(s.dbUserId).toBe('db-1');
    expect(localStorage.getItem('db_user_id')).toBe('db-1');
    expect(calls.some((c) => c.url === '/api/auth/account-access')).toBe(true);
  });

  it('asks for a selection with several accounts', async () => {
    mockFetch({ 'POST /api/auth/ensure-user': ensure([a1, a2]), 'GET /api/auth/accounts': json({ accounts: [a1, a2] }) });
    await initializeAccountContext();
    expect(useAccountStore.getState().needsAccountSelection).toBe(true);
    expect(useAccountStore.getState().selectedAccount).toBeNull();
  });

  it('restores the previous selection when it is still in the list', async () => {
    localStorage.setItem('selected_account', JSON.stringify(a2));
    useAccountStore.setState({ selectedAccount: a2 });
    mockFetch({ 'POST /api/auth/ensure-user': ensure([a1, a2]), 'GET /api/auth/accounts': json({ accounts: [a1, a2] }) });
    await initializeAccountContext();
    expect(useAccountStore.getState().selectedAccount?.account_id).toBe('a2');
    expect(useAccountStore.getState().needsAccountSelection).toBe(false);
  });

  it('continues when ensure-user fails, with the status in the error', async () => {
    mockFetch({ 'POST /api/auth/ensure-user': json({}, 500), 'GET /api/auth/accounts': json({ accounts: [] }) });
    await initializeAccountContext();
    const s = useAccountStore.getState();
    expect(s.accountsInitialized).toBe(true);
    expect(s.availableAccounts).toEqual([]);
    expect(s.needsAccountSelection).toBe(false);
  });

  it('reports "Failed to load accounts: {status}" with an empty list', async () => {
    mockFetch({ 'GET /api/auth/accounts': json({}, 502) });
    expect(await loadAccounts(true)).toEqual([]);
    expect(useAccountStore.getState().error).toBe('Failed to load accounts: 502');
  });

  it('caches the account list for 2 hours', async () => {
    const calls = mockFetch({ 'GET /api/auth/accounts': json({ accounts: [a1] }) });
    await loadAccounts();
    await loadAccounts();
    expect(calls).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem('accounts_cache')!) as { expiry: number };
    expect(stored.expiry - Date.now()).toBeGreaterThan(2 * 60 * 60 * 1000 - 5000);
  });

  it('selectAccount posts account_id and keeps the selection; failure leaves it unset', async () => {
    const calls = mockFetch({ 'POST /api/auth/account-access': json({}) });
    await selectAccount(a2);
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ account_id: 'a2' });
    expect(useAccountStore.getState().selectedAccount?.account_id).toBe('a2');
    useAccountStore.getState().reset();
    mockFetch({ 'POST /api/auth/account-access': json({}, 403) });
    await expect(selectAccount(a1)).rejects.toMatchObject({ status: 403 });
    expect(useAccountStore.getState().selectedAccount).toBeNull();
  });
});
