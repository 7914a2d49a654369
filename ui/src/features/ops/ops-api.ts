import { api } from '../../lib/api-client';
import type { components } from '../../lib/api-schema';

// The operator answers' shapes come from the server's contract (api/openapi.json).
type Schemas = components['schemas'];

/** One queue as GET /api/ops/queues reports it. */
export type QueueView = Schemas['QueueView'];

/** A failed analysis with what the queue still knows of its task. */
export type FailedView = Schemas['FailedView'];

/** Progress record of a reprocess run. */
export type RunView = Schemas['ReprocessRun'];

/** The reprocess form, as POST /api/ops/reprocess takes it (every field sent). */
export type ReprocessForm = Required<Omit<Schemas['ReprocessRequest'], 'include_edited'>> & Pick<Schemas['ReprocessRequest'], 'include_edited'>;

/** The answer to a dry run: what a run would take. */
export type DryRun = Schemas['DryRun'];

export const opsApi = {
  queues: () => api.get<Schemas['QueueList']>('/api/ops/queues').then((r) => r.queues),
  failed: () => api.get<Schemas['FailedList']>('/api/ops/failed?limit=20').then((r) => r.items),
  retry: (id: string) => api.post<unknown>(`/api/ops/analyses/${encodeURIComponent(id)}/retry`),
  setPaused: (name: string, paused: boolean) =>
    api.post<QueueView>(`/api/ops/queues/${encodeURIComponent(name)}/${paused ? 'pause' : 'resume'}`),
  runs: () => api.get<Schemas['RunList']>('/api/ops/reprocess?limit=10').then((r) => r.runs),
  reprocess: (f: ReprocessForm) => api.post<RunView | DryRun>('/api/ops/reprocess', { ...f }),
};
