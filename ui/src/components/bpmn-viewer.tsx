import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { anyHidden, coversAny, drawnElements, elementBox, fitBox, fitMargin, firstViewBox, focusWithHeader, hiddenSides, LARGE_DIAGRAM, MIN_READABLE_PX, nextPaint, poolBoxes, readBoxes, READABLE_ZOOM, smallScreen, SMALLEST_LABEL_PX, startEventBox, startViewBox, unionBox, type Box, type DiagramElement, type ViewBox } from './bpmn-view';
import { PictureExport, PictureExportItems } from './picture-export';
import { EditorTools, PICTURES, type EditorToolList } from './editor-tools';
import { MoreMenu } from './more-menu';
import { NARROW_TOOLBAR_QUERY, useMediaQuery } from './use-media-query';
import { ZoomButtons } from './zoom-buttons';
import { declutterPads, dockSimulationControls, fitSimulationOverlays, followTokens, loadViewerSimulation, nameCases, SIM_BADGE_MARGIN, simulationStartView, SIMULATION_TOGGLE_EVENT, type SimulationHost, type ToggleMode } from './bpmn-simulation';
import './bpmn-viewer.css';

export { hiddenSides, MIN_READABLE_PX, READABLE_ZOOM, SMALLEST_LABEL_PX, type ViewBox } from './bpmn-view';

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

