import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query/query-client';

/**
 * A Testing Library wrapper with a fresh query cache per render, so no
 * answer leaks from one test into the next.
 */
export function withQuery(): (props: { children: ReactNode }) => ReactNode {
  const client = createQueryClient();
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
