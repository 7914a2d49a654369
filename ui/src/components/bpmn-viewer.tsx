import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './bpmn-viewer.css';

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

/** Smallest text a person can read on screen, in CSS px (issue 13.2). */
export const MIN_READABLE_PX = 9;
/** bpmn-js draws external labels (events, gateways, flows) at 11 px, task names at 12 px. */
export const SMALLEST_LABEL_PX = 11;
/** Below this scale the smallest labels drop under MIN_READABLE_PX. */
export const READABLE_ZOOM = MIN_READABLE_PX / SMALLEST_LABEL_PX;
/** Keyboard zoom step: + and - reach a readable size from a fitted overview in a few presses. */
export const KEY_ZOOM_FACTOR = 1.25;
const PAD = 20;

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
  inner: { x: number; y: number; width: number; height: number };
}

/**
 * The first view of a diagram. `fitted` is the view after 'fit-viewport'
 * at scale `scale`; `readable` is the lowest scale at which its smallest text
 * stays at MIN_READABLE_PX. The whole diagram when that fit is readable;
 * otherwise the diagram's full height if that is readable, else the
 * readable scale, in both cases starting at its left end (where the process
 * starts). Returns null to keep the fitted view.
 */
export function initialViewBox(fitted: ViewBox, scale: number, readable = READABLE_ZOOM): ViewBox | null {
  if (!(scale > 0) || scale >= readable - 1e-9) return null;
  const outerW = fitted.width * scale;
  const outerH = fitted.height * scale;
  const heightFit = Math.min(1, outerH / (fitted.inner.height + 2 * PAD));
  // Rounded up: bpmn-js rounds scales to 1/1000, which must not drop text under the limit.
  const k = heightFit >= readable ? heightFit : Math.ceil(readable * 1000) / 1000;
  const width = outerW / k;
  const height = outerH / k;
  const fitsHeight = fitted.inner.height + 2 * PAD <= height;
  const y = fitsHeight ? fitted.inner.y + fitted.inner.height / 2 - height / 2 : fitted.inner.y - PAD;
  return { ...fitted, x: fitted.inner.x - PAD, y, width, height };
}

/** Which sides of the diagram lie outside the view (the "continues" cues). */
export function hiddenSides(v: ViewBox): { left: boolean; right: boolean; up: boolean; down: boolean } {
  const slack = 2;
  return {
    left: v.inner.x < v.x - slack,
    right: v.inner.x + v.inner.width > v.x + v.width + slack,
    up: v.inner.y < v.y - slack,
    down: v.inner.y + v.inner.height > v.y + v.height + slack,
  };
}

/** The smallest font size drawn in the diagram, in diagram units (SMALLEST_LABEL_PX when none). */
function smallestFont(container: HTMLElement): number {
  let min = Infinity;
  container.querySelectorAll('.djs-visual text').forEach((t) => {
    if (!t.textContent?.trim()) return;
    const size = parseFloat(getComputedStyle(t).fontSize);
    if (size > 0 && size < min) min = size;
  });
  return Number.isFinite(min) ? min : SMALLEST_LABEL_PX;
}

const viewKeyPrefix = 'bpmn_view_';

/** The view the user left a diagram at, kept for this browser session. */
function savedView(key: string | undefined): Omit<ViewBox, 'inner'> | null {
  if (!key) return null;
  try {
    const raw = sessionStorage.getItem(viewKeyPrefix + key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Omit<ViewBox, 'inner'>;
    return [v.x, v.y, v.width, v.height].every(Number.isFinite) && v.width > 0 && v.height > 0 ? v : null;
  } catch {
    return null;
  }
}

function saveView(key: string | undefined, v: ViewBox): void {
  if (!key) return;
  try {
    sessionStorage.setItem(viewKeyPrefix + key, JSON.stringify({ x: v.x, y: v.y, width: v.width, height: v.height }));
  } catch {
    // A full or blocked storage only costs the remembered zoom.
  }
}

/**
 * diagram-js-minimap draws its open/close control as a bare div that only a
 * mouse can use. Make it a button for everyone: in the tab order, named by
 * what it does, its state announced, Enter and Space toggle the overview.
 */
export function keyboardMinimapToggle(container: HTMLElement, viewer: Viewer): void {
  const toggle = container.querySelector<HTMLElement>('.djs-minimap .toggle');
  if (!toggle) return;
  const minimap = viewer.get('minimap');
  const show = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Hide overview' : 'Show overview');
  };
  toggle.setAttribute('role', 'button');
  toggle.tabIndex = 0;
  show(Boolean(minimap.isOpen()));
  viewer.get('eventBus').on('minimap.toggle', (e) => show(Boolean(e.open)));
  toggle.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault(); // Space would scroll the page
    e.stopPropagation(); // not a shortcut of the stage
    minimap.toggle();
  });
}

