import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { anyHidden, drawnElements, FIT_MARGIN, fitBox, fitMargin, firstViewBox, LARGE_DIAGRAM, nextPaint, readBoxes, READABLE_ZOOM, smallScreen, startEventBox, type Box, type DiagramElement, type ViewBox } from './bpmn-view';
import { downloadBlob, pictureFileName } from './bpmn-export';
import { PictureExport, PictureExportItems } from './picture-export';
import { MoreMenu } from './more-menu';
import { EditorTools, PICTURES, type EditorToolList } from './editor-tools';
import { NARROW_TOOLBAR_QUERY, useMediaQuery } from './use-media-query';
import { ZoomButtons } from './zoom-buttons';
import { declutterPads, dockSimulationControls, fitSimulationOverlays, followTokens, loadModelerSimulation, nameCases, SIM_BADGE_MARGIN, simulationStartView, SIMULATION_TOGGLE_EVENT, type SimulationHost, type ToggleMode } from './bpmn-simulation';
import { problemList, type LintIssues, type Problem } from './bpmn-problems';
import { revealOpenedSections } from './panel-sections';
import './bpmn-viewer.css';
import './bpmn-editor.css';

// The parts of the bpmn-js Modeler we use; typed here so the heavy modules
// (Modeler, properties panel, lint, simulation) stay lazy chunks loaded
// only when someone edits.
interface Shape {
  id: string;
  type?: string;
  businessObject?: { name?: string };
}
interface Modeler {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(opts: { format: boolean }): Promise<{ xml?: string }>;
  saveSVG(): Promise<{ svg: string }>;
  get(name: 'canvas'): {
    zoom(level?: 'fit-viewport' | number, center?: 'auto'): number;
    viewbox(box?: Box): ViewBox;
    resized(): void;
    scrollToElement(el: Shape, padding?: number | { top: number; right: number; bottom: number; left: number }): void;
    focus?(): void;
  };
  get(name: 'commandStack'): { canUndo(): boolean; canRedo(): boolean; undo(): void; redo(): void };
  get(name: 'eventBus'): { on(event: string, fn: (e: { issues?: LintIssues; active?: boolean; trigger?: string }) => void): void };
  get(name: 'elementRegistry'): { get(id: string): Shape | undefined; getAll(): DiagramElement[] };
  get(name: 'selection'): { select(el: Shape): void };
  get(name: 'toggleMode'): ToggleMode;
  get(name: 'linting'): { isActive(): boolean; toggle(active?: boolean): void };
  destroy(): void;
}
type ModelerCtor = new (opts: Record<string, unknown>) => Modeler;

interface EditorModules {
  Ctor: ModelerCtor;
  modules: unknown[];
  lint: unknown;
}

let editorModules: Promise<EditorModules> | null = null;

/** Loads the Modeler, properties panel, lint and token simulation with their stylesheets, once, on first edit. */
function loadEditor(): Promise<EditorModules> {
  if (!editorModules) {
    editorModules = Promise.all([
      import('bpmn-js/lib/Modeler'),
      import('./bpmn-panel-modules'),
      loadModelerSimulation(),
      import('bpmn-js/dist/assets/diagram-js.css'),
      import('bpmn-js/dist/assets/bpmn-js.css'),
      import('bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'),
      import('@bpmn-io/properties-panel/dist/assets/properties-panel.css'),
      import('bpmn-js-bpmnlint/dist/assets/css/bpmn-js-bpmnlint.css'),
    ])
      .then(([m, add, sim]) => ({
        Ctor: m.default as unknown as ModelerCtor,
        modules: [add.BpmnPropertiesPanelModule, add.BpmnPropertiesProviderModule, add.flowPropertiesModule, add.lintModule, sim],
        lint: add.spadeLintBundle,
      }))
      .catch((err: unknown) => {
        editorModules = null;
        throw err;
      });
  }
  return editorModules;
}

