import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { MAX_BACKOFF_MS } from '../poll';
import { QUERY_RETRIES, retryDelay, retryTransient } from './query-client';

describe('retryTransient', () => {
  it.each([
    { name: 'no answer (status 0)', err: new ApiError(0, 'offline'), want: true },
    { name: 'server error', err: new ApiError(503, 'busy'), want: true },
    { name: "fetch's own network failure", err: new TypeError('Failed to fetch'), want: true },
    { name: 'not found', err: new ApiError(404, 'gone'), want: false },
    { name: 'rate limited (the limit modal answers it)', err: new ApiError(429, 'limit'), want: false },
    { name: 'aborted', err: new DOMException('aborted', 'AbortError'), want: false },
  ])('$name → $want', ({ err, want }) => {
    expect(retryTransient(0, err)).toBe(want);
  });
  it(`gives up after ${QUERY_RETRIES} tries`, () => {
    expect(retryTransient(QUERY_RETRIES - 1, new ApiError(500, 'x'))).toBe(true);
    expect(retryTransient(QUERY_RETRIES, new ApiError(500, 'x'))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s up to the back-off ceiling', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(20)).toBe(MAX_BACKOFF_MS);
  });
});
