import { useCallback, useEffect, useState } from 'react';
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

/** Loads the Recent list on arrival and on request; a failure reads as an empty list. */
export function useRecent(kind: AnalyzerKind): Recent {
  const [items, setItems] = useState<RecentItem[]>([]);
  const [loading, setLoading] = useState(true);
  // State changes only once the list is in: the first load starts with `loading` already true.
  const fetchList = useCallback(
    () =>
      listRecent(kind).then((list) => {
        setItems(filterRecent(kind, list));
        setLoading(false);
      }),
    [kind],
  );
  useEffect(() => {
    void fetchList();
  }, [fetchList]);
  const reload = useCallback(() => {
    setLoading(true);
    void fetchList();
  }, [fetchList]);
  return { items, loading, reload };
}
