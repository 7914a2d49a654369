import { QueryClient } from '@tanstack/react-query';
import { isTransient, MAX_BACKOFF_MS } from '../poll';

/** Tries after the first failure of a query; 4xx and aborts are never tried again (isTransient). */
export const QUERY_RETRIES = 3;

/** Retry rule shared by every query: only what may pass by itself (no answer, 5xx), at most QUERY_RETRIES times. */
export function retryTransient(failures: number, err: unknown): boolean {
  return failures < QUERY_RETRIES && isTransient(err);
}

/** Pause before retry n (0-based): 1 s, 2 s, 4 s … up to MAX_BACKOFF_MS, so a struggling server is not pressed harder. */
export function retryDelay(n: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** n);
}

/**
 * The signed-in pages' server-state cache. Window focus and reconnects do
 * not refetch (the pages poll what changes on their own, and the journeys
 * count requests); mutations are never retried (an upload or a delete is
 * not repeated behind the user's back).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryTransient,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
