import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query/query-client';

/**
 * A Testing Library wrapper with a fresh query cache per render, so no
 * answer leaks from one test into the next. The app's retry rule applies,
 * without its pauses, so a transient failure's retries do not outlast a
 * test's wait.
 */
export function withQuery(): (props: { children: ReactNode }) => ReactNode {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