// The parts of bpmn-js we use; typed here so the heavy module stays a lazy chunk.
interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto' | { x: number; y: number }): number;
  viewbox(box?: Omit<ViewBox, 'inner'>): ViewBox;
  scroll(delta: { dx?: number; dy?: number }): void;
  addMarker(id: string, marker: string): void;
}
interface EventBus {
  on(event: string, cb: (e: { element?: { id: string }; open?: boolean }) => void): void;
}
interface Minimap {
  open(): void;
  close(): void;
  toggle(open?: boolean): void;
  isOpen(): boolean;
}
interface Viewer {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  get(name: 'canvas'): Canvas;
  get(name: 'eventBus'): EventBus;
  get(name: 'minimap'): Minimap;
  destroy(): void;
}
type ViewerCtor = new (opts: { container: HTMLElement; additionalModules?: unknown[] }) => Viewer;

let viewerModule: Promise<{ Ctor: ViewerCtor; minimap: unknown }> | null = null;

/** Loads bpmn-js NavigatedViewer, the minimap and their stylesheets once, on first use. */
function loadViewer() {
  if (!viewerModule) {
    viewerModule = Promise.all([
      import('bpmn-js/lib/NavigatedViewer'),
      import('diagram-js-minimap'),
      import('bpmn-js/dist/assets/diagram-js.css'),
      import('bpmn-js/dist/assets/bpmn-js.css'),
      import('diagram-js-minimap/assets/diagram-js-minimap.css'),
    ])
      .then(([m, mini]) => ({ Ctor: m.default as unknown as ViewerCtor, minimap: mini.default as unknown }))
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
  /** Names the analysis: the view the user zoomed to is kept per key for the session. */
  viewKey?: string;
  /** Element ids to highlight (changed between two versions, or from a source sentence). */
  highlight?: string[];
  /** Called with the id of a diagram element the user clicks. */
  onElementClick?: (id: string) => void;
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
  viewKey,
  highlight,
  onElementClick,
}: BpmnViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  // The outcome of the last import, with what it imported: a new diagram (or
  // a retry) reads as 'loading' from its first render until its import ends.
  const [outcome, setOutcome] = useState<{ xml: string; attempt: number; highlightKey: string; status: 'ready' | 'failed' } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [sides, setSides] = useState({ left: false, right: false, up: false, down: false });
  const viewKeyRef = useRef(viewKey);
  const highlightRef = useRef(highlight);
  const clickRef = useRef(onElementClick);
  // The viewer's listeners outlive a render; they read the latest props
  // through these refs, updated before any effect or event can use them.
  useLayoutEffect(() => {
    viewKeyRef.current = viewKey;
    highlightRef.current = highlight;
    clickRef.current = onElementClick;
  });
  const highlightKey = (highlight ?? []).join(',');
  const status: Status = !xml
    ? 'idle'
    : outcome && outcome.xml === xml && outcome.attempt === attempt && outcome.highlightKey === highlightKey
      ? outcome.status
      : 'loading';

  useEffect(() => {
    if (!xml) return;
    let cancelled = false;
    let fitTimer: ReturnType<typeof setTimeout> | undefined;
    const setStatus = (s: 'ready' | 'failed') => setOutcome({ xml, attempt, highlightKey, status: s });
    (async () => {
      try {
        const { Ctor, minimap } = await loadViewer();
        if (cancelled || !containerRef.current) return;
        viewerRef.current?.destroy();
        const viewer = new Ctor({ container: containerRef.current, additionalModules: [minimap] });
        viewerRef.current = viewer;
        keyboardMinimapToggle(containerRef.current, viewer);
        await viewer.importXML(xml);
        if (cancelled) return;
        const canvas = viewer.get('canvas');
        for (const id of highlightRef.current ?? []) {
          try {
            canvas.addMarker(id, 'bpmn-changed');
          } catch {
            // the element is not in this version (it was removed)
          }
        }
        const container = containerRef.current;
        let settled = false;
        viewer.get('eventBus').on('element.click', (e) => {
          if (e.element?.id) clickRef.current?.(e.element.id);
        });
        viewer.get('eventBus').on('canvas.viewbox.changed', () => {
          const v = canvas.viewbox();
          setSides(hiddenSides(v));
          if (settled) saveView(viewKeyRef.current, v);
        });
        const firstView = () => {
          const scale = canvas.zoom('fit-viewport', 'auto');
          const start = container ? initialViewBox(canvas.viewbox(), scale, MIN_READABLE_PX / smallestFont(container)) : null;
          if (start) canvas.viewbox(start);
          // The overview shows where the visible part sits when the diagram does not fit.
          const hidden = hiddenSides(canvas.viewbox());
          if (hidden.left || hidden.right || hidden.up || hidden.down) viewer.get('minimap').open();
          else viewer.get('minimap').close();
          setSides(hidden);
        };
        const saved = savedView(viewKeyRef.current);
        if (saved) {
          canvas.viewbox(saved);
          const v = canvas.viewbox();
          const hidden = hiddenSides(v);
          if (hidden.left || hidden.right || hidden.up || hidden.down) viewer.get('minimap').open();
          setSides(hidden);
          settled = true;
          setStatus('ready');
          return;
        }
        firstView();
        setStatus('ready');
        fitTimer = setTimeout(() => {
          if (cancelled) return;
          firstView();
          settled = true;
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
  }, [xml, attempt, highlightKey]);

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

  /** Zoom to 100 % around the centre of the view. */
  const actualSize = useCallback(() => {
    viewerRef.current?.get('canvas').zoom(1);
  }, []);

  /** Pans by most of a screen so the next part of the diagram comes into view. */
  const pan = useCallback((dx: number, dy: number) => {
    const el = containerRef.current;
    const canvas = viewerRef.current?.get('canvas');
    if (!el || !canvas) return;
    canvas.scroll({ dx: dx * el.clientWidth * 0.8, dy: dy * el.clientHeight * 0.8 });
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (status !== 'ready' || e.altKey || e.metaKey || e.ctrlKey) return;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(KEY_ZOOM_FACTOR),
      '=': () => zoomBy(KEY_ZOOM_FACTOR),
      '-': () => zoomBy(1 / KEY_ZOOM_FACTOR),
      '0': actualSize,
      f: fit,
    };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  };

  // Ctrl + wheel (and pinch, which browsers report as Ctrl + wheel): diagram-js
  // steps ×1.16 per event whatever the wheel distance, so going from an
  // overview to readable text took nine notches. Zoom in proportion to the
  // distance instead (one notch ×1.25), around the pointer.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const canvas = viewerRef.current?.get('canvas');
      const el = containerRef.current;
      if (!canvas || !el) return;
      e.preventDefault();
      e.stopPropagation();
      const px = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      const r = el.getBoundingClientRect();
      canvas.zoom(clampZoom(canvas.zoom() * Math.pow(KEY_ZOOM_FACTOR, -px / 100)), { x: e.clientX - r.left, y: e.clientY - r.top });
    };
    stage.addEventListener('wheel', onWheel, { passive: false, capture: true });
    return () => stage.removeEventListener('wheel', onWheel, { capture: true });
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
        <button type="button" className="btn btn-small" onClick={actualSize} disabled={!ready} aria-label="Zoom to 100 %">
          100 %
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
            <li>Keys (click the diagram first): + and − zoom, 0 shows 100 %, F fits, arrows pan</li>
            <li>The overview in the corner shows the whole diagram; click or drag it to move there</li>
          </ul>
        </div>
      ) : null}
      {/* Key presses bubble up from the focused diagram; the stage itself is not a tab stop. */}
      <div className="bpmn-stage" style={{ height }} onKeyDown={onKeyDown} ref={stageRef}>
        <div ref={containerRef} className="bpmn-canvas" data-testid="bpmn-canvas" />
        {ready && sides.right ? (
          <button type="button" className="bpmn-continues bpmn-continues-right" onClick={() => pan(-1, 0)}>
            continues →
          </button>
        ) : null}
        {ready && sides.left ? (
          <button type="button" className="bpmn-continues bpmn-continues-left" onClick={() => pan(1, 0)}>
            ← continues
          </button>
        ) : null}
        {ready && sides.down && !sides.right ? (
          <button type="button" className="bpmn-continues bpmn-continues-down" onClick={() => pan(0, -1)}>
            continues ↓
          </button>
        ) : null}
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
