import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query/query-client';

/**
 * The signed-in pages' server-state cache (TanStack Query). A lazy layout
 * route, so public pages never load the library (their initial JavaScript
 * stays within budget); it stays mounted while the user moves between
 * signed-in pages, so their cached answers are shared.
 */
export function Component() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
