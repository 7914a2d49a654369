import { useMemo, useState } from 'react';
import type { Analysis } from '../api/types';
import type { SavedVersion } from '../api/versions-api';
import type { GraphState } from '../hooks/use-graph-status';
import { ProcessModelPanel } from './process-model-panel';
import { bpmnReport, complexityRating, qualityLabel, scoreBand } from '../lib/bpmn-report';
import { sectionBody, splitSections } from '../lib/sections';
import { Tabs } from './tabs';

const tabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'inventory', label: 'Process Inventory' },
  { id: 'issues', label: 'Quality Issues' },
  { id: 'score', label: 'Quality Score' },
  { id: 'suggestions', label: 'Suggestions' },
  { id: 'model', label: 'Process Model' },
];

const metricLabels: Record<string, string> = {
  size: 'Flow nodes',
  tasks: 'Tasks',
  gateways: 'Gateways',
  paths: 'Start-to-end paths',
  control_flow_complexity: 'Control-flow complexity',
  gateway_mismatch: 'Gateway mismatch',
  nesting_depth: 'Nesting depth',
};

/** Props of BpmnTabs. */
export interface BpmnTabsProps {
  analysis: Analysis;
  /** The uploaded diagram's graph, as the page's useGraphStatus sees it. */
  graph: GraphState;
  mobile?: boolean;
  /** Enables editing, refinement and versions of the uploaded diagram. */
  onChanged?: (saved: SavedVersion) => Promise<void> | void;
  /** Opened from "Open BPMN file in editor" or "New blank diagram": start on the diagram in Edit mode. */
  startInEditor?: boolean;
}

/**
 * The BPMN analyzer's five report tabs, from metadata with the report text
 * as fallback, and the uploaded diagram itself (Process Model), which can
 * be edited and refined like a generated one.
 */
