// View geometry of the BPMN viewer: pure functions of boxes, so they are
// unit-tested without a browser and shared by the viewer and the editor.

/** Smallest text a person can read on screen, in CSS px (issue 13.2). */
export const MIN_READABLE_PX = 9;
/** bpmn-js draws external labels (events, gateways, flows) at 11 px, task names at 12 px. */
export const SMALLEST_LABEL_PX = 11;
/** Below this scale the smallest labels drop under MIN_READABLE_PX. */
export const READABLE_ZOOM = MIN_READABLE_PX / SMALLEST_LABEL_PX;

/** A rectangle in diagram units. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** diagram-js's viewbox: the visible rectangle plus `inner`, the diagram's bounding box. */
export interface ViewBox extends Box {
  inner: Box;
}

/** Free space kept around a fitted diagram, in CSS px per side. */
export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Screen space kept free around a fitted diagram, in CSS px: the overview
 * toggle sits top right and the bpmn.io watermark bottom right (53 × 21 px,
 * 15 px from the corner), so a fitted diagram is never drawn under either.
 */
export const FIT_MARGIN = { top: 44, right: 24, bottom: 44, left: 24 } as const;

/**
 * A phone's fit keeps only 8 px at the sides: the overview toggle and the
 * watermark sit in the top and bottom bands, which stay free. Measured at
 * 375 px (canvas 299 × 400): a 3–5 step model is width-bound, and the 24 px
 * sides left it 251 px wide (84 % of the canvas, 27–29 % zoom); with 8 px
 * it is 283 px wide (95 %), each name about an eighth larger.
 */
export const NARROW_FIT_MARGIN = { top: FIT_MARGIN.top, right: 8, bottom: FIT_MARGIN.bottom, left: 8 } as const;

/** The margins a fit keeps on a phone-sized canvas (narrow) or a wider one. */
export function fitMargin(narrow: boolean): Margin {
  return narrow ? NARROW_FIT_MARGIN : FIT_MARGIN;
}

/**
 * The view that shows the whole box `inner` inside a canvas of `width` ×
 * `height` CSS px, centred, with the margins kept free. Never larger than
 * 100 % (a three-step diagram is not blown up) and never below `minScale`.
 */
export function fitBox(inner: Box, width: number, height: number, minScale = 0.05, margin: Margin = FIT_MARGIN): Box & { scale: number } {
  const availW = Math.max(1, width - margin.left - margin.right);
  const availH = Math.max(1, height - margin.top - margin.bottom);
  const w = Math.max(1, inner.width);
  const h = Math.max(1, inner.height);
  const scale = Math.max(minScale, Math.min(1, availW / w, availH / h));
  const viewW = width / scale;
  const viewH = height / scale;
  // Centre the diagram in the free area, which is offset by unequal margins.
  const cx = inner.x + inner.width / 2 - ((margin.left - margin.right) / 2) / scale;
  const cy = inner.y + inner.height / 2 - ((margin.top - margin.bottom) / 2) / scale;
  return { x: cx - viewW / 2, y: cy - viewH / 2, width: viewW, height: viewH, scale };
}

/**
 * The view that centres on `focus` (the elements that changed): as close
 * as 100 % while the focus fits, never further out than the whole diagram's
 * fit (`fitScale`), so what changed is in the middle and as large as room allows.
 */
export function focusBox(focus: Box, fitScale: number, width: number, height: number, margin: Margin = FIT_MARGIN): Box & { scale: number } {
  return fitBox(focus, width, height, fitScale, margin);
}

/**
 * The view that centres on `focus` and keeps the left edge of the pool it
 * sits in (`pools`: pools and lanes), where the pool's and the lane's names
 * are written: at 1440 px a compare zoomed onto the change alone and cut the
 * lane headers off, so no one could tell whose step had changed. The header
 * is kept when the stretch from the pool's edge to the change fits in width
 * at the whole diagram's fit or closer; otherwise the change alone is shown.
 */
export function focusWithHeader(focus: Box, pools: Box[], fitScale: number, width: number, height: number, margin: Margin = FIT_MARGIN): Box & { scale: number } {
  const cx = focus.x + focus.width / 2;
  const cy = focus.y + focus.height / 2;
  const around = pools.filter((p) => p.x <= cx && cx <= p.x + p.width && p.y <= cy && cy <= p.y + p.height);
  if (!around.length) return focusBox(focus, fitScale, width, height, margin);
  const left = Math.min(...around.map((p) => p.x));
  const wider = unionBox([focus, { x: left, y: focus.y, width: 0, height: focus.height }])!;
  const availW = width - margin.left - margin.right;
  if (wider.width * fitScale > availW + 0.5) return focusBox(focus, fitScale, width, height, margin);
  return focusBox(wider, fitScale, width, height, margin);
}

/** The boxes of the pools and lanes among `elements`. */
export function poolBoxes(elements: DiagramElement[]): Box[] {
  return elements
    .filter((e) => containers.has(e.type ?? '') && [e.x, e.y, e.width, e.height].every((n) => Number.isFinite(n)))
    .map((e) => ({ x: e.x!, y: e.y!, width: e.width!, height: e.height! }));
}

