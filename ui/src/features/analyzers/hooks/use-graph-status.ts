import { useCallback } from 'react';
import { useQuery, type QueryState } from '@tanstack/react-query';
import { isTransient } from '../../../lib/poll';
import { queryKeys } from '../../../lib/query/query-keys';
import { checkGraph, type GraphCheck } from '../api/analysis-api';
import type { GraphStatus } from '../api/types';
import { cacheHasGraph, cachedHasGraph } from '../lib/cache';
import { graphDelay } from '../lib/delays';

/** Graph availability of one analysis. */
export interface GraphState {
  exists: boolean;
  status: GraphStatus | 'unknown';
  /** Checks again now (Retry in the Process Model tab). */
  recheck: () => void;
}

/** True once the answer will not change: the graph exists, failed, or none will come. */
export function graphSettled(r: GraphCheck): boolean {
  return r.exists || r.status === 'failed' || r.status === 'none';
}

/**
 * Pause before the next graph check, or false to stop: stops once settled
 * or after a failure that retrying will not mend (4xx); otherwise the gaps
 * grow with each answer (graphDelay: 2 s while fresh, up to the spec's 30 s).
 */
export function nextGraphCheck(state: Pick<QueryState<GraphCheck>, 'data' | 'error' | 'dataUpdateCount'>, finishedAt?: string): number | false {
  const { data, error, dataUpdateCount } = state;
  if (data && graphSettled(data)) return false;
  if (error && !isTransient(error)) return false;
  const finished = finishedAt ? Date.parse(finishedAt) : NaN;
  const age = Number.isNaN(finished) ? 0 : Date.now() - finished;
  return graphDelay(Math.max(0, dataUpdateCount - 1), age);
}

/**
 * Checks whether the analysis has a process model: on selection, then
 * with growing gaps until it exists, the server says it failed or none
 * will come, or the analysis is deselected (the query unmounts and its
 * request is aborted). A graph seen before is not asked for again: its
 * presence is kept in the browser (analysis_has_graph_), absence never.
 */
export function useGraphStatus(id: string | null, initial?: GraphStatus, finishedAt?: string): GraphState {
  const known = id !== null && cachedHasGraph(id);
  const query = useQuery({
    queryKey: queryKeys.graph(id ?? ''),
    queryFn: async ({ signal }) => {
      const r = await checkGraph(id as string, signal);
      if (r.exists) cacheHasGraph(id as string);
      return r;
    },
    enabled: id !== null && !known,
    refetchInterval: (q) => nextGraphCheck(q.state, finishedAt),
    // Each selection asks afresh: absence must be re-checked.
    staleTime: 0,
    gcTime: 0,
  });
  const { refetch } = query;
  const recheck = useCallback(() => void refetch(), [refetch]);
  if (known) return { exists: true, status: 'completed', recheck };
  const r = query.data;
  if (r?.exists) return { exists: true, status: 'completed', recheck };
  return { exists: false, status: r?.status ?? (id ? (initial ?? 'unknown') : 'unknown'), recheck };
}
