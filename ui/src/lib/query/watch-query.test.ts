import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { isAbort } from '../poll';
import { createQueryClient } from './query-client';
import { watchQuery } from './watch-query';

type Answer = { status: string };

/** A fake server handing out the scripted answers (or errors) in order, noting when each request came. */
function server(script: (Answer | Error)[]) {
  const at: number[] = [];
  const fn = vi.fn(async () => {
    at.push(Date.now());
    const next = script.shift();
    if (!next) throw new Error('asked once too often');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fn, at };
}

const settled = (a: Answer) => a.status === 'completed' || a.status === 'failed';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchQuery', () => {
  it('asks after each delay (not at once: the first answer is in hand), reports every answer and stops at the settled one', async () => {
    const s = server([{ status: 'running' }, { status: 'completed' }]);
    const seen: string[] = [];
    const t0 = Date.now();
    const done = watchQuery(createQueryClient(), {
      queryKey: ['w', 1],
      queryFn: s.fn,
      first: { status: 'queued' },
      settled,
      onAnswer: (a) => seen.push(a.status),
      delay: (n) => 1000 * (n + 1),
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toEqual({ status: 'completed' });
    expect(seen).toEqual(['running', 'completed']);
    expect(s.at.map((t) => t - t0)).toEqual([1000, 3000]);
  });

  it('a refused request (4xx) rejects without another try', async () => {
    const s = server([new ApiError(404, 'gone')]);
    const done = watchQuery(createQueryClient(), {
      queryKey: ['w', 2],
      queryFn: s.fn,
      first: { status: 'queued' },
      settled,
      delay: () => 1000,
      signal: new AbortController().signal,
    });
    const caught = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(ApiError);
    expect(s.fn).toHaveBeenCalledTimes(1);
  });

  it('a server error is retried and the watch goes on', async () => {
    const s = server([new ApiError(503, 'busy'), { status: 'completed' }]);
    const done = watchQuery(createQueryClient(), {
      queryKey: ['w', 3],
      queryFn: s.fn,
      first: { status: 'queued' },
      settled,
      delay: () => 1000,
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toEqual({ status: 'completed' });
  });

  it('aborting rejects with an AbortError and asks no more', async () => {
    const s = server([{ status: 'running' }, { status: 'running' }]);
    const c = new AbortController();
    const done = watchQuery(createQueryClient(), { queryKey: ['w', 4], queryFn: s.fn, first: { status: 'queued' }, settled, delay: () => 1000, signal: c.signal });
    const caught = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1500);
    c.abort();
    await vi.advanceTimersByTimeAsync(5000);
    expect(isAbort(await caught)).toBe(true);
    expect(s.fn).toHaveBeenCalledTimes(1);
  });
});
