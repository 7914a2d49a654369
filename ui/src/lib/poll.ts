/**
 * One way to follow something on the server until it settles (an analysis,
 * a demo diagram, a process model): requests strictly one after another,
 * abortable, retrying only what may pass by itself.
 */

/** Rejects `wait` and `poll` when their signal aborts (the person left the page). */
export function abortError(): DOMException {
  return new DOMException('aborted', 'AbortError');
}

/** True for the rejection of an aborted request, wait or poll. */
export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** Sleeps ms, or rejects with an AbortError as soon as signal aborts. */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A failure that may pass by itself: no answer at all (network, status 0)
 * or a server error (5xx). A 4xx answer will be the same next time.
 */
export function isTransient(err: unknown): boolean {
  if (isAbort(err)) return false;
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return err instanceof TypeError; // fetch's own network failure
  return status === 0 || status >= 500;
}

/** Rejection of `poll` when `timeoutMs` passed without a settled answer. */
export class PollTimeoutError extends Error {
  constructor(ms: number) {
    super(`still not done after ${ms} ms`);
    this.name = 'PollTimeoutError';
  }
}

/** Longest pause after failures in a row (the back-off's ceiling). */
export const MAX_BACKOFF_MS = 30_000;

/** What `poll` asks for and how. */
export interface PollOptions<T> {
  /** One request; it gets the signal so leaving also cancels a request in flight. */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** True for an answer that will not change any more (completed, failed): `poll` resolves with it. */
  settled: (answer: T) => boolean;
  /** Sees every answer, the settled one included, in order. */
  onAnswer?: (answer: T) => void;
  /** Pause before request n (0-based); return 0 to ask at once. */
  delay: (n: number) => number;
  signal: AbortSignal;
  /** Failures worth another try; anything else rejects at once. Default `isTransient`. */
  retryIf?: (err: unknown) => boolean;
  /** Failures in a row tolerated before the last one rejects. Default: no limit (until aborted). */
  maxFailures?: number;
  /** Give up with PollTimeoutError once this much time has passed. Default: never. */
  timeoutMs?: number;
}

/**
 * Asks until the answer settles. The next request is scheduled only after
 * the previous answer, so there is never more than one in flight. After a
 * transient failure the pause doubles with each failure in a row (up to
 * MAX_BACKOFF_MS) so a struggling server is not pressed harder; the first
 * good answer returns to the normal delays. Rejects with an AbortError when
 * the signal aborts, with the failure itself when it is not worth retrying
 * (or too many came in a row), and with PollTimeoutError after timeoutMs.
 */
export async function poll<T>(opts: PollOptions<T>): Promise<T> {
  const { fetch, settled, onAnswer, delay, signal, retryIf = isTransient, maxFailures = Infinity, timeoutMs } = opts;
  const started = Date.now();
  let failures = 0;
  for (let n = 0; ; n++) {
    if (timeoutMs !== undefined && Date.now() - started > timeoutMs) throw new PollTimeoutError(timeoutMs);
    const pause = failures > 0 ? Math.min(MAX_BACKOFF_MS, Math.max(delay(n), 1000) * 2 ** (failures - 1)) : delay(n);
    if (pause > 0) await wait(pause, signal);
    else if (signal.aborted) throw abortError();
    let answer: T;
    try {
      answer = await fetch(signal);
    } catch (err) {
      if (signal.aborted) throw abortError();
      failures++;
      if (retryIf(err) && failures < maxFailures) continue;
      throw err;
    }
    if (signal.aborted) throw abortError();
    failures = 0;
    onAnswer?.(answer);
    if (settled(answer)) return answer;
  }
}
