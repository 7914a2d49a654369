import { useCallback, useEffect, useState } from 'react';
import { checkGraph } from '../api/analysis-api';
import type { GraphStatus } from '../api/types';
import { cacheHasGraph, cachedHasGraph } from '../lib/cache';
import { graphDelay } from '../lib/delays';
import { poll } from '../../../lib/poll';
import { useKeyedState } from '../../../lib/use-keyed-state';

/** Graph availability of one analysis. */
export interface GraphState {
  exists: boolean;
  status: GraphStatus | 'unknown';
  /** Checks again now (Retry in the Process Model tab). */
  recheck: () => void;
}

/**
 * Checks whether the analysis has a process model: on selection, then
 * with growing gaps (2 s while fresh, up to 30 s) until it exists, the
 * server says it failed or none will come, or the analysis is deselected.
 */
export function useGraphStatus(id: string | null, initial?: GraphStatus, finishedAt?: string): GraphState {
  const [round, setRound] = useState(0);
  // A graph seen before is not asked for again (absence is never cached).
  const known = id !== null && cachedHasGraph(id);
  const [found, setFound] = useKeyedState<{ exists: boolean; status: GraphStatus | 'unknown' }>(
    `${id ?? ''}#${round}`,
    { exists: false, status: id ? (initial ?? 'unknown') : 'unknown' },
  );

  useEffect(() => {
    if (!id || known) return;
    const controller = new AbortController();
    const finished = finishedAt ? Date.parse(finishedAt) : NaN;
    const age = () => (Number.isNaN(finished) ? 0 : Date.now() - finished);
    poll({
      fetch: (signal) => checkGraph(id, signal),
      settled: (r) => r.exists || r.status === 'failed' || r.status === 'none',
      onAnswer: (r) => {
        if (r.exists) {
          cacheHasGraph(id);
          setFound({ exists: true, status: 'completed' });
        } else if (r.status) setFound({ exists: false, status: r.status });
      },
      // The first check at once; then gaps that grow with each answer.
      delay: (n) => (n === 0 ? 0 : graphDelay(n - 1, age())),
      signal: controller.signal,
    }).catch(() => undefined); // aborted: the analysis was deselected
    return () => controller.abort();
  }, [id, known, initial, finishedAt, round, setFound]);

  const recheck = useCallback(() => setRound((r) => r + 1), []);
  if (known) return { exists: true, status: 'completed', recheck };
  return { exists: found.exists, status: found.status, recheck };
}
