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
 * An analysis whose own graph status has settled (completed, failed,
 * none) is taken at its word; any other (pending, building, missing) is
 * checked until it settles: the analysis completes with its graph
 * "pending" and the graph task marks it a moment later, so the last
 * analysis poll may come before it (the Process Model tab then waited on
 * "Generating process model..." for good). Retry (recheck) asks the
 * server in either case.
 */
export function useGraphStatus(id: string | null, initial?: GraphStatus, finishedAt?: string): GraphState {
  const known = id !== null && cachedHasGraph(id);
  // The analysis' own status is an answer too: settled, it is not checked.
  const settled = initial !== undefined && graphSettled({ exists: initial === 'completed', status: initial });
  const query = useQuery({
    queryKey: queryKeys.graph(id ?? ''),
    queryFn: async ({ signal }) => {
      const r = await checkGraph(id as string, signal);
      if (r.exists) cacheHasGraph(id as string);
      return r;
    },
    enabled: id !== null && !known && !settled,
    refetchInterval: (q) => nextGraphCheck(q.state, finishedAt),
    // Each selection asks afresh: absence must be re-checked.
    staleTime: 0,
    gcTime: 0,
  });
  const { refetch } = query;
  const recheck = useCallback(() => {
    if (id !== null) void refetch();
  }, [id, refetch]);
  if (known) return { exists: true, status: 'completed', recheck };
  const r = query.data;
  if (r?.exists) return { exists: true, status: 'completed', recheck };
  if (id === null) return { exists: false, status: 'unknown', recheck };
  if (r) return { exists: false, status: r.status ?? initial ?? 'unknown', recheck };
  return { exists: initial === 'completed', status: initial ?? 'unknown', recheck };
}
