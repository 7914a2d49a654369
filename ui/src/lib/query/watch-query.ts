import { QueryObserver, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { abortError, isTransient } from '../poll';

/** What `watchQuery` follows and how. */
export interface WatchOptions<T> {
  queryKey: QueryKey;
  /** One request; it gets the query's signal, so leaving also cancels a request in flight. */
  queryFn: QueryFunction<T>;
  /** The answer the caller already has (the upload's reply): the first request waits delay(0) after it. */
  first: T;
  /** True for an answer that will not change any more: the promise resolves with it. */
  settled: (answer: T) => boolean;
  /** Sees every new answer, the settled one included, in order (not `first`). */
  onAnswer?: (answer: T) => void;
  /** Pause before request n (0-based). */
  delay: (n: number) => number;
  /** Aborting stops the polling and cancels the request in flight. */
  signal: AbortSignal;
}

/**
 * Follows a query until its answer settles, for callers that are a
 * sequence of steps rather than a component (the analyzer's run: upload,
 * follow, show). The polling is TanStack Query's own: refetchInterval from
 * `delay` (also in a background tab: the result should be there when the
 * person comes back), never more than one request in flight, transient
 * failures retried with back-off by the client's defaults; a failure that
 * retrying will not mend (4xx) rejects.
 */
export function watchQuery<T>(client: QueryClient, opts: WatchOptions<T>): Promise<T> {
  const { queryKey, queryFn, first, settled, onAnswer, delay, signal } = opts;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    client.setQueryData(queryKey, first);
    const observer = new QueryObserver<T>(client, {
      queryKey,
      queryFn,
      // `first` is fresh: the interval asks next, not the mount.
      staleTime: Infinity,
      refetchInterval: (q) => {
        if (q.state.data !== undefined && settled(q.state.data)) return false;
        if (q.state.error && !isTransient(q.state.error)) return false;
        return delay(Math.max(0, q.state.dataUpdateCount - 1));
      },
      refetchIntervalInBackground: true,
    });
    let seen = observer.getCurrentQuery().state.dataUpdateCount;
    const stop = () => {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      void client.cancelQueries({ queryKey });
      reject(abortError());
    };
    const unsubscribe = observer.subscribe((r) => {
      const count = observer.getCurrentQuery().state.dataUpdateCount;
      if (count > seen && r.data !== undefined) {
        seen = count;
        onAnswer?.(r.data);
        if (settled(r.data)) {
          stop();
          resolve(r.data);
          return;
        }
      }
      if (r.status === 'error' && r.fetchStatus === 'idle' && !isTransient(r.error)) {
        stop();
        reject(r.error);
      }
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
