import { useCallback, useEffect, useState } from 'react';
import { checkGraph } from '../api/analysis-api';
import type { GraphStatus } from '../api/types';
import { cacheHasGraph, cachedHasGraph } from '../lib/cache';
import { graphDelay } from '../lib/poll';

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
  const [exists, setExists] = useState(false);
  const [status, setStatus] = useState<GraphStatus | 'unknown'>('unknown');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!id) {
      setExists(false);
      setStatus('unknown');
      return;
    }
    if (cachedHasGraph(id)) {
      setExists(true);
      setStatus('completed');
      return;
    }
    setExists(false);
    setStatus(initial ?? 'unknown');
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const run = async (n: number) => {
      const r = await checkGraph(id, controller.signal);
      if (cancelled) return;
      if (r.exists) {
        cacheHasGraph(id);
        setExists(true);
        setStatus('completed');
        return;
      }
      if (r.status) setStatus(r.status);
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
  }, [id, initial, finishedAt, round]);

  const recheck = useCallback(() => setRound((r) => r + 1), []);
  return { exists, status, recheck };
}
