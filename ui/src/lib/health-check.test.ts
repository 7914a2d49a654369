import { afterEach, describe, expect, it, vi } from 'vitest';
import { runHealthCheck } from './health-check';
import { json, mockFetch } from '../test/fetch-mock';

describe('health check', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('runs once per session and caches a good answer 5 minutes', async () => {
    const calls = mockFetch({ 'GET /api/health': json({ status: 'ok' }) });
    const r = await runHealthCheck();
    expect(r.status).toBe('ok');
    await runHealthCheck();
    expect(calls).toHaveLength(1);
    sessionStorage.clear();
    await runHealthCheck(Date.now() + 4 * 60_000);
    expect(calls).toHaveLength(1);
    await runHealthCheck(Date.now() + 6 * 60_000);
    expect(calls).toHaveLength(2);
  });

  it('caches a failure, logs it and retries after about 30 s', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = mockFetch({ 'GET /api/health': json({ status: 'down' }, 503) });
    const r = await runHealthCheck();
    expect(r.status).toBe('failed');
    expect(warn).toHaveBeenCalled();
    await runHealthCheck();
    expect(calls).toHaveLength(1);
    mockFetch({ 'GET /api/health': json({ status: 'ok' }) });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(JSON.parse(localStorage.getItem('health_check_cache')!).status).toBe('ok');
  });

  it('aborts after 3 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: string, init: RequestInit) =>
          new Promise((_r, rej) => init.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const p = runHealthCheck();
    await vi.advanceTimersByTimeAsync(3000);
    expect((await p).status).toBe('failed');
  });
});
