import { useEffect, useMemo, useState } from 'react';
import { BpmnViewer } from '../../../components/bpmn-viewer';
import { getBpmnXml } from '../api/analysis-api';
import type { SavedVersion } from '../api/versions-api';
import { ModelWorkbench } from './model-workbench';
import type { GraphState } from '../hooks/use-graph-status';
import { cacheBpmn, cachedBpmn } from '../lib/cache';
import { useKeyedState } from '../../../lib/use-keyed-state';

/** Props of ProcessModelPanel. */
export interface ProcessModelPanelProps {
  analysisId: string;
  graph: GraphState;
  mobile: boolean;
  /** Latest version of the model (1 as generated); part of the diagram's cache key. */
  version?: number;
  /** Enables editing, refinement and versions; called once a new version is stored. */
  onChanged?: (saved: SavedVersion) => Promise<void> | void;
  /** Names the SVG and PNG downloads of the diagram. */
  processName?: string;
  /** Opens in Edit mode (a file opened in the editor, a blank diagram). */
  startEditing?: boolean;
  /** Offers Re-layout (an uploaded BPMN file, redrawn by SPADE's layout). */
  canRelayout?: boolean;
}

/**
 * The Process Model tab: fetches the XML only once a graph exists (cache
 * first), then shows the viewer at 400 px (mobile) or 600 px (desktop).
 */
export function ProcessModelPanel({ analysisId, graph, mobile, version = 1, onChanged, processName, startEditing, canRelayout }: ProcessModelPanelProps) {
  // Each version has its own cached diagram; version 1 keeps the old key.
  const cacheKey = version > 1 ? `${analysisId}@${version}` : analysisId;
  // The cache answers first; a diagram fetched later is cached, and a new
  // version's diagram is cached by the edit that made it.
  const cached = useMemo(() => cachedBpmn(cacheKey), [cacheKey]);
  // The diagram on screen and the analysis it belongs to: a new version of the
  // same analysis keeps the previous diagram (and the workbench with its
  // messages) until the new one is in; another analysis starts empty.
  const [shown, setShown] = useState<{ analysisId: string; xml: string } | null>(() => (cached ? { analysisId, xml: cached } : null));
  if (cached && (shown?.analysisId !== analysisId || shown.xml !== cached)) setShown({ analysisId, xml: cached });
  const xml = shown?.analysisId === analysisId ? shown.xml : null;
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useKeyedState(`${cacheKey}#${attempt}`, false);

  useEffect(() => {
    if (cached || !graph.exists) return;
    let cancelled = false;
    getBpmnXml(analysisId)
      .then((x) => {
        if (cancelled) return;
        cacheBpmn(cacheKey, x);
        setShown({ analysisId, xml: x });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [analysisId, cacheKey, cached, graph.exists, attempt, setFailed]);

  const height = mobile ? 400 : 600;
  const retry = () => {
    graph.recheck();
    setAttempt((n) => n + 1);
  };
  if (failed || (!graph.exists && graph.status === 'failed')) {
    return (
      <div className="az-model-state" role="alert" style={{ minHeight: 120 }}>
        <p>Failed to load process model. Please try again.</p>
        <button type="button" className="btn btn-secondary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (!graph.exists && graph.status === 'none') {
    return <p className="az-model-state muted">No process model is available for this analysis.</p>;
  }
  if (!xml) {
    return (
      <div className="az-model-state" role="status">
        <span className="spinner" aria-hidden="true" /> <span>Generating process model...</span>
      </div>
    );
  }
  if (onChanged) {
    // An edit's diagram is already here: cache it under the new version's
    // key so the tab shows it without fetching it again.
    const changed = (saved: SavedVersion, edited?: string) => {
      if (edited) cacheBpmn(`${analysisId}@${saved.version}`, edited);
      return onChanged(saved);
    };
    return (
      <ModelWorkbench
        analysisId={analysisId}
        xml={xml}
        version={version}
        height={height}
        onChanged={changed}
        onRetry={retry}
        processName={processName}
        startEditing={startEditing}
        canRelayout={canRelayout}
      />
    );
  }
  return (
    <BpmnViewer
      xml={xml}
      viewKey={analysisId}
      height={height}
      exportName={processName ?? ''}
      onRetry={retry}
      loadingText="Loading process model..."
      failedText="Failed to load process model. Please try again."
    />
  );
}