/** Keyboard zoom step: + and - reach a readable size from a fitted overview in a few presses. */
export const KEY_ZOOM_FACTOR = 1.25;

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
function savedView(key: string | undefined): Box | null {
  if (!key) return null;
  try {
    const raw = sessionStorage.getItem(viewKeyPrefix + key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Box;
    return [v.x, v.y, v.width, v.height].every(Number.isFinite) && v.width > 0 && v.height > 0 ? v : null;
  } catch {
    return null;
  }
}

function saveView(key: string | undefined, v: Box): void {
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
  viewbox(box?: Box): ViewBox;
  scroll(delta: { dx?: number; dy?: number }): void;
  addMarker(id: string, marker: string): void;
  resized(): void;
}
interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  getAll(): DiagramElement[];
  filter(fn: (e: DiagramElement) => boolean): DiagramElement[];
}
interface EventBus {
  on(event: string, cb: (e: { element?: { id: string }; open?: boolean; active?: boolean }) => void): void;
}
interface Minimap {
  open(): void;
  close(): void;
  toggle(open?: boolean): void;
  isOpen(): boolean;
}
interface Viewer {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveSVG(): Promise<{ svg: string }>;
  get(name: 'canvas'): Canvas;
  get(name: 'eventBus'): EventBus;
  get(name: 'minimap'): Minimap;
  get(name: 'elementRegistry'): ElementRegistry;
  get(name: 'toggleMode'): ToggleMode;
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
  /** Element ids the first view centres on (what changed); wins over the kept view. */
  focus?: string[];
  /**
   * Changed when the person asked to see the focus (chose a sentence or a
   * compare): once the view centres on it, the page scrolls the canvas into
   * view if the focus lies off screen. Views built for any other reason (a new
   * width, the simulation) leave the page where it is.
   */
  revealKey?: number;
  /** Called with the id of a diagram element the user clicks. */
  onElementClick?: (id: string) => void;
  /** Offers SVG and PNG downloads of the diagram, named after this (the process name). */
  exportName?: string;
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';
type Sides = { left: boolean; right: boolean; up: boolean; down: boolean };
const noSides: Sides = { left: false, right: false, up: false, down: false };

/**
 * Read-only BPMN diagram (bpmn-js NavigatedViewer, lazy-loaded) that opens
 * fitted to the model, with zoom, fit, a readable zoom, token simulation,
 * picture export, full screen and gesture help. The bpmn.io watermark stays
 * visible: its licence requires it.
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
  focus,
  revealKey,
  onElementClick,
  exportName,
}: BpmnViewerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  // The outcome of the last import, with what it imported: a new diagram (or
  // a retry) reads as 'loading' from its first render until its import ends.
  const [outcome, setOutcome] = useState<{ xml: string; attempt: number; highlightKey: string; status: 'ready' | 'failed' } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const narrow = useMediaQuery(NARROW_TOOLBAR_QUERY);
  const [sides, setSides] = useState<Sides>(noSides);
  const [scale, setScale] = useState(1);
  const [readableAt, setReadableAt] = useState(READABLE_ZOOM);
  // Token simulation: asked for once (then built into the viewer), and on or off.
  const [simWanted, setSimWanted] = useState(false);
  const [simOn, setSimOn] = useState(false);
  // Read by the fit, which keeps room for the simulation's "Finished" badge while it is on.
  const simOnRef = useRef(false);
  const [simFailed, setSimFailed] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const viewKeyRef = useRef(viewKey);
  const highlightRef = useRef(highlight);
  const focusRef = useRef(focus);
  // The reveal last done: a view rebuilt without a new request, or mounted anew, does not scroll the page.
  const revealKeyRef = useRef(revealKey);
  const revealedRef = useRef(revealKey);
  const clickRef = useRef(onElementClick);
  // The view on screen, so a viewer built again (for the simulation) opens where the user was.
  const lastViewRef = useRef<{ xml: string; box: Box } | null>(null);
  // The user opened or closed the overview: the viewer stops choosing for them.
  const minimapChosenRef = useRef(false);
  const minimapAutoRef = useRef(false);
  // The viewer's listeners outlive a render; they read the latest props
  // through these refs, updated before any effect or event can use them.
  useLayoutEffect(() => {
    viewKeyRef.current = viewKey;
    highlightRef.current = highlight;
    focusRef.current = focus;
    revealKeyRef.current = revealKey;
    clickRef.current = onElementClick;
  });
  const highlightKey = (highlight ?? []).join(',');
  const status: Status = !xml
    ? 'idle'
    : outcome && outcome.xml === xml && outcome.attempt === attempt && outcome.highlightKey === highlightKey
      ? outcome.status
      : 'loading';

  /** Opens or closes the overview unless the user chose; never on a small screen. */
  const placeMinimap = useCallback((open: boolean) => {
    const viewer = viewerRef.current;
    const el = containerRef.current;
    if (!viewer || !el || minimapChosenRef.current) return;
    const minimap = viewer.get('minimap');
    const want = open && !smallScreen(el);
    minimapAutoRef.current = true;
    if (minimap.isOpen() !== want) {
      if (want) minimap.open();
      else minimap.close();
    }
    // Never over what a person reads: opened where it would cover a shape or a label, it closes again (its toggle stays).
    const map = want ? el.querySelector('.djs-minimap') : null;
    if (map) {
      const r = map.getBoundingClientRect();
      const c = el.getBoundingClientRect();
      const over = { x: r.left - c.left, y: r.top - c.top, width: r.width, height: r.height };
      if (coversAny(over, readBoxes(viewer.get('elementRegistry').getAll()), viewer.get('canvas').viewbox(), el.clientWidth)) minimap.close();
    }
    minimapAutoRef.current = false;
  }, []);

  /** Shows the whole diagram; returns the scale it took. */
  const fitWhole = useCallback((): number => {
    const viewer = viewerRef.current;
    const el = containerRef.current;
    if (!viewer || !el) return 1;
    const canvas = viewer.get('canvas');
    const inner = canvas.viewbox().inner;
    const margin = fitMargin(smallScreen(el));
    // While the simulation plays: room at the right for "Finished" on an end event.
    const box = fitBox(inner, el.clientWidth, el.clientHeight, undefined, simOnRef.current ? { ...margin, right: SIM_BADGE_MARGIN } : margin);
    canvas.viewbox(box);
    return box.scale;
  }, []);

