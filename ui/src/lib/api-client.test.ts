import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApiClient, readErrorDetail } from './api-client';
import { useAccountStore } from '../stores/account-store';
import { json, mockFetch } from '../test/fetch-mock';
import { testAccount } from '../test/fixtures';

describe('api client', () => {
  beforeEach(() => {
    useAccountStore.getState().reset();
    configureApiClient({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApiClient({});
  });

  it('sends credentials and the account and db-user headers', async () => {
    useAccountStore.getState().setSelectedAccount(testAccount({ account_id: 'acc-1', account_name: 'A' }));
    useAccountStore.getState().setDbUserId('db-7');
    const calls = mockFetch({ 'GET /api/x': json({ ok: true }) });
    await expect(api.get('/api/x')).resolves.toEqual({ ok: true });
    const h = new Headers(calls[0].init.headers);
    expect(calls[0].init.credentials).toBe('include');
    expect(h.get('X-Account-ID')).toBe('acc-1');
    expect(h.get('X-DB-User-ID')).toBe('db-7');
  });

  it('omits the headers when nothing is selected', async () => {
    const calls = mockFetch({ 'GET /api/x': json({}) });
    await api.get('/api/x');
    const h = new Headers(calls[0].init.headers);
    expect(h.has('X-Account-ID')).toBe(false);
    expect(h.has('X-DB-User-ID')).toBe(false);
  });

  it('sends plain objects as JSON and FormData untouched', async () => {
    const calls = mockFetch({ 'POST /api/x': json({}) });
    await api.post('/api/x', { a: 1 });
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBe('application/json');
    const fd = new FormData();
    await api.post('/api/x', fd);
    expect(calls[1].init.body).toBe(fd);
    expect(new Headers(calls[1].init.headers).has('Content-Type')).toBe(false);
  });

  it.each([
    [json({ detail: 'Daily limit of 5 analyze calls reached' }, 429), 429, 'Daily limit of 5 analyze calls reached'],
    [json({ detail: [{ msg: 'field required' }] }, 422), 422, 'field required'],
    [new Response('plain failure', { status: 500 }), 500, 'plain failure'],
    [new Response('', { status: 503 }), 503, 'Request failed with status 503'],
  ])('throws ApiError(status, detail) for %#', async (res, status, detail) => {
    mockFetch({ 'GET /api/x': res });
    const err = await api.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(status);
    expect((err as ApiError).detail).toBe(detail);
  });

  it('maps a network failure to status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
  });

  it('verifies once on 401 and retries when still signed in', async () => {
    let n = 0;
    mockFetch({ 'GET /api/x': () => (++n === 1 ? json({ detail: 'expired' }, 401) : json({ ok: n })) });
    const hook = vi.fn(async () => true);
    configureApiClient({ onUnauthorized: hook });
    await expect(api.get('/api/x')).resolves.toEqual({ ok: 2 });
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('gives up on 401 when the session is gone, and skips the hook for auth calls', async () => {
    mockFetch({ 'GET /api/x': () => json({ detail: 'no session' }, 401) });
    const hook = vi.fn(async () => false);
    configureApiClient({ onUnauthorized: hook });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(hook).toHaveBeenCalledTimes(1);
    await expect(api.get('/api/x', { skipAuthRetry: true })).rejects.toMatchObject({ status: 401 });
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('logs 403 as permission denied without other side effects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /api/x': json({ detail: 'not a member' }, 403) });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 403, detail: 'not a member' });
    expect(warn).toHaveBeenCalledWith('permission denied', { path: '/api/x' });
    warn.mockRestore();
  });

  it('reads text and blob answers', async () => {
    mockFetch({ 'GET /api/bpmn/1': new Response('<xml/>', { status: 200 }) });
    await expect(api.get<string>('/api/bpmn/1', { responseType: 'text' })).resolves.toBe('<xml/>');
  });

  it('readErrorDetail falls back for long non-JSON bodies', async () => {
    await expect(readErrorDetail(new Response('x'.repeat(400), { status: 502 }))).resolves.toBe(
      'Request failed with status 502',
    );
  });
});
