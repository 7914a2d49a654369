import { useCallback, useEffect, useState } from 'react';
import { checkGraph } from '../api/analysis-api';
import type { GraphStatus } from '../api/types';
import { cacheHasGraph, cachedHasGraph } from '../lib/cache';
import { graphDelay } from '../lib/delays';
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
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const run = async (n: number) => {
      const r = await checkGraph(id, controller.signal);
      if (cancelled) return;
      if (r.exists) {
        cacheHasGraph(id);
        setFound({ exists: true, status: 'completed' });
        return;
      }
      if (r.status) setFound({ exists: false, status: r.status });
      if (r.status === 'failed' || r.status === 'none') return;
      const finished = finishedAt ? Date.parse(finishedAt) : NaN;
      const age = Number.isNaN(finished) ? 0 : Date.now() - finished;
      timer = setTimeout(() => void run(n + 1), graphDelay(n, age));
    };
    void run(0);
    return () => {
      cancelled = true;
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [id, known, initial, finishedAt, round, setFound]);

  const recheck = useCallback(() => setRound((r) => r + 1), []);
  if (known) return { exists: true, status: 'completed', recheck };
  return { exists: found.exists, status: found.status, recheck };
}