/** Space kept around the diagram's edge when a view opens at its start, in diagram units. */
export const START_PAD = 20;

/**
 * A model that would take more than this many screens of the canvas to read
 * at the readable zoom opens, on a narrow screen, readable at its start
 * rather than whole. Measured at 375 px (canvas 299 × 400 px, readable zoom
 * 9/11): the 79-step field book folded into rows takes 34 screens and fits
 * whole only at 7 %, 173 specks no one can tell apart; the demo's purchase
 * approval (37 shapes) takes 12 and the QC procedure (66 shapes) 13: those
 * stay an overview a person reads by its shape and opens with "Zoom to
 * read". A 30-step single row takes only 15 but fits at 5 %, lower than the
 * field book: MIN_OVERVIEW_TEXT_PX opens it at its start too.
 */
export const MAX_OVERVIEW_SCREENS = 20;

/**
 * On a narrow screen an overview whose smallest text would be drawn under
 * this many CSS px opens readable at its start instead: under a pixel a
 * label is not even a line, the diagram a strip of specks. Measured at
 * 375 px: the 30-step single row fits at 5 % (text 0.55 px, a strip 260 ×
 * 30 px in a 299 × 400 canvas), the field book at 7 % (0.77 px); the demo's
 * purchase approval fits at 10 % (1.13 px) and the QC procedure at 15 %
 * (1.69 px), overviews whose shape a person still reads (issue 25 wants the
 * demo fitted on a phone). 4 px, the figure first suggested, would have
 * opened those two at their start as well.
 */
export const MIN_OVERVIEW_TEXT_PX = 1;

/** The canvas the diagram is shown in: its size in CSS px and whether it is a phone-sized screen. */
export interface Viewport {
  width: number;
  height: number;
  narrow: boolean;
}

/** How many screens of `vp` the box `inner` covers at scale `readable`. */
export function readableScreens(inner: Box, vp: Pick<Viewport, 'width' | 'height'>, readable: number): number {
  if (!(vp.width > 0 && vp.height > 0 && readable > 0)) return 0;
  return ((Math.max(0, inner.width) * readable) / vp.width) * ((Math.max(0, inner.height) * readable) / vp.height);
}

/**
 * The view that opens the diagram `inner` at its start: its full height when
 * that is readable (100 % at most), else the readable scale from its top;
 * from its left end, where the process starts. `start` (the start event, with
 * its label) is kept inside the view, at its left edge when the diagram is
 * wider than the view; when the diagram's top-left corner would leave it
 * out, the view moves to it. `maxScale` caps the full-height scale (the
 * simulation on a phone opens at the readable scale, the most it can show).
 */
export function startViewBox(inner: Box, vp: Pick<Viewport, 'width' | 'height'>, readable: number, start?: Box | null, maxScale = 1): Box & { scale: number } {
  const outerH = inner.height + 2 * START_PAD;
  const heightFit = Math.min(maxScale, vp.height / outerH);
  // Rounded up: bpmn-js rounds scales to 1/1000, which must not drop text under the limit.
  const scale = heightFit >= readable ? heightFit : Math.ceil(readable * 1000) / 1000;
  const width = vp.width / scale;
  const height = vp.height / scale;
  let x = inner.x - START_PAD;
  let y = outerH <= height ? inner.y + inner.height / 2 - height / 2 : inner.y - START_PAD;
  if (start) {
    // A diagram wider than the view opens with its start event at the left
    // edge: the lane headers and margins before it would take a phone's
    // few hundred units from the first steps.
    if (inner.width + 2 * START_PAD > width || start.x + start.width + START_PAD > x + width) x = Math.max(x, start.x - START_PAD);
    if (start.y + start.height + START_PAD > y + height) y = start.y + start.height / 2 - height / 2;
  }
  return { x, y, width, height, scale };
}

/**
 * The first view of a diagram, the rule of issue 25 item 1:
 * - 'whole' (fitted, as fitBox with fitMargin's sides) when its text is readable fitted, on a wide
 *   screen, and on a narrow screen when reading it takes at most
 *   MAX_OVERVIEW_SCREENS screens and its text fitted is at least
 *   MIN_OVERVIEW_TEXT_PX (small models never change);
 * - 'start' (readable at its start, as startViewBox) on a narrow screen when
 *   the fit is below the readable zoom and reading it takes more screens than
 *   that or its text would be specks, and on any screen when it does not fit
 *   even at `minScale`.
 */
export function firstViewBox(
  vp: Viewport,
  inner: Box,
  readable: number,
  start?: Box | null,
  minScale = 0.05,
): { mode: 'whole' | 'start'; view: Box & { scale: number } } {
  const fit = fitBox(inner, vp.width, vp.height, minScale, fitMargin(vp.narrow));
  const clipped = anyHidden({ ...fit, inner });
  // The smallest text fitted, in CSS px: readable is MIN_READABLE_PX over the smallest font.
  const fittedText = (fit.scale * MIN_READABLE_PX) / readable;
  const overview =
    !vp.narrow ||
    !(readable > 0) ||
    fit.scale >= readable ||
    (readableScreens(inner, vp, readable) <= MAX_OVERVIEW_SCREENS && fittedText >= MIN_OVERVIEW_TEXT_PX);
  if (!clipped && overview) return { mode: 'whole', view: fit };
  return { mode: 'start', view: startViewBox(inner, vp, readable > 0 ? readable : READABLE_ZOOM, start) };
}

