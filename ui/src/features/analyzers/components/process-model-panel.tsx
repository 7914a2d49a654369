import { useEffect, useState } from 'react';
import { BpmnViewer } from '../../../components/bpmn-viewer';
import { getBpmnXml } from '../api/analysis-api';
import type { GraphState } from '../hooks/use-graph-status';
import { cacheBpmn, cachedBpmn } from '../lib/cache';

/** Props of ProcessModelPanel. */
export interface ProcessModelPanelProps {
  analysisId: string;
  graph: GraphState;
  mobile: boolean;
}

/**
 * The Process Model tab: fetches the XML only once a graph exists (cache
 * first), then shows the viewer at 400 px (mobile) or 600 px (desktop).
 */
export function ProcessModelPanel({ analysisId, graph, mobile }: ProcessModelPanelProps) {
  const [xml, setXml] = useState<string | null>(() => cachedBpmn(analysisId));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setFailed(false);
    const cached = cachedBpmn(analysisId);
    if (cached) {
      setXml(cached);
      return;
    }
    setXml(null);
    if (!graph.exists) return;
    let cancelled = false;
    getBpmnXml(analysisId)
      .then((x) => {
        if (cancelled) return;
        cacheBpmn(analysisId, x);
        setXml(x);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [analysisId, graph.exists, attempt]);

  const height = mobile ? 400 : 600;
  const retry = () => {
    setFailed(false);
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
  return (
    <BpmnViewer
      xml={xml}
      viewKey={analysisId}
      height={height}
      onRetry={retry}
      loadingText="Loading process model..."
      failedText="Failed to load process model. Please try again."
    />
  );
}
