import type { Analysis } from '../api/types';

/** Poll delays never go below one second: at most one request per second (issue #7). */
export const MIN_POLL_MS = 1000;
/** Longest wait between two polls of a running analysis. */
export const MAX_POLL_MS = 5000;

/** Delay before poll number n (0-based): 1 s for the first five, then growing by a quarter to 5 s. */
export function pollDelay(n: number): number {
  if (n < 5) return MIN_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.round(MIN_POLL_MS * Math.pow(1.25, n - 4)));
}

/** An analysis finished longer ago than this is no longer fresh: its graph is checked every 30 s. */
export const FRESH_MS = 5 * 60 * 1000;

/**
 * Graph checks: every 2 s right after an analysis finished, growing by half
 * each time up to the spec's 30 s; an analysis that finished long ago is
 * checked every 30 s from the start.
 */
export function graphDelay(n: number, ageMs = 0): number {
  if (ageMs > FRESH_MS) return 30_000;
  return Math.min(30_000, Math.round(2000 * Math.pow(1.5, n)));
}

/** True when the analysis will not change any more. */
export function isFinished(a: Pick<Analysis, 'status'>): boolean {
  return a.status === 'completed' || a.status === 'failed';
}

/** Sleeps ms or rejects with AbortError when signal aborts. */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls one analysis until it finishes. Requests are strictly sequential
 * (the next is scheduled after the previous answer), so there is never
 * more than one in flight and at least MIN_POLL_MS between them. Transient
 * failures (network, 5xx) are retried with the same back-off; the loop ends
 * when the signal aborts (the user left the page).
 */
export async function pollUntilDone(
  fetchOnce: (signal: AbortSignal) => Promise<Analysis>,
  onUpdate: (a: Analysis) => void,
  signal: AbortSignal,
  delay: (n: number) => number = pollDelay,
): Promise<Analysis> {
  for (let n = 0; ; n++) {
    await wait(delay(n), signal);
    let a: Analysis;
    try {
      a = await fetchOnce(signal);
    } catch (err) {
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      const status = (err as { status?: number }).status ?? 0;
      if (status === 0 || status >= 500) continue;
      throw err;
    }
    onUpdate(a);
    if (isFinished(a)) return a;
  }
}

/** Rotating messages shown while the server's stage text stays the same (spec §4). */
export const ROTATING_MESSAGES = [
  'Initializing process symphony...',
  'Decrypting your process DNA...',
  'Assembling the BPMN puzzle pieces...',
  'Almost there! Polishing the final details...',
];

/** Message rotation period (spec §9). */
export const MESSAGE_MS = 5000;