  useEffect(() => {
    if (!xml) return;
    let cancelled = false;
    let fitTimer: ReturnType<typeof setTimeout> | undefined;
    let observer: ResizeObserver | undefined;
    let stopNaming: (() => void) | undefined;
    let stopDeclutter: (() => void) | undefined;
    const setStatus = (s: 'ready' | 'failed') => setOutcome({ xml, attempt, highlightKey, status: s });
    (async () => {
      try {
        const [{ Ctor, minimap }, sim] = await Promise.all([loadViewer(), simWanted ? loadViewerSimulation() : Promise.resolve(null)]);
        if (cancelled || !containerRef.current) return;
        // Built again for the simulation or a new highlight: stay where the user was, unless told what to show.
        const resume = !focusRef.current?.length && lastViewRef.current?.xml === xml ? lastViewRef.current.box : null;
        viewerRef.current?.destroy();
        const viewer = new Ctor({ container: containerRef.current, additionalModules: sim ? [minimap, sim] : [minimap] });
        viewerRef.current = viewer;
        keyboardMinimapToggle(containerRef.current, viewer);
        if (dockRef.current) dockSimulationControls(containerRef.current, dockRef.current);
        if (sim) {
          fitSimulationOverlays(viewer as unknown as SimulationHost);
          followTokens(viewer as unknown as SimulationHost);
          stopNaming = nameCases(viewer as unknown as SimulationHost, dockRef.current ?? containerRef.current);
          stopDeclutter = declutterPads(viewer as unknown as SimulationHost, containerRef.current);
        }
        // Drawing a large diagram holds the page for seconds: the note saying so shows first.
        if (drawnElements(xml) >= LARGE_DIAGRAM) await nextPaint();
        if (cancelled) return;
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
        const readable = MIN_READABLE_PX / smallestFont(container);
        setReadableAt(readable);
        let settled = false;
        const bus = viewer.get('eventBus');
        bus.on('element.click', (e) => {
          if (e.element?.id) clickRef.current?.(e.element.id);
        });
        bus.on('minimap.toggle', () => {
          if (!minimapAutoRef.current) minimapChosenRef.current = true;
        });
        bus.on(SIMULATION_TOGGLE_EVENT, (e) => {
          simOnRef.current = Boolean(e.active);
          setSimOn(Boolean(e.active));
          if (!e.active) return;
          // The whole diagram on screen: fitted again with room for "Finished" at the right, or on a
          // phone where names fitted are too small to read, readable from the start event. A view
          // opened readable at its start (a long model on a phone) or zoomed in stays; the view follows the token.
          if (anyHidden(canvas.viewbox())) return;
          const fitScale = fitWhole();
          const vp = { width: container.clientWidth, height: container.clientHeight, narrow: smallScreen(container) };
          const all = viewer.get('elementRegistry').getAll();
          const start = simulationStartView(vp, canvas.viewbox().inner, readable, fitScale, startEventBox(all), readBoxes(all));
          if (start) canvas.viewbox(start);
        });
        bus.on('canvas.viewbox.changed', () => {
          const v = canvas.viewbox();
          setSides(hiddenSides(v));
          setScale(v.width > 0 ? container.clientWidth / v.width : 1);
          lastViewRef.current = { xml, box: { x: v.x, y: v.y, width: v.width, height: v.height } };
          if (settled) saveView(viewKeyRef.current, v);
        });
        observer = new ResizeObserver(() => canvas.resized());
        observer.observe(container);
        // What the view centres on is brought on screen when the person asked for it: on a phone a
        // sentence chosen in the Source list, or a compare chosen in Versions, sits a screen above
        // the canvas, and its elements were marked where no one saw them.
        const reveal = revealKeyRef.current;
        const revealFocus = () => {
          if (reveal === revealedRef.current || document.fullscreenElement) return;
          revealedRef.current = reveal; // once a request: the second fit after fonts moves no page
          const boxes = (focusRef.current ?? [])
            .map((id) => container.querySelector(`.djs-element[data-element-id="${CSS.escape(id)}"]`)?.getBoundingClientRect())
            .filter((r): r is DOMRect => !!r && r.width + r.height > 0);
          if (!boxes.length) return;
          const top = Math.min(...boxes.map((r) => r.top));
          const bottom = Math.max(...boxes.map((r) => r.bottom));
          const clear = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
          if (top < clear || bottom > window.innerHeight) stageRef.current?.scrollIntoView({ block: 'nearest' });
        };
        const firstView = () => {
          const fitScale = fitWhole();
          const el = viewer.get('elementRegistry');
          const around = unionBox((focusRef.current ?? []).map((id) => elementBox(el.get(id))).filter((b): b is Box => b !== null));
          if (around) {
            canvas.viewbox(focusWithHeader(around, poolBoxes(el.getAll()), fitScale, container.clientWidth, container.clientHeight));
            revealFocus();
          } else {
            // Whole (as fitted above), or, too long to show whole even at the least
            // fit or on a phone only as specks (the 79-step field book, 34 screens to
            // read), its start at a readable size: the "continues" cues say there
            // is more and Whole diagram beside them shows it all.
            const vp = { width: container.clientWidth, height: container.clientHeight, narrow: smallScreen(container) };
            const first = firstViewBox(vp, canvas.viewbox().inner, readable, startEventBox(el.getAll()));
            if (first.mode === 'start') canvas.viewbox(first.view);
          }
          placeMinimap(anyHidden(canvas.viewbox()));
        };
        const saved = resume ?? (focusRef.current?.length ? null : savedView(viewKeyRef.current));
        if (saved) {
          canvas.viewbox(saved);
          placeMinimap(anyHidden(canvas.viewbox()));
          settled = true;
          setStatus('ready');
          if (sim) viewer.get('toggleMode').toggleMode(true);
          return;
        }
        firstView();
        setStatus('ready');
        // Fonts and the stage's final size can arrive after the import: fit once more.
        fitTimer = setTimeout(() => {
          if (cancelled) return;
          canvas.resized();
          firstView();
          settled = true;
          // Built for the simulation on a view that opens on what changed (after a refinement or a
          // compare, no kept view): switch it on here too, or the first Simulate did nothing.
          if (sim) viewer.get('toggleMode').toggleMode(true);
        }, FIT_DELAY_MS);
      } catch (err) {
        if (!cancelled) {
          console.warn('bpmn import failed', err instanceof Error ? err.message : err);
          if (simWanted) {
            // The simulation could not be loaded: keep the plain viewer.
            setSimFailed(true);
            setSimWanted(false);
            return;
          }
          setStatus('failed');
        }
      }
    })();
    return () => {
      cancelled = true;
      if (fitTimer) clearTimeout(fitTimer);
      observer?.disconnect();
      stopNaming?.();
      stopDeclutter?.();
    };
  }, [xml, attempt, highlightKey, simWanted, fitWhole, placeMinimap]);

