import { useCallback, useEffect, useRef, useState } from 'react';

/** Zoom limits and button factors (spec part 2 §9). */
export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 5;
export const ZOOM_IN_FACTOR = 1.02;
export const ZOOM_OUT_FACTOR = 0.98;
const FIT_DELAY_MS = 500;

/** Clamps a zoom level to 0.2–5. */
export function clampZoom(level: number): number {
  if (!Number.isFinite(level)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, level));
}

/** Below this scale labels cannot be read, so a long process opens at its start instead. */
export const READABLE_ZOOM = 0.5;

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
  inner: { x: number; y: number; width: number; height: number };
}

/**
 * The first view of a diagram: the whole diagram when it fits at a readable
 * scale; otherwise its left end (where the process starts) at READABLE_ZOOM,
 * vertically centred. `fitted` is the view after 'fit-viewport' at scale `scale`.
 */
export function initialViewBox(fitted: ViewBox, scale: number): ViewBox | null {
  if (!(scale > 0) || scale >= READABLE_ZOOM) return null;
  const k = scale / READABLE_ZOOM;
  const width = fitted.width * k;
  const height = fitted.height * k;
  const centreY = fitted.inner.y + fitted.inner.height / 2;
  return { ...fitted, x: fitted.inner.x - 20, y: centreY - height / 2, width, height };
}

// The parts of bpmn-js we use; typed here so the heavy module stays a lazy chunk.
interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto' | { x: number; y: number }): number;
  viewbox(box?: ViewBox): ViewBox;
}
interface Viewer {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  get(name: 'canvas'): Canvas;
  destroy(): void;
}

let viewerModule: Promise<new (opts: { container: HTMLElement }) => Viewer> | null = null;

/** Loads bpmn-js NavigatedViewer and its stylesheets once, on first use. */
function loadViewer() {
  if (!viewerModule) {
    viewerModule = Promise.all([
      import('bpmn-js/lib/NavigatedViewer'),
      import('bpmn-js/dist/assets/diagram-js.css'),
      import('bpmn-js/dist/assets/bpmn-js.css'),
    ])
      .then(([m]) => m.default as unknown as new (opts: { container: HTMLElement }) => Viewer)
      .catch((err: unknown) => {
        viewerModule = null;
        throw err;
      });
  }
  return viewerModule;
}

/** Props of BpmnViewer. */
export interface BpmnViewerProps {
  /** BPMN 2.0 XML; null/empty while the caller is still fetching it. */
  xml: string | null | undefined;
  /** CSS height of the canvas (number = px). */
  height?: number | string;
  /** The caller is still fetching the diagram. */
  loading?: boolean;
  /** Called by Retry after a failure; without it Retry re-imports the same XML. */
  onRetry?: () => void;
  loadingText?: string;
  failedText?: string;
  /** Shows the 'View Only' note (default true). */
  showViewOnlyNote?: boolean;
  className?: string;
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Read-only BPMN diagram (bpmn-js NavigatedViewer, lazy-loaded) with zoom,
 * fit and gesture help. The bpmn.io watermark stays visible: its licence
 * requires it.
 */
export function BpmnViewer({
  xml,
  height = 500,
  loading = false,
  onRetry,
  loadingText = 'Loading process model...',
  failedText = 'Failed to load process model.',
  showViewOnlyNote = true,
  className,
}: BpmnViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    if (!xml) {
      setStatus('idle');
      return;
    }
    let cancelled = false;
    let fitTimer: ReturnType<typeof setTimeout> | undefined;
    setStatus('loading');
    (async () => {
      try {
        const ViewerCtor = await loadViewer();
        if (cancelled || !containerRef.current) return;
        viewerRef.current?.destroy();
        const viewer = new ViewerCtor({ container: containerRef.current });
        viewerRef.current = viewer;
        await viewer.importXML(xml);
        if (cancelled) return;
        const canvas = viewer.get('canvas');
        const firstView = () => {
          const scale = canvas.zoom('fit-viewport', 'auto');
          const start = initialViewBox(canvas.viewbox(), scale);
          if (start) canvas.viewbox(start);
        };
        firstView();
        setStatus('ready');
        fitTimer = setTimeout(() => {
          if (!cancelled) firstView();
        }, FIT_DELAY_MS);
      } catch (err) {
        if (!cancelled) {
          console.warn('bpmn import failed', err instanceof Error ? err.message : err);
          setStatus('failed');
        }
      }
    })();
    return () => {
      cancelled = true;
      if (fitTimer) clearTimeout(fitTimer);
    };
  }, [xml, attempt]);

  useEffect(
    () => () => {
      viewerRef.current?.destroy();
      viewerRef.current = null;
    },
    [],
  );

  const zoomBy = useCallback((factor: number) => {
    const canvas = viewerRef.current?.get('canvas');
    if (!canvas) return;
    canvas.zoom(clampZoom(canvas.zoom() * factor), 'auto');
  }, []);

  const fit = useCallback(() => {
    viewerRef.current?.get('canvas').zoom('fit-viewport', 'auto');
  }, []);

  const retry = () => {
    if (onRetry) onRetry();
    else setAttempt((n) => n + 1);
  };

  const showLoading = loading || status === 'loading';
  const ready = status === 'ready' && !loading;
  return (
    <div className={`bpmn-viewer${className ? ` ${className}` : ''}`}>
      <div className="bpmn-toolbar" role="toolbar" aria-label="Diagram controls">
        <button type="button" className="btn btn-small" onClick={() => zoomBy(ZOOM_IN_FACTOR)} disabled={!ready}>
          Zoom In
        </button>
        <button type="button" className="btn btn-small" onClick={() => zoomBy(ZOOM_OUT_FACTOR)} disabled={!ready}>
          Zoom Out
        </button>
        <button type="button" className="btn btn-small" onClick={fit} disabled={!ready}>
          Fit Content
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={helpOpen}
          onClick={() => setHelpOpen((v) => !v)}
        >
          Help
        </button>
      </div>
      {helpOpen ? (
        <div className="bpmn-help" role="note">
          <ul>
            <li>Drag or hold the middle mouse button to pan</li>
            <li>Scroll to move vertically</li>
            <li>Ctrl + scroll to zoom</li>
            <li>Shift + scroll to move horizontally</li>
          </ul>
        </div>
      ) : null}
      <div className="bpmn-stage" style={{ height }}>
        <div ref={containerRef} className="bpmn-canvas" data-testid="bpmn-canvas" />
        {showLoading ? (
          <div className="bpmn-overlay">
            <span className="spinner" aria-hidden="true" />
            <span>{loadingText}</span>
          </div>
        ) : null}
        {status === 'failed' && !loading ? (
          <div className="bpmn-overlay" role="alert">
            <span>{failedText}</span>
            <button type="button" className="btn btn-secondary" onClick={retry}>
              Retry
            </button>
          </div>
        ) : null}
      </div>
      {showViewOnlyNote ? (
        <p className="bpmn-note">
          <strong>View Only</strong> — to edit this diagram, export it and import it into the modelling product.
        </p>
      ) : null}
    </div>
  );
}

export default BpmnViewer;
