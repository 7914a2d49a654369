import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query/query-keys';
import { clearMembership } from './user-cache';

/**
 * Forgets what the browser holds of a user's usage after something changed
 * it (an analysis accepted or settled, an own key saved or deleted): the
 * per-user copy in localStorage and the query cache's answer both. Clearing
 * only the first left Settings, opened again within the query cache's five
 * minutes, showing the figures from before the analysis for an hour (its
 * stale time) while the server counted the call.
 */
export function forgetUsage(client: QueryClient, userId: string | null | undefined): Promise<void> {
  clearMembership(userId);
  return client.invalidateQueries({ queryKey: queryKeys.membership(userId ?? null) });
}