  useEffect(
    () => () => {
      viewerRef.current?.destroy();
      viewerRef.current = null;
    },
    [],
  );

  // Full screen changes the stage's size: let bpmn-js measure it again and show the whole diagram.
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => {
      const on = document.fullscreenElement === rootRef.current && rootRef.current !== null;
      setFullscreen(on);
      const canvas = viewerRef.current?.get('canvas');
      if (!canvas) return;
      requestAnimationFrame(() => {
        canvas.resized();
        fitWhole();
      });
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [fitWhole]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen?.().catch(() => {});
  };

  const zoomBy = useCallback((factor: number) => {
    const canvas = viewerRef.current?.get('canvas');
    if (!canvas) return;
    canvas.zoom(clampZoom(canvas.zoom() * factor), 'auto');
  }, []);

  const fit = useCallback(() => {
    fitWhole();
    placeMinimap(false);
  }, [fitWhole, placeMinimap]);

  /** Zoom to 100 % around the centre of the view. */
  const actualSize = useCallback(() => {
    viewerRef.current?.get('canvas').zoom(1);
  }, []);

  /** The smallest text at a readable size: from the process start when the whole diagram shows, else around the centre. */
  const zoomToRead = useCallback(() => {
    const viewer = viewerRef.current;
    const el = containerRef.current;
    if (!viewer || !el) return;
    const canvas = viewer.get('canvas');
    const v = canvas.viewbox();
    if (!anyHidden(v)) {
      if (el.clientWidth / v.width < readableAt - 1e-9) {
        canvas.viewbox(startViewBox(v.inner, { width: el.clientWidth, height: el.clientHeight }, readableAt, startEventBox(viewer.get('elementRegistry').getAll())));
      }
    } else {
      canvas.zoom(Math.ceil(readableAt * 1000) / 1000, 'auto');
    }
    placeMinimap(anyHidden(canvas.viewbox()));
  }, [readableAt, placeMinimap]);

