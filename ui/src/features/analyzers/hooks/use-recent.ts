import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query/query-keys';
import { listRecent } from '../api/analysis-api';
import type { AnalyzerKind, RecentItem } from '../api/types';
import { filterRecent } from '../lib/filters';

/** The Recent list of one analyzer. */
export interface Recent {
  items: RecentItem[];
  loading: boolean;
  /** Reads the list again (after a run settled or a delete). */
  reload: () => void;
}

/** Loads the Recent list on arrival and on request; a failure reads as an empty list (spec §8). */
export function useRecent(kind: AnalyzerKind): Recent {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.recent(kind),
    queryFn: async ({ signal }) => filterRecent(kind, await listRecent(kind, signal)),
  });
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: queryKeys.recent(kind) }), [client, kind]);
  return { items: query.data ?? [], loading: query.isFetching, reload };
}
