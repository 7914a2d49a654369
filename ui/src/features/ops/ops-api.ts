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
  queues: (signal?: AbortSignal) => api.get<Schemas['QueueList']>('/api/ops/queues', { signal }).then((r) => r.queues),
  failed: (signal?: AbortSignal) => api.get<Schemas['FailedList']>('/api/ops/failed?limit=20', { signal }).then((r) => r.items),
  retry: (id: string) => api.post<unknown>(`/api/ops/analyses/${encodeURIComponent(id)}/retry`),
  setPaused: (name: string, paused: boolean) =>
    api.post<QueueView>(`/api/ops/queues/${encodeURIComponent(name)}/${paused ? 'pause' : 'resume'}`),
  runs: (signal?: AbortSignal) => api.get<Schemas['RunList']>('/api/ops/reprocess?limit=10', { signal }).then((r) => r.runs),
  reprocess: (f: ReprocessForm) => api.post<RunView | DryRun>('/api/ops/reprocess', { ...f }),
};

/** Everything the operations page shows, read together so that one poll refreshes the whole page. */
export interface OpsOverview {
  queues: QueueView[];
  failed: FailedView[];
  runs: RunView[];
}

/** Reads queues, failures and runs at once; aborting the signal aborts all three. */
export async function loadOverview(signal?: AbortSignal): Promise<OpsOverview> {
  const [queues, failed, runs] = await Promise.all([opsApi.queues(signal), opsApi.failed(signal), opsApi.runs(signal)]);
  return { queues, failed, runs };
}
