import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { isTransient, MAX_BACKOFF_MS, poll, PollTimeoutError, wait } from './poll';

type Answer = { status: string };

/** A fake server: hands out the scripted answers (or throws the scripted errors) in order, noting when each request came. */
function server(script: (Answer | Error)[]) {
  const at: number[] = [];
  const fetch = vi.fn(async () => {
    at.push(Date.now());
    const next = script.shift();
    if (!next) throw new Error('asked once too often');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch, at };
}

const settled = (a: Answer) => a.status === 'completed' || a.status === 'failed';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('poll', () => {
  it('asks after each delay, reports every answer and stops at the settled one', async () => {
    const s = server([{ status: 'running' }, { status: 'running' }, { status: 'completed' }]);
    const seen: string[] = [];
    const t0 = Date.now();
    const done = poll({ fetch: s.fetch, settled, onAnswer: (a) => seen.push(a.status), delay: () => 1000, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(done).resolves.toEqual({ status: 'completed' });
    expect(seen).toEqual(['running', 'running', 'completed']);
    expect(s.at.map((t) => t - t0)).toEqual([1000, 2000, 3000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.fetch).toHaveBeenCalledTimes(3);
  });

  it('asks at once when the delay is 0', async () => {
    const s = server([{ status: 'completed' }]);
    const done = poll({ fetch: s.fetch, settled, delay: () => 0, signal: new AbortController().signal });
    await expect(done).resolves.toEqual({ status: 'completed' });
  });

  it('retries network and server errors with a pause that doubles per failure in a row, then returns to the normal delay', async () => {
    const s = server([new ApiError(0, 'offline'), new ApiError(503, 'busy'), new TypeError('Failed to fetch'), { status: 'running' }, { status: 'completed' }]);
    const t0 = Date.now();
    const done = poll({ fetch: s.fetch, settled, delay: () => 1000, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(done).resolves.toEqual({ status: 'completed' });
    // 1 s, then after 1, 2 and 4 failures in a row: 1 s, 2 s, 4 s; then 1 s again.
    expect(s.at.map((t) => t - t0)).toEqual([1000, 2000, 4000, 8000, 9000]);
  });

  it('caps the back-off', async () => {
    const errors = Array.from({ length: 8 }, () => new ApiError(502, 'bad gateway'));
    const s = server([...errors, { status: 'completed' }]);
    const done = poll({ fetch: s.fetch, settled, delay: () => 1000, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(10 * MAX_BACKOFF_MS);
    await expect(done).resolves.toEqual({ status: 'completed' });
    const gaps = s.at.slice(1).map((t, i) => t - s.at[i]);
    expect(Math.max(...gaps)).toBe(MAX_BACKOFF_MS);
  });

  it('gives up at once on an answer that will not change (4xx)', async () => {
    const s = server([new ApiError(404, 'Analysis not found')]);
    const done = poll({ fetch: s.fetch, settled, delay: () => 10, signal: new AbortController().signal });
    const check = expect(done).rejects.toMatchObject({ status: 404 });
    await vi.advanceTimersByTimeAsync(10);
    await check;
    expect(s.fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after maxFailures in a row, with the last failure', async () => {
    const s = server([new ApiError(0, 'offline'), new ApiError(0, 'offline'), new ApiError(0, 'still offline')]);
    const done = poll({ fetch: s.fetch, settled, delay: () => 100, signal: new AbortController().signal, maxFailures: 3 });
    const check = expect(done).rejects.toMatchObject({ detail: 'still offline' });
    await vi.advanceTimersByTimeAsync(10_000);
    await check;
  });

  it('stops asking when aborted, also during a request in flight', async () => {
    const c = new AbortController();
    const s = server(Array.from({ length: 20 }, () => ({ status: 'running' })));
    const done = poll({ fetch: s.fetch, settled, delay: () => 1000, signal: c.signal });
    const check = expect(done).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(2500);
    c.abort();
    await check;
    const calls = s.fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.fetch).toHaveBeenCalledTimes(calls);

    // An answer that arrives after the abort is not reported.
    const c2 = new AbortController();
    const seen: Answer[] = [];
    const slow = poll({
      fetch: () => new Promise<Answer>((resolve) => setTimeout(() => resolve({ status: 'completed' }), 500)),
      settled,
      onAnswer: (a) => seen.push(a),
      delay: () => 0,
      signal: c2.signal,
    });
    const check2 = expect(slow).rejects.toMatchObject({ name: 'AbortError' });
    c2.abort();
    await vi.advanceTimersByTimeAsync(1000);
    await check2;
    expect(seen).toEqual([]);
  });

  it('rejects with PollTimeoutError once timeoutMs has passed', async () => {
    const s = server(Array.from({ length: 20 }, () => ({ status: 'running' })));
    const done = poll({ fetch: s.fetch, settled, delay: () => 1000, signal: new AbortController().signal, timeoutMs: 3500 });
    const check = expect(done).rejects.toBeInstanceOf(PollTimeoutError);
    await vi.advanceTimersByTimeAsync(10_000);
    await check;
    expect(s.fetch).toHaveBeenCalledTimes(4);
  });
});

describe('wait', () => {
  it('resolves after the time, or rejects with AbortError when aborted first', async () => {
    const ok = wait(1000, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(ok).resolves.toBeUndefined();
    const c = new AbortController();
    const cut = wait(1000, c.signal);
    c.abort();
    await expect(cut).rejects.toMatchObject({ name: 'AbortError' });
    c.abort();
    await expect(wait(1, c.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('isTransient', () => {
  it.each([
    [new ApiError(0, 'offline'), true],
    [new ApiError(500, 'x'), true],
    [new ApiError(503, 'x'), true],
    [new TypeError('Failed to fetch'), true],
    [new ApiError(400, 'x'), false],
    [new ApiError(404, 'x'), false],
    [new ApiError(429, 'x'), false],
    [new DOMException('aborted', 'AbortError'), false],
    [new Error('boom'), false],
  ])('%s → %s', (err, want) => {
    expect(isTransient(err)).toBe(want);
  });
});