/** How to edit: beside Cancel and Save version on a wide screen, at the top of Help on a phone (Tips opens it). */
const EDITING_HINT = 'Drag shapes between lanes, double-click a label to rename, use the palette on the left to add steps.';

/** Keyboard shortcuts of the editor (click the diagram first), as the Help lists them. */
export const editorShortcuts: [string, string][] = [
  ['Ctrl + Z', 'Undo'],
  ['Ctrl + Y or Ctrl + Shift + Z', 'Redo'],
  ['Ctrl + C, Ctrl + V', 'Copy, paste'],
  ['Ctrl + A', 'Select all'],
  ['Ctrl + F', 'Find an element'],
  ['Delete or Backspace', 'Remove the selection'],
  ['E', 'Edit the label'],
  ['R', 'Change the type (replace)'],
  ['H / L / S / C', 'Hand, lasso, space and connect tools'],
  ['Ctrl + +, Ctrl + −, Ctrl + 0', 'Zoom in, out, reset'],
  ['Arrows (Shift: faster)', 'Move the canvas'],
  ['T', 'Token simulation on or off'],
  ['Space / R / L (while simulating)', 'Pause, reset, show the log'],
];

/** The problems listed at most; a large diagram can have thousands, the rest are counted. */
export const PROBLEMS_SHOWN = 100;

/** Props of BpmnEditor. */
export interface BpmnEditorProps {
  xml: string;
  height?: number;
  /** Saves the edited XML; a rejection's message is shown and editing goes on. */
  onSave: (xml: string) => Promise<void>;
  onCancel: () => void;
  /** Names the SVG and PNG downloads. */
  exportName?: string;
  /**
   * Redraws the diagram the editor holds (unsaved edits included) with
   * SPADE's layout; the answer is loaded as an unsaved change (Undo brings
   * back what was there, Save keeps it, Cancel drops it). note says why it
   * is not the full layout, when it is not; conversion what the layout did
   * not keep.
   */
  onRelayout?: (xml: string) => Promise<{ xml: string; note: string; conversion?: string }>;
  /**
   * Shows the latest saved version instead (offered when a save was refused
   * because someone saved first: onSave rejected with an error whose
   * conflict is true). Discards the edits.
   */
  onReload?: () => Promise<void>;
}

/** What the editor shows above the canvas when something failed. */
interface EditorError {
  text: string;
  /** Someone saved first: offer to download these edits and to reload. */
  conflict?: boolean;
}

/** The canvas' left margin, in CSS px, that keeps a shape clear of the palette drawn over its left edge. */
function clearOfPalette(canvas: HTMLElement): number {
  const palette = canvas.querySelector('.djs-palette')?.getBoundingClientRect();
  return palette && palette.width > 0 ? Math.max(FIT_MARGIN.left, palette.right - canvas.getBoundingClientRect().left + 16) : FIT_MARGIN.left;
}

/** The canvas' part right of the palette, as a viewport for the view rules, and the palette's strip width. */
function rightOfPalette(el: HTMLElement): { left: number; vp: { width: number; height: number; narrow: boolean } } {
  const left = clearOfPalette(el);
  return { left, vp: { width: Math.max(1, el.clientWidth - left), height: el.clientHeight, narrow: smallScreen(el) } };
}

/** Shows a view chosen for the canvas right of the palette: widened by the palette's strip on the left. */
function showRightOfPalette(
  canvas: { viewbox(box: { x: number; y: number; width: number; height: number }): unknown },
  v: { x: number; y: number; width: number; height: number; scale: number },
  left: number,
): void {
  canvas.viewbox({ x: v.x - left / v.scale, y: v.y, width: v.width + left / v.scale, height: v.height });
}

/**
 * Edit mode of the Process Model tab: the bpmn-js Modeler (palette, context
 * pad, drag into lanes, direct label editing) with the properties panel,
 * lint while editing and a problems list, undo/redo, zoom, fit, token
 * simulation, full screen, SVG/PNG and Save / Cancel. The bpmn.io watermark
 * stays visible: its licence requires it.
 */