export function BpmnTabs({ analysis, graph, mobile = false, onChanged, startInEditor = false }: BpmnTabsProps) {
  const [active, setActive] = useState(startInEditor ? 'model' : 'overview');
  // Edit mode only on the first showing: coming back to the tab shows the viewer.
  const [editFirst, setEditFirst] = useState(startInEditor);
  const extra = analysis.metadata?.extra;
  const notes = [extra?.conversion_note, extra?.layout_note].filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  const sections = useMemo(() => splitSections(analysis.formatted_text), [analysis.formatted_text]);
  const report = useMemo(() => bpmnReport(analysis.metadata, sections), [analysis.metadata, sections]);
  const overviewText = sectionBody(sections, 'analysis overview') || sectionBody(sections, 'process overview');
  const recText = sectionBody(sections, 'improvement recommendations');
  const cx = report.complexity;
  const cxRating = cx ? complexityRating((cx.score / cx.denominator) * 10) : null;

  return (
    <Tabs
      tabs={tabs}
      active={active}
      onChange={(t) => {
        setEditFirst(false);
        setActive(t);
      }}
    >
      {active === 'overview' ? (
        <div className="az-overview">
          <dl className="az-kv">
            <dt>Process Name</dt>
            <dd>{analysis.process_name || 'Unnamed process'}</dd>
            <dt>Original File</dt>
            <dd data-testid="overview-filename">{analysis.original_filename || 'unknown'}</dd>
          </dl>
          <h3>Analysis Overview</h3>
          <p className="az-pre">{overviewText || '—'}</p>
          <h3>Metrics &amp; Complexity</h3>
          {cx && cxRating ? (
            <div className="az-complexity" data-testid="complexity">
              <span className={`az-pill tone-${cxRating.tone}`}>
                {cx.rating || cxRating.label} ({cx.score}/{cx.denominator})
              </span>
              <dl className="az-metrics">
                {Object.entries(cx.metrics)
                  .filter(([k]) => k in metricLabels)
                  .map(([k, v]) => (
                    <div key={k}>
                      <dt>{metricLabels[k]}</dt>
                      <dd>{v}</dd>
                    </div>
                  ))}
              </dl>
              {cx.justification ? <p className="muted">{cx.justification}</p> : null}
            </div>
          ) : (
            <p className="muted">No complexity data.</p>
          )}
        </div>
      ) : null}
      {active === 'inventory' ? (
        <div>
          <h3>Process Element Inventory</h3>
          {report.inventory.length ? (
            <table className="az-inventory" data-testid="inventory-table">
              <thead>
                <tr>
                  <th>Element</th>
                  <th>Count</th>
                  <th>Names</th>
                </tr>
              </thead>
              <tbody>
                {report.inventory.map((r) => (
                  <tr key={r.label}>
                    <td>{r.label}</td>
                    <td>{r.count}</td>
                    <td>{r.names.length ? r.names.join('; ') : <span className="muted">none</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <pre className="az-section-body">{sectionBody(sections, 'element inventory') || 'No inventory.'}</pre>
          )}
        </div>
      ) : null}
      {active === 'issues' ? (
        <div data-testid="quality-issues">
          <h3>Quality Issues Found</h3>
          {report.issues.length === 0 ? (
            <p className="az-pre">{sectionBody(sections, 'quality issues') || 'No quality issues found.'}</p>
          ) : (
            report.issues.map((i) => (
              <article key={i.number} className={`az-issue${i.severity ? ` sev-${i.severity}` : ''}`}>
                <h4>
                  {i.number}. {i.title}
                  {i.severity ? <span className="badge">{i.severity}</span> : null}
                </h4>
                {i.elements.length ? (
                  <p>
                    <strong>Elements involved:</strong> {i.elements.join(', ')}
                  </p>
                ) : null}
                <p>
                  <strong>Problem:</strong> {i.problem}
                </p>
                <p>
                  <strong>Recommendation:</strong> {i.recommendation}
                </p>
                {i.visualGuidance ? <p className="muted">💡 {i.visualGuidance}</p> : null}
              </article>
            ))
          )}
        </div>
      ) : null}
      {active === 'score' ? (
        <div data-testid="quality-score">
          <h3>Process Quality Score</h3>
          {report.overall !== null ? (
            <p className={`az-overall ${scoreBand(report.overall)}`}>
              <span className="az-overall-num" data-testid="overall-score">
                {report.overall}
              </span>
              /100 <span className="az-overall-label">{qualityLabel(report.overall)}</span>
            </p>
          ) : (
            <p className="muted">No score available.</p>
          )}
          <div className="az-score-grid">
            {report.categories.map((c) => {
              const pct = c.total > 0 ? (c.score / c.total) * 100 : 0;
              return (
                <div key={c.title} className={`az-score-card ${scoreBand(pct)}`}>
                  <div className="az-score-title">
                    <strong>{c.title}</strong>
                    <span className="muted">weight {c.weightPercent}%</span>
                  </div>
                  <div className="az-score-value">
                    {Math.round(c.score * 10) / 10}/{c.total} <span className="az-score-label">{qualityLabel(pct)}</span>
                  </div>
                  <div className="progress">
                    <div className="progress-bar" style={{ width: `${Math.max(0, Math.min(100, pct))}%` }} />
                  </div>
                  <p className="muted">{c.rationale}</p>
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
      {active === 'suggestions' ? (
        <div>
          <h3>Improvement Recommendations</h3>
          {report.recommendations.length ? (
            <ul className="az-recs">
              {report.recommendations.map((r, i) => (
                <li key={i}>
                  {r.priority ? <span className={`badge prio-${r.priority.toLowerCase()}`}>{r.priority}</span> : null} {r.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className="az-pre">{recText || 'No recommendations.'}</p>
          )}
        </div>
      ) : null}
      {active === 'model' ? (
        <>
          {notes.map((n) => (
            <p key={n} className="notice az-conversion-note" data-testid="conversion-note">
              {n}
            </p>
          ))}
          <ProcessModelPanel
            analysisId={analysis.id}
            graph={graph}
            mobile={mobile}
            version={analysis.version ?? 1}
            onChanged={onChanged}
            processName={analysis.process_name || undefined}
            startEditing={editFirst}
            canRelayout
          />
        </>
      ) : null}
    </Tabs>
  );
}
