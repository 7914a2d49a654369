import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { Analysis } from '../api/types';
import { classifyFailure } from '../components/analyzer-page';
import { pollUntilDone } from './poll';

afterEach(() => vi.useRealTimers());

const a = (status: Analysis['status']) => ({ id: 'x', status }) as Analysis;

describe('pollUntilDone', () => {
  it('retries network and 5xx failures, reports each answer, stops when finished', async () => {
    vi.useFakeTimers();
    const answers: (Analysis | Error)[] = [new ApiError(0, 'offline'), new ApiError(503, 'busy'), a('running'), a('completed')];
    const fetchOnce = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const seen: string[] = [];
    const done = pollUntilDone(fetchOnce, (x) => seen.push(x.status), new AbortController().signal, () => 1000);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(done).resolves.toMatchObject({ status: 'completed' });
    expect(fetchOnce).toHaveBeenCalledTimes(4);
    expect(seen).toEqual(['running', 'completed']);
  });
  it('gives up on a 404 and when aborted', async () => {
    vi.useFakeTimers();
    const gone = pollUntilDone(async () => Promise.reject(new ApiError(404, 'gone')), () => undefined, new AbortController().signal, () => 10);
    const check = expect(gone).rejects.toMatchObject({ status: 404 });
    await vi.advanceTimersByTimeAsync(10);
    await check;
    const c = new AbortController();
    const fetchOnce = vi.fn(async () => a('running'));
    const p = pollUntilDone(fetchOnce, () => undefined, c.signal, () => 1000);
    const aborted = expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(2500);
    c.abort();
    await aborted;
    const calls = fetchOnce.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchOnce.mock.calls.length).toBe(calls);
  });
});

describe('classifyFailure', () => {
  it.each([
    [new ApiError(429, 'Daily limit of 5 analyze calls reached for your Free membership'), 'limit', undefined],
    [new ApiError(403, 'trial'), 'trial', undefined],
    [new ApiError(0, 'Network error'), 'panel', 'Analysis failed. Check connection or file.'],
    [new ApiError(400, 'The file is empty.'), 'panel', 'The file is empty.'],
    [new ApiError(500, 'Request failed with status 500'), 'panel', 'Analysis failed with status 500'],
    [new ApiError(413, 'File size exceeds 10MB limit'), 'panel', 'File size exceeds 10MB limit'],
    [new Error('boom'), 'panel', 'An unexpected error occurred while processing your file'],
  ])('%s', (err, kind, message) => {
    const c = classifyFailure(err);
    expect(c.kind).toBe(kind);
    if (c.kind === 'panel') expect(c.error.message).toBe(message);
  });
});
