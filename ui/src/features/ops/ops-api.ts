import { api } from '../../lib/api-client';

/** One queue as GET /api/ops/queues reports it. */
export interface QueueView {
  name: string;
  weight: number;
  size: number;
  pending: number;
  active: number;
  scheduled: number;
  retry: number;
  archived: number;
  processed_today: number;
  failed_today: number;
  paused: boolean;
  latency_ms: number;
}

/** A failed analysis with what the queue still knows of its task. */
export interface FailedView {
  id: string;
  account_name: string;
  analyzer_type: string;
  original_filename: string;
  status: string;
  graph_status: string;
  detail: string;
  attempts: number;
  updated_at: string;
  task: { state: string; last_error: string; retried: number; max_retry: number } | null;
}

/** Progress record of a reprocess run. */
export interface RunView {
  id: string;
  stage: string;
  status: string;
  matched: number;
  enqueued: number;
  skipped: number;
  done: number;
  failed: number;
  detail?: string;
  created_by?: string;
  created_at: string;
  params: Record<string, unknown>;
}

/** The reprocess form, as POST /api/ops/reprocess takes it. */
export interface ReprocessForm {
  stage: 'analysis' | 'graph';
  analyzer: '' | 'document' | 'image' | 'bpmn';
  since: string;
  until: string;
  account: string;
  model: string;
  rate: string;
  dry_run: boolean;
}

export interface DryRun {
  dry_run: true;
  matched: number;
  pending: number;
}

export const opsApi = {
  queues: () => api.get<{ queues: QueueView[] }>('/api/ops/queues').then((r) => r.queues),
  failed: () => api.get<{ items: FailedView[] }>('/api/ops/failed?limit=20').then((r) => r.items),
  retry: (id: string) => api.post<unknown>(`/api/ops/analyses/${encodeURIComponent(id)}/retry`),
  setPaused: (name: string, paused: boolean) =>
    api.post<QueueView>(`/api/ops/queues/${encodeURIComponent(name)}/${paused ? 'pause' : 'resume'}`),
  runs: () => api.get<{ runs: RunView[] }>('/api/ops/reprocess?limit=10').then((r) => r.runs),
  reprocess: (f: ReprocessForm) => api.post<RunView | DryRun>('/api/ops/reprocess', { ...f }),
};
