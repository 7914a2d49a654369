import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BpmnViewer } from '../../../components/bpmn-viewer';
import { getBpmnXml } from '../api/analysis-api';
import type { SavedVersion } from '../api/versions-api';
import { ModelWorkbench } from './model-workbench';
import type { GraphState } from '../hooks/use-graph-status';
import { cacheBpmn, cachedBpmn } from '../lib/cache';
import { queryKeys } from '../../../lib/query/query-keys';

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
  // The browser's copy (analysis_bpmn_) answers first and is kept for good:
  // a version's diagram never changes. A diagram fetched later is stored
  // there, and a new version's diagram is stored by the edit that made it.
  const query = useQuery({
    queryKey: queryKeys.bpmn(analysisId, version),
    queryFn: async ({ signal }) => {
      const x = await getBpmnXml(analysisId, signal);
      cacheBpmn(cacheKey, x);
      return x;
    },
    initialData: () => cachedBpmn(cacheKey) ?? undefined,
    staleTime: Infinity,
    enabled: graph.exists || cachedBpmn(cacheKey) !== null,
  });
  // The diagram on screen and the analysis it belongs to: a new version of the
  // same analysis keeps the previous diagram (and the workbench with its
  // messages) until the new one is in; another analysis starts empty.
  const [shown, setShown] = useState<{ analysisId: string; xml: string } | null>(() => (query.data ? { analysisId, xml: query.data } : null));
  if (query.data && (shown?.analysisId !== analysisId || shown.xml !== query.data)) setShown({ analysisId, xml: query.data });
  const xml = shown?.analysisId === analysisId ? shown.xml : null;
  const failed = query.isError;

  const height = mobile ? 400 : 600;
  const retry = () => {
    graph.recheck();
    if (query.isError) void query.refetch();
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
