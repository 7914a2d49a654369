import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getProcessModel } from '../api/analysis-api';
import type { Analysis } from '../api/types';
import type { SavedVersion } from '../api/versions-api';
import type { GraphState } from '../hooks/use-graph-status';
import { processView } from '../lib/process-view';
import { ProcessModelPanel } from './process-model-panel';
import { Tabs } from './tabs';
import { queryKeys } from '../../../lib/query/query-keys';

const tabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'items', label: 'Process Items' },
  { id: 'details', label: 'Process Details' },
  { id: 'sipoc', label: 'SIPOC' },
  { id: 'model', label: 'Process Model' },
];

/** Props of ProcessTabs. */
export interface ProcessTabsProps {
  analysis: Analysis;
  graph: GraphState;
  mobile: boolean;
  /** Called once an edit, refinement or restore stored a new version. */
  onChanged?: (saved: SavedVersion) => Promise<void> | void;
}

/** 'Start: Order received'; a bare 'Start' or 'End' is not repeated. */
function flowLabel(kind: string, text: string): string {
  const prefix = kind === 'start' ? 'Start' : kind === 'end' ? 'End' : kind === 'gateway' ? 'Decision' : '';
  if (!prefix || text.trim().toLowerCase() === prefix.toLowerCase()) return text;
  return `${prefix}: ${text}`;
}

function Cell({ values }: { values: string[] }) {
  if (!values.length) return <span className="muted">—</span>;
  return (
    <ul className="az-cell-list">
      {values.map((v) => (
        <li key={v}>{v}</li>
      ))}
    </ul>
  );
}

/**
 * Document and image result tabs. The process model JSON (once the graph
 * exists) feeds Process Details and SIPOC; until then, or when it cannot
 * be read, the formatted text's sections are parsed instead.
 */
export function ProcessTabs({ analysis, graph, mobile, onChanged }: ProcessTabsProps) {
  const [active, setActive] = useState('overview');
  // The model of this analysis and version, once the graph exists; until it
  // is in (or when it cannot be read) the text's sections stand in.
  const { data: model = null } = useQuery({
    queryKey: queryKeys.processModel(analysis.id, analysis.version),
    queryFn: ({ signal }) => getProcessModel(analysis.id, signal),
    enabled: graph.exists,
  });
  const view = useMemo(() => processView(analysis.formatted_text, model), [analysis.formatted_text, model]);

  return (
    <Tabs tabs={tabs} active={active} onChange={setActive}>
      {active === 'overview' ? (
        <div className="az-overview">
          <dl className="az-kv">
            <dt>Original File</dt>
            <dd data-testid="overview-filename">{analysis.original_filename || 'unknown'}</dd>
            <dt>Process Name</dt>
            <dd>{analysis.process_name || 'Unnamed process'}</dd>
            <dt>Process Purpose</dt>
            <dd>{analysis.process_purpose || '—'}</dd>
          </dl>
          <h3>Participants</h3>
          {view.participants.length ? (
            <ul className="az-participants">
              {view.participants.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">No participants found.</p>
          )}
        </div>
      ) : null}
      {active === 'items' ? (
        <ol className="az-flow" data-testid="process-items">
          {view.steps.length === 0 ? <li className="muted">No process flow found.</li> : null}
          {view.steps.map((s, i) => (
            <li key={i} className={`az-flow-item az-flow-${s.kind}`}>
              <span className="az-flow-marker" aria-hidden="true">
                {s.kind === 'step' ? s.number : s.kind === 'gateway' ? '◆' : s.kind === 'start' ? '▶' : s.kind === 'end' ? '■' : '●'}
              </span>
              <span className="az-flow-text">
                <strong>
                  {flowLabel(s.kind, s.text)}
                </strong>
                {s.performer ? <span className="muted"> — {s.performer}</span> : null}
                {s.branches?.length ? (
                  <ul className="az-branches">
                    {s.branches.map((b) => (
                      <li key={b}>{b}</li>
                    ))}
                  </ul>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {active === 'details' ? (
        <div className="az-details" data-testid="process-details">
          {view.details.length === 0 ? <p className="muted">No activities found.</p> : null}
          {view.details.map((d, i) => (
            <details key={i} className={`az-detail${d.kind === 'gateway' ? ' az-detail-gateway' : ''}`}>
              <summary>
                {d.kind === 'gateway' ? '◆ Gateway: ' : `${d.number ?? i + 1}. `}
                {d.name}
                {d.performer ? <span className="muted"> — {d.performer}</span> : null}
              </summary>
              <dl className="az-kv">
                {d.fields.map((f, j) => (
                  <div key={j} className="az-kv-row">
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ))}
        </div>
      ) : null}
      {active === 'sipoc' ? (
        <div className="az-table-wrap">
          <table className="az-sipoc" data-testid="sipoc-table">
            <thead>
              <tr>
                <th>Suppliers</th>
                <th>Inputs</th>
                <th>Processes</th>
                <th>Outputs</th>
                <th>Customers</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <Cell values={view.sipoc.suppliers} />
                </td>
                <td>
                  <Cell values={view.sipoc.inputs} />
                </td>
                <td>
                  <Cell values={view.sipoc.processes} />
                </td>
                <td>
                  <Cell values={view.sipoc.outputs} />
                </td>
                <td>
                  <Cell values={view.sipoc.customers} />
                </td>
              </tr>
              <tr className="az-systems-row">
                <th scope="row">Systems</th>
                <td colSpan={4}>
                  <Cell values={view.sipoc.systems} />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      {active === 'model' ? <ProcessModelPanel analysisId={analysis.id} graph={graph} mobile={mobile} version={analysis.version ?? 1} onChanged={onChanged} processName={analysis.process_name || undefined} /> : null}
    </Tabs>
  );
}
