import type { Analysis } from '../api/types';

/**
 * The analyzers' timing: how often a running analysis and a missing process
 * model are asked for (the asking itself is `poll` in lib/poll.ts), and the
 * progress messages' rotation.
 */

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

/** Rotating messages shown while the server's stage text stays the same (spec §4). */
export const ROTATING_MESSAGES = [
  'Initializing process symphony...',
  'Decrypting your process DNA...',
  'Assembling the BPMN puzzle pieces...',
  'Almost there! Polishing the final details...',
];

/** Message rotation period (spec §9). */
export const MESSAGE_MS = 5000;