export function BpmnEditor({ xml, height = 600, onSave, onCancel, exportName, onRelayout, onReload }: BpmnEditorProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<Modeler | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<EditorError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [relaying, setRelaying] = useState(false);
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [simOn, setSimOn] = useState(false);
  // Read by the fit: while the simulation plays it keeps room at the right for "Finished".
  const simOnRef = useRef(false);
  const [panelOpen, setPanelOpen] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const [fullscreen, setFullscreen] = useState(false);
  // A phone keeps undo, redo, zoom, fit and zoom to read in the bar (two rows at 375 px) and the rest under More.
  const narrow = useMediaQuery(NARROW_TOOLBAR_QUERY);
  // A large diagram opens with lint paused: linting thousands of elements
  // again after every change would make each edit wait.
  const size = useMemo(() => drawnElements(xml), [xml]);
  const large = size >= LARGE_DIAGRAM;
  const [lintPaused, setLintPaused] = useState(large);
  // A re-layout is a new import, which empties bpmn-js' command stack: the
  // diagram before it (and whether it was saved) is kept here so that Undo
  // can bring it back, and Redo the re-laid one after that.
  const layoutUndo = useRef<{ xml: string; dirty: boolean }[]>([]);
  const layoutRedo = useRef<string[]>([]);
  // The view the last fit made: a size change fits again only while the
  // user has not zoomed or scrolled away from it.
  const fitted = useRef<{ x: number; y: number; scale: number } | null>(null);
  // The zoom on screen: "Zoom to read" is offered while names are drawn too small to read.
  const [scale, setScale] = useState(1);

  /** The view is still the one the last fit made (the user has not zoomed or scrolled). */
  const fittedStill = useCallback((canvas: { viewbox(): { x: number; y: number }; zoom(): number }): boolean => {
    const { x, y } = canvas.viewbox();
    const f = fitted.current;
    return f !== null && Math.abs(f.x - x) < 0.5 && Math.abs(f.y - y) < 0.5 && Math.abs(f.scale - canvas.zoom()) < 1e-3;
  }, []);

  const fit = useCallback(() => {
    const m = modelerRef.current;
    const el = containerRef.current;
    if (!m || !el) return;
    const canvas = m.get('canvas');
    // The palette sits on the canvas' left edge: the fitted diagram starts
    // right of it, so no shape is drawn under the tools.
    const left = clearOfPalette(el);
    // Token simulation badges an end event's right side ("Finished", about
    // 60 px wide): while it plays the right margin keeps it inside the
    // canvas. Kept only then: on a phone those 48 px more cost a quarter of
    // the room left of the palette.
    const margin = fitMargin(smallScreen(el));
    const right = simOnRef.current ? SIM_BADGE_MARGIN : margin.right;
    canvas.viewbox(fitBox(canvas.viewbox().inner, el.clientWidth, el.clientHeight, undefined, { ...margin, left, right }));
    const { x, y } = canvas.viewbox();
    fitted.current = { x, y, scale: canvas.zoom() };
  }, []);

  /**
   * The first view, by the viewer's rule (firstViewBox): the whole diagram,
   * or on a phone a model that would show only as specks (the 30-step row,
   * the field book) readable at its start, right of the palette.
   */
  const firstView = useCallback(() => {
    const m = modelerRef.current;
    const el = containerRef.current;
    if (!m || !el) return;
    const canvas = m.get('canvas');
    const { left, vp } = rightOfPalette(el);
    const first = firstViewBox(vp, canvas.viewbox().inner, READABLE_ZOOM, startEventBox(m.get('elementRegistry').getAll()));
    if (first.mode === 'whole') {
      fit();
      return;
    }
    showRightOfPalette(canvas, first.view, left);
    fitted.current = null;
  }, [fit]);

  /**
   * A simulation switched on over the fitted view: on a phone where names
   * fitted are too small to read, the view moves to the readable scale at
   * the start event, right of the palette (simulationStartView); it then
   * follows the token.
   */
  const simulationView = useCallback(() => {
    const m = modelerRef.current;
    const el = containerRef.current;
    if (!m || !el) return;
    const canvas = m.get('canvas');
    const { left, vp } = rightOfPalette(el);
    const all = m.get('elementRegistry').getAll();
    const v = simulationStartView(vp, canvas.viewbox().inner, READABLE_ZOOM, canvas.zoom(), startEventBox(all), readBoxes(all));
    if (!v) return;
    showRightOfPalette(canvas, v, left);
    fitted.current = null;
  }, []);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    let stopNaming: (() => void) | undefined;
    let stopDeclutter: (() => void) | undefined;
    (async () => {
      try {
        const { Ctor, modules, lint } = await loadEditor();
        if (cancelled || !containerRef.current || !panelRef.current) return;
        const m = new Ctor({
          container: containerRef.current,
          additionalModules: modules,
          propertiesPanel: { parent: panelRef.current },
          linting: { bpmnlint: lint, active: !large },
        });
        modelerRef.current = m;
        if (dockRef.current) dockSimulationControls(containerRef.current, dockRef.current);
        fitSimulationOverlays(m as unknown as SimulationHost);
        followTokens(m as unknown as SimulationHost);
        stopNaming = nameCases(m as unknown as SimulationHost, dockRef.current ?? containerRef.current);
        stopDeclutter = declutterPads(m as unknown as SimulationHost, containerRef.current);
        const bus = m.get('eventBus');
        bus.on('linting.completed', (e) => {
          const reg = m.get('elementRegistry');
          setProblems(
            problemList(e.issues ?? {}, (id) => {
              const el = reg.get(id);
              return el ? { name: el.businessObject?.name, type: el.type } : undefined;
            }),
          );
        });
        bus.on(SIMULATION_TOGGLE_EVENT, (e) => {
          simOnRef.current = Boolean(e.active);
          setSimOn(Boolean(e.active));
          if (!e.active) return;
          // Still the fitted view: fitted again with room for "Finished" at the right, or on a phone
          // readable from the start event. A view opened readable at its start or zoomed by the user
          // stays; the view follows the token.
          if (!fittedStill(m.get('canvas'))) return;
          fit();
          simulationView();
        });
        // Drawing a large diagram holds the page for seconds: the note saying so shows first.
        if (large) await nextPaint();
        if (cancelled) return;
        await m.importXML(xml);
        if (cancelled) return;
        const container = containerRef.current;
        const canvas = m.get('canvas');
        // The canvas narrows when the properties panel opens (or the window
        // or full screen changes its size): diagram-js keeps the old size
        // until told, and the fit made for the wider canvas would cut the
        // right edge off, so each size change re-measures and fits again.
        let last = { w: container.clientWidth, h: container.clientHeight };
        observer = new ResizeObserver(() => {
          const now = { w: container.clientWidth, h: container.clientHeight };
          if (now.w === last.w && now.h === last.h) return;
          last = now;
          // Still the fitted view? Then fit the new size; a view the user
          // zoomed or scrolled stays where they put it.
          const untouched = fittedStill(canvas);
          canvas.resized();
          if (untouched) fit();
        });
        observer.observe(container);
        bus.on('canvas.viewbox.changed', () => setScale(canvas.zoom()));
        canvas.resized();
        firstView();
        bus.on('commandStack.changed', (e: { trigger?: string }) => {
          // An import (re-layout, undoing one) clears the stack; relayout()
          // and stepBack() set the history themselves.
          if (e.trigger === 'clear') return;
          // A new edit after undoing a re-layout: the re-laid diagram can no longer be redone.
          if (e.trigger === 'execute') layoutRedo.current = [];
          setDirty(true);
          const stack = m.get('commandStack');
          setHistory({ undo: stack.canUndo() || layoutUndo.current.length > 0, redo: stack.canRedo() || layoutRedo.current.length > 0 });
        });
        setLintPaused(large);
        setStatus('ready');
      } catch (err) {
        console.warn('bpmn editor failed', err instanceof Error ? err.message : err);
        if (!cancelled) setStatus('failed');
      }
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      stopNaming?.();
      stopDeclutter?.();
      modelerRef.current?.destroy();
      modelerRef.current = null;
    };
  }, [xml, fit, firstView, fittedStill, simulationView, large]);

  // A section opened at the bottom of a phone's screen scrolls its fields into view.
  useEffect(() => (panelRef.current ? revealOpenedSections(panelRef.current) : undefined), []);

  useEffect(() => {
    const onChange = () => {
      setFullscreen(document.fullscreenElement === rootRef.current && rootRef.current !== null);
      requestAnimationFrame(() => {
        modelerRef.current?.get('canvas').resized();
        fit();
      });
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [fit]);

  const save = async () => {
    const m = modelerRef.current;
    if (!m) return;
    setSaving(true);
    setError(null);
    try {
      const { xml: out } = await m.saveXML({ format: true });
      if (!out) throw new Error('The editor returned no diagram.');
      await onSave(out);
      setDirty(false);
      // What Undo brings back across a re-layout is no longer the saved diagram.
      layoutUndo.current = layoutUndo.current.map((u) => ({ ...u, dirty: true }));
    } catch (err) {
      // The edits stay on the canvas whatever failed: nothing is lost by trying again.
      setError({ text: (err as Error).message || 'Saving failed. Please try again.', conflict: (err as { conflict?: boolean }).conflict === true });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    if (dirty && !window.confirm('Discard your changes to the diagram?')) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    onCancel();
  };

  const zoomBy = (factor: number) => {
    const canvas = modelerRef.current?.get('canvas');
    if (canvas) canvas.zoom(Math.min(5, Math.max(0.2, canvas.zoom() * factor)), 'auto');
  };

  /**
   * Names at a readable size (a phone's fit draws them at a quarter): from
   * the process' left end when the whole diagram showed, clear of the
   * palette, else around the middle of the view.
   */
  const zoomToRead = () => {
    const canvas = modelerRef.current?.get('canvas');
    const el = containerRef.current;
    if (!canvas || !el) return;
    const before = canvas.viewbox();
    canvas.zoom(Math.ceil(READABLE_ZOOM * 1000) / 1000, 'auto');
    if (anyHidden(before)) return;
    const v = canvas.viewbox();
    const k = el.clientWidth / v.width;
    canvas.viewbox({ x: before.inner.x - clearOfPalette(el) / k, y: v.y, width: v.width, height: v.height });
  };

  const select = (p: Problem) => {
    const m = modelerRef.current;
    const el = m?.get('elementRegistry').get(p.elementId);
    if (!m || !el) return;
    m.get('selection').select(el);
    const canvas = m.get('canvas');
    // A fitted overview on a phone (a quarter of full size) draws a task
    // smaller than the lint badge on it: zoomed to where its name reads.
    if (canvas.zoom() < READABLE_ZOOM) canvas.zoom(Math.ceil(READABLE_ZOOM * 1000) / 1000);
    const box = containerRef.current;
    canvas.scrollToElement(el, { top: 60, right: 40, bottom: 60, left: box ? clearOfPalette(box) : 80 });
    setPanelOpen(true);
    // On a phone the list sits below the canvas and the panel, a screen or
    // more down: the page scrolls back up so the selected element shows.
    containerRef.current?.scrollIntoView?.({ block: 'nearest' });
  };

  /** The diagram as bpmn-js draws it, for the SVG and PNG downloads. */
  const diagramSvg = async () => {
    const m = modelerRef.current;
    if (!m) throw new Error('the editor is not ready yet.');
    return (await m.saveSVG()).svg;
  };

  /** The edits as a .bpmn download, so a refused save loses nothing. */
  const downloadEdits = async () => {
    const m = modelerRef.current;
    if (!m) return;
    try {
      const { xml: out } = await m.saveXML({ format: true });
      if (out) downloadBlob(new Blob([out], { type: 'application/xml' }), pictureFileName(exportName, 'bpmn'));
    } catch (err) {
      setError({ text: `The download failed: ${err instanceof Error ? err.message : 'please try again.'}`, conflict: true });
    }
  };

  /** Loads xml as the diagram after an import-based step (re-layout, or undoing one), keeping the undo history's layers. */
  const loadStep = async (m: Modeler, next: string, nowDirty: boolean) => {
    await m.importXML(next);
    fit();
    const stack = m.get('commandStack');
    setHistory({ undo: stack.canUndo() || layoutUndo.current.length > 0, redo: stack.canRedo() || layoutRedo.current.length > 0 });
    setDirty(nowDirty);
  };

  /** Re-layout of what the editor holds now, unsaved edits included; one unsaved change that Undo takes back. */
  const relayout = async () => {
    const m = modelerRef.current;
    if (!m || !onRelayout) return;
    setRelaying(true);
    setError(null);
    setNote(null);
    try {
      const { xml: current } = await m.saveXML({ format: true });
      if (!current) throw new Error('the editor returned no diagram.');
      const laid = await onRelayout(current);
      if (laid.xml.trim() === current.trim()) {
        // Over the element cap the server leaves the diagram as it is and says why.
        setNote(laid.note || 'The diagram is unchanged.');
        return;
      }
      layoutUndo.current.push({ xml: current, dirty });
      layoutRedo.current = [];
      await loadStep(m, laid.xml, true);
      const parts = [laid.note ? `Re-laid out: ${laid.note}` : "Re-laid out with SPADE's layout, your unsaved edits included."];
      if (laid.conversion) parts.push(`Not kept by the layout: ${laid.conversion}`);
      parts.push('Undo brings back the diagram as it was; Save version keeps this one.');
      setNote(parts.join(' '));
    } catch (err) {
      setError({ text: `Re-layout failed: ${err instanceof Error ? err.message : 'please try again.'}` });
    } finally {
      setRelaying(false);
    }
  };

  /** Undo (back = true) or Redo: bpmn-js' own history first, then across a re-layout. */
  const stepBack = async (back: boolean) => {
    const m = modelerRef.current;
    if (!m) return;
    const stack = m.get('commandStack');
    if (back ? stack.canUndo() : stack.canRedo()) {
      if (back) stack.undo();
      else stack.redo();
      return;
    }
    try {
      if (back) {
        const before = layoutUndo.current.pop();
        if (!before) return;
        const { xml: laidOut } = await m.saveXML({ format: true });
        if (laidOut) layoutRedo.current.push(laidOut);
        await loadStep(m, before.xml, before.dirty);
        setNote('Re-layout undone: the diagram is as it was before.');
      } else {
        const again = layoutRedo.current.pop();
        if (!again) return;
        const { xml: current } = await m.saveXML({ format: true });
        if (current) layoutUndo.current.push({ xml: current, dirty });
        await loadStep(m, again, true);
        setNote('Re-layout redone. Save version keeps it.');
      }
    } catch (err) {
      setError({ text: `${back ? 'Undo' : 'Redo'} failed: ${err instanceof Error ? err.message : 'please try again.'}` });
    }
  };

  /** Lints the large diagram now and from then on while editing. */
  const resumeLint = () => {
    modelerRef.current?.get('linting').toggle(true);
    setLintPaused(false);
  };

  const ready = status === 'ready';
  const togglePanel = () => setPanelOpen((v) => !v);
  const toggleHelp = () => setHelpOpen((v) => !v);
  const toggleFullscreen = () => (document.fullscreenElement ? void document.exitFullscreen() : void rootRef.current?.requestFullscreen?.().catch(() => {}));
  const toggleSimulation = () => modelerRef.current?.get('toggleMode').toggleMode(!simOn);
  // The rarer tools, once: buttons on a wide screen, items of More on a phone.
  const tools: EditorToolList = [
    { id: 'simulate', label: simOn ? 'Stop simulation' : 'Simulate', onClick: toggleSimulation, disabled: !ready, on: simOn },
    ...(onRelayout
      ? [{ id: 'relayout', label: relaying ? 'Re-laying out…' : 'Re-layout', onClick: () => void relayout(), disabled: !ready || relaying || simOn || saving }]
      : []),
    { id: 'properties', label: 'Properties', onClick: togglePanel, disabled: !ready, on: panelOpen },
    PICTURES,
    { id: 'fullscreen', label: fullscreen ? 'Exit full screen' : 'Full screen', onClick: toggleFullscreen, disabled: !ready, on: fullscreen },
    { id: 'help', label: 'Help', onClick: toggleHelp, disabled: false, on: helpOpen, opens: true },
  ];
  const onExportError = (text: string | null) => setError(text ? { text } : null);
  const errors = problems.filter((p) => p.category === 'error').length;
  const warnings = problems.length - errors;
  return (
    <div className={`bpmn-editor${fullscreen ? ' is-fullscreen' : ''}`} data-testid="bpmn-editor" ref={rootRef}>
      <div className="bpmn-editor-bar" role="toolbar" aria-label="Diagram editing">
        {narrow ? (
          // A phone keeps the bar to one row: the hint opens with Help's shortcuts.
          <button type="button" className="btn bpmn-editor-tips" aria-expanded={helpOpen} aria-controls={helpId} onClick={toggleHelp}>
            Tips
          </button>
        ) : (
          <span className="muted bpmn-editor-hint">{EDITING_HINT}</span>
        )}
        <button type="button" className="btn btn-secondary" onClick={cancel} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving || !ready}>
          {saving ? 'Saving…' : 'Save version'}
        </button>
      </div>
      <div className="bpmn-toolbar" role="toolbar" aria-label="Editing tools">
        <button type="button" className="btn btn-small" onClick={() => void stepBack(true)} disabled={!ready || !history.undo || simOn || relaying}>
          Undo
        </button>
        <button type="button" className="btn btn-small" onClick={() => void stepBack(false)} disabled={!ready || !history.redo || simOn || relaying}>
          Redo
        </button>
        {/* The zooms as the viewer's icon buttons (their names in aria-label and the tooltip), as in bpmn.io's and
            Camunda Modeler's zoom controls: at 1440 px the editor's fourteen controls then take one row. */}
        <ZoomButtons onZoomIn={() => zoomBy(1.2)} onZoomOut={() => zoomBy(1 / 1.2)} disabled={!ready} keys={{ zoomIn: 'Ctrl + +', zoomOut: 'Ctrl + −' }} />
        <button type="button" className="btn btn-small" onClick={fit} disabled={!ready}>
          Fit Content
        </button>
        {/* Always there (disabled once names read), so the toolbar never reflows under a finger. */}
        <button type="button" className="btn btn-small" onClick={zoomToRead} disabled={!ready || scale >= READABLE_ZOOM - 0.001}>
          Zoom to read
        </button>
        {narrow && simOn ? (
          // Simulate sits under More on a phone: stopping it is one tap in the bar, not two.
          <button type="button" className="btn btn-small" onClick={toggleSimulation} aria-pressed>
            Stop simulation
          </button>
        ) : null}
        {narrow ? (
          <MoreMenu menuLabel="More editing tools">
            <EditorTools
              tools={tools}
              menu
              pictures={<PictureExportItems ready={ready} getSvg={diagramSvg} name={exportName} onError={onExportError} onNote={setNote} />}
            />
          </MoreMenu>
        ) : (
          <EditorTools
            tools={tools}
            menu={false}
            pictures={<PictureExport ready={ready} getSvg={diagramSvg} name={exportName} onError={onExportError} onNote={setNote} />}
          />
        )}
      </div>
      {helpOpen ? (
        <div className="bpmn-help" role="note" id={helpId}>
          {narrow ? <p>{EDITING_HINT}</p> : null}
          <p>Keyboard shortcuts (click the diagram first):</p>
          <dl className="bpmn-shortcuts">
            {editorShortcuts.map(([keys, what]) => (
              <div key={keys}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {error ? (
        <div className="bpmn-editor-error" role="alert">
          <p>{error.text}</p>
          {error.conflict ? (
            <div className="bpmn-editor-error-actions">
              <button type="button" className="btn btn-small" onClick={() => void downloadEdits()}>
                Download my edits (.bpmn)
              </button>
              {onReload ? (
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  onClick={() => {
                    if (document.fullscreenElement) void document.exitFullscreen();
                    void onReload().catch((err: unknown) => setError({ text: (err as Error).message || 'Reloading failed. Please try again.', conflict: true }));
                  }}
                >
                  Reload the latest version
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {note ? (
        <p className="bpmn-editor-note" role="status">
          {note}
        </p>
      ) : null}
      {status === 'loading' ? (
        <p className="muted bpmn-editor-loading" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {large
            ? `Opening a large diagram (${size.toLocaleString('en-US')} elements): drawing it takes a few seconds…`
            : 'Loading the editor…'}
        </p>
      ) : null}
      {status === 'failed' ? (
        <p role="alert">The editor could not open this diagram. Export it as BPMN and edit it in another modeller.</p>
      ) : null}
      <div className={`bpmn-editor-body${panelOpen ? ' has-panel' : ''}`}>
        <div className="bpmn-editor-main">
          <div ref={containerRef} className="bpmn-editor-canvas" style={{ height }} data-testid="bpmn-editor-canvas" />
          {/* The token simulation's controls, notifications and log, moved here from over the diagram (on a phone above the panel). */}
          <div className="bpmn-sim-dock" ref={dockRef} data-testid="bpmn-sim-dock" role="region" aria-label="Simulation" hidden={!simOn} />
        </div>
        <aside ref={panelRef} className="bpmn-editor-panel" aria-label="Properties" hidden={!panelOpen} style={{ maxHeight: height }} />
      </div>
      {ready && lintPaused ? (
        <section className="bpmn-problems" aria-label="Problems">
          <h4>Lint is paused</h4>
          <p className="muted">
            This is a large diagram ({size.toLocaleString('en-US')} elements): checking it after every change would slow editing down.{' '}
            <button type="button" className="btn btn-small" onClick={resumeLint}>
              Check the diagram
            </button>
          </p>
        </section>
      ) : null}
      {ready && !lintPaused ? (
        <section className="bpmn-problems" aria-label="Problems">
          <h4>
            {problems.length
              ? `Problems: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`
              : 'No problems found'}
          </h4>
          {problems.length ? (
            <ul>
              {problems.slice(0, PROBLEMS_SHOWN).map((p) => (
                <li key={`${p.rule}-${p.elementId}-${p.message}`}>
                  <button type="button" className={`bpmn-problem is-${p.category}`} onClick={() => select(p)}>
                    <span className="bpmn-problem-kind">{p.category === 'error' ? 'Error' : 'Warning'}</span>
                    <span className="bpmn-problem-where">{p.elementName}</span>
                    <span>{p.message}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {problems.length > PROBLEMS_SHOWN ? (
            <p className="muted">…and {(problems.length - PROBLEMS_SHOWN).toLocaleString('en-US')} more: fix the ones above first.</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
