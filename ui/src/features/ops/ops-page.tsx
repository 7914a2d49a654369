import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query/query-keys';
import { useAuthStore } from '../../stores/auth-store';
import { loadOverview, opsApi, type DryRun, type FailedView, type OpsOverview, type QueueView, type ReprocessForm, type RunView } from './ops-api';
import './ops.css';

/** How often the page refreshes queue depth, failures and runs. */
export const REFRESH_MS = 2000;

function message(e: unknown): string {
  if (e instanceof ApiError) return e.detail;
  return e instanceof Error ? e.message : String(e);
}

function QueuesCard({ queues, onToggle }: { queues: QueueView[]; onToggle: (q: QueueView) => void }) {
  return (
    <section className="card ops-section" aria-labelledby="ops-queues">
      <div className="ops-head">
        <h2 id="ops-queues">Queues</h2>
        <a href="/ops/queues" target="_blank" rel="noreferrer">
          Open the queue dashboard
        </a>
      </div>
      <table className="ops-table" data-testid="ops-queues">
        <thead>
          <tr>
            <th>Queue</th>
            <th>Depth</th>
            <th>In flight</th>
            <th>Scheduled</th>
            <th>Retry</th>
            <th>Archived</th>
            <th>Processed today</th>
            <th>Failed today</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.name} data-testid={`queue-${q.name}`}>
              <td>
                {q.name} {q.paused && <span className="ops-badge">paused</span>}
              </td>
              <td data-testid={`queue-${q.name}-pending`}>{q.pending}</td>
              <td>{q.active}</td>
              <td>{q.scheduled}</td>
              <td>{q.retry}</td>
              <td>{q.archived}</td>
              <td data-testid={`queue-${q.name}-processed`}>{q.processed_today}</td>
              <td>{q.failed_today}</td>
              <td>
                <button type="button" className="btn btn-secondary" onClick={() => onToggle(q)}>
                  {q.paused ? 'Resume' : 'Pause'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function FailedCard({ items, onRetry, busy }: { items: FailedView[]; onRetry: (id: string) => void; busy: string }) {
  return (
    <section className="card ops-section" aria-labelledby="ops-failed">
      <h2 id="ops-failed">Failed analyses</h2>
      {items.length === 0 ? (
        <p className="ops-muted">No failed analyses.</p>
      ) : (
        <ul className="ops-failed" data-testid="ops-failed">
          {items.map((f) => (
            <li key={f.id} data-testid={`failed-${f.id}`}>
              <div className="ops-failed-main">
                <strong>{f.original_filename || f.id}</strong>{' '}
                <span className="ops-muted">
                  {f.analyzer_type} · {f.account_name} · {f.status === 'failed' ? 'analysis failed' : 'diagram failed'} ·{' '}
                  {f.attempts} attempt{f.attempts === 1 ? '' : 's'} · {new Date(f.updated_at).toLocaleString()}
                </span>
                <p className="ops-detail">{f.detail || 'No detail recorded.'}</p>
                {f.task?.last_error && f.task.last_error !== f.detail && (
                  <p className="ops-muted ops-small">Queue: {f.task.state}, last error: {f.task.last_error}</p>
                )}
              </div>
              <button type="button" className="btn btn-primary" disabled={busy === f.id} onClick={() => onRetry(f.id)}>
                {busy === f.id ? 'Retrying…' : 'Retry'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const emptyForm: ReprocessForm = {
  stage: 'graph',
  analyzer: '',
  since: '',
  until: '',
  account: '',
  model: '',
  rate: '',
  dry_run: true,
};

function ReprocessCard({ runs, onStarted }: { runs: RunView[]; onStarted: () => void }) {
  const [form, setForm] = useState<ReprocessForm>(emptyForm);
  const [result, setResult] = useState('');
  const [error, setError] = useState('');
  const set = <K extends keyof ReprocessForm>(k: K, v: ReprocessForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setResult('');
    try {
      const r = await opsApi.reprocess(form);
      if ('dry_run' in r && r.dry_run) {
        const d = r as DryRun;
        setResult(`${d.matched} analyses match; ${d.pending} would be enqueued.`);
      } else {
        const run = r as RunView;
        setResult(`Run ${run.id.slice(0, 8)} started.`);
        onStarted();
      }
    } catch (err) {
      setError(message(err));
    }
  }

  return (
    <section className="card ops-section" aria-labelledby="ops-reprocess">
      <h2 id="ops-reprocess">Reprocess stored analyses</h2>
      <form className="ops-form" onSubmit={submit}>
        <label>
          Stage
          <select value={form.stage} onChange={(e) => set('stage', e.target.value as ReprocessForm['stage'])}>
            <option value="graph">graph — rebuild BPMN diagrams (no AI call)</option>
            <option value="analysis">analysis — extract and analyze again</option>
          </select>
        </label>
        <label>
          Analyzer
          <select value={form.analyzer} onChange={(e) => set('analyzer', e.target.value as ReprocessForm['analyzer'])}>
            <option value="">all</option>
            <option value="document">document</option>
            <option value="image">image</option>
            <option value="bpmn">bpmn</option>
          </select>
        </label>
        <label>
          Since
          <input type="date" value={form.since} onChange={(e) => set('since', e.target.value)} />
        </label>
        <label>
          Until
          <input type="date" value={form.until} onChange={(e) => set('until', e.target.value)} />
        </label>
        <label>
          Account
          <input value={form.account} onChange={(e) => set('account', e.target.value)} placeholder="any" />
        </label>
        <label>
          Model
          <input value={form.model} onChange={(e) => set('model', e.target.value)} placeholder="any" />
        </label>
        <label>
          Rate
          <input value={form.rate} onChange={(e) => set('rate', e.target.value)} placeholder="e.g. 2/s (no limit)" />
        </label>
        <label className="ops-check">
          <input type="checkbox" checked={form.dry_run} onChange={(e) => set('dry_run', e.target.checked)} /> Dry run (only count)
        </label>
        <button type="submit" className="btn btn-primary">
          {form.dry_run ? 'Count' : 'Start'}
        </button>
      </form>
      {result && (
        <p role="status" data-testid="ops-reprocess-result">
          {result}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {runs.length > 0 && (
        <table className="ops-table" data-testid="ops-runs">
          <thead>
            <tr>
              <th>Run</th>
              <th>Stage</th>
              <th>Status</th>
              <th>Matched</th>
              <th>Enqueued</th>
              <th>Done</th>
              <th>Failed</th>
              <th>Started</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.id} title={r.detail}>
                <td>{r.id.slice(0, 8)}</td>
                <td>{r.stage}</td>
                <td>{r.status}</td>
                <td>{r.matched}</td>
                <td>{r.enqueued}</td>
                <td>{r.done}</td>
                <td>{r.failed}</td>
                <td>{new Date(r.created_at).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /ops: queue depth, failed analyses with Retry, pause/resume, reprocessing. Operators only. */
export function Component() {
  const isOperator = useAuthStore((s) => s.user?.is_operator === true);
  // Others get an explanation instead of three endpoints answering 403 every 2 s.
  return isOperator ? <OpsDashboard /> : <NotOperator />;
}

function NotOperator() {
  return (
    <div className="page ops-page">
      <h1>Operations</h1>
      <section className="card ops-section" role="note">
        <h2>You need the operator role</h2>
        <p>
          This page shows the queues, failed analyses and reprocessing runs of the whole installation, so only operators
          can open it. Ask an administrator to run <code>spade users grant-operator</code> for your account.
        </p>
      </section>
    </div>
  );
}

/**
 * The next poll in REFRESH_MS, or none once the server said 403: the role
 * was taken away, and asking again every 2 s only fills the console with
 * 403s.
 */
export function refreshInterval(query: Query<OpsOverview, Error, OpsOverview, typeof queryKeys.ops>): number | false {
  const e = query.state.error;
  return e instanceof ApiError && e.status === 403 ? false : REFRESH_MS;
}

/** An action's failure, shown until the next answer of the page's poll (as a failed poll's is). */
interface ActionError {
  text: string;
  at: number;
}

function OpsDashboard() {
  const client = useQueryClient();
  const overview = useQuery({
    queryKey: queryKeys.ops,
    queryFn: ({ signal }) => loadOverview(signal),
    refetchInterval: refreshInterval,
  });
  const [actionError, setActionError] = useState<ActionError | null>(null);
  // Retrying, pausing and starting a run change what the page shows: it is read again before the action counts as done.
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.ops });
  const onError = (e: unknown) => setActionError({ text: message(e), at: overview.dataUpdatedAt });
  const retry = useMutation({ mutationFn: opsApi.retry, onSuccess: reload, onError });
  const toggle = useMutation({ mutationFn: (q: QueueView) => opsApi.setPaused(q.name, !q.paused), onSuccess: reload, onError });

  const error =
    actionError && actionError.at === overview.dataUpdatedAt ? actionError.text : overview.error ? message(overview.error) : '';
  const { queues = [], failed = [], runs = [] } = overview.data ?? {};
  const busy = retry.isPending ? retry.variables : '';

  return (
    <div className="page ops-page">
      <h1>Operations</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <QueuesCard queues={queues} onToggle={(q) => toggle.mutate(q)} />
      <FailedCard items={failed} onRetry={(id) => retry.mutate(id)} busy={busy} />
      <ReprocessCard runs={runs} onStarted={() => void reload()} />
    </div>
  );
}