/** A diagram element as diagram-js holds it: a shape (box) or a connection (waypoints), with its label. */
export interface DiagramElement {
  id: string;
  type?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  waypoints?: { x: number; y: number }[];
  label?: DiagramElement;
  children?: unknown[];
}

/** The box an element of the diagram covers, with its label. */
export function elementBox(el: DiagramElement | undefined): Box | null {
  if (!el) return null;
  const boxes: Box[] = [];
  if (el.waypoints?.length) {
    const xs = el.waypoints.map((p) => p.x);
    const ys = el.waypoints.map((p) => p.y);
    boxes.push({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
  } else if ([el.x, el.y, el.width, el.height].every((n) => Number.isFinite(n))) {
    boxes.push({ x: el.x!, y: el.y!, width: el.width!, height: el.height! });
  }
  const label = el.label;
  if (label && [label.x, label.y, label.width, label.height].every((n) => Number.isFinite(n))) {
    boxes.push({ x: label.x!, y: label.y!, width: label.width!, height: label.height! });
  }
  return unionBox(boxes);
}

/**
 * The box (with its label) of the start event a reader begins at: of the
 * diagram's start events, the one nearest its top-left corner (the first
 * lane's, the first row's). Null when there is none.
 */
export function startEventBox(elements: DiagramElement[]): Box | null {
  let best: Box | null = null;
  for (const s of elements) {
    if (s.type !== 'bpmn:StartEvent') continue;
    const b = elementBox(s);
    if (b && (!best || b.x + b.y < best.x + best.y)) best = b;
  }
  return best;
}

/** Shapes that only frame others: bpmn-js makes a lane's steps children of the pool, so a lane has none. */
const containers = new Set(['bpmn:Participant', 'bpmn:Lane']);

/**
 * The boxes a person reads in the diagram: shapes that hold no other shapes
 * (tasks, events, gateways, collapsed sub-processes, data) and labels.
 * Pools, lanes and expanded sub-processes are left out: an overlay on their
 * empty area hides nothing.
 */
export function readBoxes(elements: DiagramElement[]): Box[] {
  return elements
    .filter((e) => !e.waypoints && !e.children?.length && !containers.has(e.type ?? '') && [e.x, e.y, e.width, e.height].every((n) => Number.isFinite(n)))
    .map((e) => ({ x: e.x!, y: e.y!, width: e.width!, height: e.height! }));
}

/**
 * Whether the rectangle `over` (CSS px from the canvas' top-left corner)
 * covers any of `boxes` (diagram units) as the view `view` draws them in a
 * canvas `width` CSS px wide.
 */
export function coversAny(over: Box, boxes: Box[], view: Box, width: number): boolean {
  if (!(view.width > 0 && width > 0)) return false;
  const k = width / view.width;
  return boxes.some((b) => {
    const left = (b.x - view.x) * k;
    const top = (b.y - view.y) * k;
    return left < over.x + over.width && left + b.width * k > over.x && top < over.y + over.height && top + b.height * k > over.y;
  });
}

/** A phone or a narrow column: the overview would cover most of the diagram, and a long model opens at its start. */
export function smallScreen(container: HTMLElement): boolean {
  return container.clientWidth < 600 || (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 768px)').matches);
}

/** The union of boxes; null for none. */
export function unionBox(boxes: Box[]): Box | null {
  if (!boxes.length) return null;
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const b of boxes) {
    x1 = Math.min(x1, b.x);
    y1 = Math.min(y1, b.y);
    x2 = Math.max(x2, b.x + b.width);
    y2 = Math.max(y2, b.y + b.height);
  }
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
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

/** True when some part of the diagram lies outside the view. */
export function anyHidden(v: ViewBox): boolean {
  const h = hiddenSides(v);
  return h.left || h.right || h.up || h.down;
}

/**
 * From this many drawn elements on, a diagram is "large": bpmn-js takes
 * seconds to draw it (the page cannot react meanwhile), so the viewer and
 * the editor say so before they start, and the editor pauses lint while
 * editing (each change would lint the whole diagram again).
 */
export const LARGE_DIAGRAM = 1000;

/**
 * The number of elements a BPMN diagram draws (its shapes and edges: each
 * names its element in bpmnElement), counted without parsing the XML.
 */
export function drawnElements(xml: string): number {
  let n = 0;
  for (let i = xml.indexOf('bpmnElement='); i >= 0; i = xml.indexOf('bpmnElement=', i + 12)) n++;
  return n;
}

/** Lets the browser paint what was just rendered (a "large diagram" note) before work that blocks the page. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'undefined') {
      resolve();
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