  /** Pans by most of a screen so the next part of the diagram comes into view. */
  const pan = useCallback((dx: number, dy: number) => {
    const el = containerRef.current;
    const canvas = viewerRef.current?.get('canvas');
    if (!el || !canvas) return;
    canvas.scroll({ dx: dx * el.clientWidth * 0.8, dy: dy * el.clientHeight * 0.8 });
  }, []);

  const simulate = () => {
    setSimFailed(false);
    if (!simWanted) {
      setSimWanted(true);
      return;
    }
    viewerRef.current?.get('toggleMode').toggleMode(!simOn);
  };

  /** The diagram as bpmn-js draws it, for the SVG and PNG downloads. */
  const diagramSvg = async () => {
    const viewer = viewerRef.current;
    if (!viewer) throw new Error('the diagram is not shown yet.');
    return (await viewer.saveSVG()).svg;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (status !== 'ready' || e.altKey || e.metaKey || e.ctrlKey) return;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(KEY_ZOOM_FACTOR),
      '=': () => zoomBy(KEY_ZOOM_FACTOR),
      '-': () => zoomBy(1 / KEY_ZOOM_FACTOR),
      '0': actualSize,
      f: fit,
      r: zoomToRead,
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
  // Counted only while loading: the note is shown before a long draw.
  const drawn = showLoading && !loading && xml ? drawnElements(xml) : 0;
  const loadingNote =
    drawn >= LARGE_DIAGRAM ? `Drawing a large diagram (${drawn.toLocaleString('en-US')} elements): this takes a few seconds…` : loadingText;
  const ready = status === 'ready' && !loading;
  const tooSmall = ready && scale < readableAt - 0.001;
  const continues = ready && (sides.left || sides.right || sides.up || sides.down);
  // Full screen and Help: buttons on a wide screen, under More on a phone, as in the editor:
  // at 375 px the seven buttons took three rows, Help alone on the third. A phone's More
  // also holds 100 % and the downloads, so its bar is one row (SVG, PNG and its scale made three).
  const rareTools: EditorToolList = [
    ...(narrow ? ([{ id: 'actual', label: 'Zoom to 100 %', onClick: actualSize, disabled: !ready }, PICTURES] as EditorToolList) : []),
    { id: 'fullscreen', label: fullscreen ? 'Exit full screen' : 'Full screen', onClick: toggleFullscreen, disabled: !ready, on: fullscreen },
    { id: 'help', label: 'Help', onClick: () => setHelpOpen((v) => !v), disabled: false, on: helpOpen, opens: true },
  ];
  const pictureProps = { ready, getSvg: diagramSvg, name: exportName, onError: setExportError, onNote: setExportNote };
  return (
    <div className={`bpmn-viewer${className ? ` ${className}` : ''}${fullscreen ? ' is-fullscreen' : ''}`} ref={rootRef}>
      <div className="bpmn-toolbar" role="toolbar" aria-label="Diagram controls">
        {/* The zooms are the editor's icon buttons at every width; a phone's bar is one row: Fit and Stop short (their names in full). */}
        <ZoomButtons onZoomIn={() => zoomBy(ZOOM_IN_FACTOR)} onZoomOut={() => zoomBy(ZOOM_OUT_FACTOR)} disabled={!ready} keys={{ zoomIn: '+', zoomOut: '−' }} />
        <button type="button" className="btn btn-small" onClick={fit} disabled={!ready} aria-label={narrow ? 'Fit Content' : undefined}>
          {narrow ? 'Fit' : 'Fit Content'}
        </button>
        {narrow ? null : (
          <button type="button" className="btn btn-small" onClick={actualSize} disabled={!ready} aria-label="Zoom to 100 %">
            100 %
          </button>
        )}
        <button
          type="button"
          className="btn btn-small"
          onClick={simulate}
          disabled={!ready && !simWanted}
          aria-pressed={simOn}
          aria-label={narrow && simOn ? 'Stop simulation' : undefined}
          title="Play the process with tokens: start one on a start event, choose the path at each gateway"
        >
          {simOn ? (narrow ? 'Stop' : 'Stop simulation') : 'Simulate'}
        </button>
        {narrow ? (
          <MoreMenu menuLabel="More diagram tools">
            <EditorTools tools={rareTools} menu pictures={exportName !== undefined ? <PictureExportItems {...pictureProps} /> : null} />
          </MoreMenu>
        ) : (
          <>
            {exportName !== undefined ? <PictureExport {...pictureProps} /> : null}
            <EditorTools tools={rareTools} menu={false} pictures={null} />
          </>
        )}
      </div>
      {helpOpen ? (
        <div className="bpmn-help" role="note">
          <ul>
            <li>Drag or hold the middle mouse button to pan</li>
            <li>Scroll to move vertically</li>
            <li>Ctrl + scroll to zoom</li>
            <li>Shift + scroll to move horizontally</li>
            <li>Keys (click the diagram first): + and − zoom, 0 shows 100 %, F fits, R zooms to a readable size, arrows pan</li>
            <li>The overview in the corner shows the whole diagram; click or drag it to move there</li>
            <li>On a phone a large diagram opens readable at its start; Whole diagram, under the canvas, shows all of it</li>
            <li>Simulate: press ▶ on a start event to send a token; click a gateway to choose the path it takes; the view follows a token past the edge of the screen</li>
          </ul>
        </div>
      ) : null}
      {exportError || simFailed ? (
        <p className="bpmn-viewer-error" role="alert">
          {exportError ?? 'The simulation could not be loaded. Check your connection and try again.'}
        </p>
      ) : null}
      {exportNote ? (
        <p className="bpmn-viewer-note" role="status">
          {exportNote}
        </p>
      ) : null}
      {/* Key presses bubble up from the focused diagram; the stage itself is not a tab stop. */}
      <div className="bpmn-stage" style={{ height }} onKeyDown={onKeyDown} ref={stageRef}>
        <div ref={containerRef} className="bpmn-canvas" data-testid="bpmn-canvas" />
        {showLoading ? (
          <div className="bpmn-overlay">
            <span className="spinner" aria-hidden="true" />
            <span>{loadingNote}</span>
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
      {/* The token simulation's controls, notifications and log, moved here from over the diagram. */}
      <div className="bpmn-sim-dock" ref={dockRef} data-testid="bpmn-sim-dock" role="region" aria-label="Simulation" hidden={!simOn} />
      {/* Below the canvas, never over a shape: the zoom and where the diagram goes on. */}
      <div className="bpmn-statusbar" data-testid="bpmn-statusbar">
        <span className="bpmn-zoom" aria-live="polite">
          {ready ? `${Math.round(scale * 100)} %${continues ? '' : ' · whole diagram'}` : ''}
        </span>
        {tooSmall ? (
          <button type="button" className="bpmn-cue" onClick={zoomToRead}>
            Zoom to read
          </button>
        ) : null}
        {/* Beside the cues, where the eye is: on a phone the toolbar's Fit Content sits a scroll away, under the header. */}
        {continues ? (
          <button type="button" className="bpmn-cue" onClick={fit} title="Fit the whole diagram in view (F)">
            Whole diagram
          </button>
        ) : null}
        {ready && sides.left ? (
          <button type="button" className="bpmn-cue" onClick={() => pan(1, 0)}>
            ← continues
          </button>
        ) : null}
        {ready && sides.up ? (
          <button type="button" className="bpmn-cue" onClick={() => pan(0, 1)}>
            continues ↑
          </button>
        ) : null}
        {ready && sides.down ? (
          <button type="button" className="bpmn-cue" onClick={() => pan(0, -1)}>
            continues ↓
          </button>
        ) : null}
        {ready && sides.right ? (
          <button type="button" className="bpmn-cue" onClick={() => pan(-1, 0)}>
            continues →
          </button>
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
