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

/** Space kept around the diagram's edge when a view opens at its start, in diagram units. */
export const START_PAD = 20;

/**
 * A model that would take more than this many screens of the canvas to read
 * at the readable zoom opens, on a narrow screen, readable at its start
 * rather than whole. Measured at 375 px (canvas 299 × 400 px, readable zoom
 * 9/11): the 79-step field book folded into rows takes 34 screens and fits
 * whole only at 7 %, 173 specks no one can tell apart; the demo's purchase
 * approval (37 shapes) takes 12, a 30-step single row 15 and the QC
 * procedure (66 shapes) 13. Those stay an overview a person reads by its
 * shape and opens with "Zoom to read". The fit scale alone cannot tell them
 * apart: the single row fits at 5 %, lower than the field book.
 */
export const MAX_OVERVIEW_SCREENS = 20;

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
 * out, the view moves to it.
 */
export function startViewBox(inner: Box, vp: Pick<Viewport, 'width' | 'height'>, readable: number, start?: Box | null): Box & { scale: number } {
  const outerH = inner.height + 2 * START_PAD;
  const heightFit = Math.min(1, vp.height / outerH);
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
 * - 'whole' (fitted, as fitBox) when its text is readable fitted, on a wide
 *   screen, and on a narrow screen when reading it takes at most
 *   MAX_OVERVIEW_SCREENS screens (small models never change);
 * - 'start' (readable at its start, as startViewBox) on a narrow screen when
 *   the fit is below the readable zoom and reading it takes more screens than
 *   that, and on any screen when it does not fit even at `minScale`.
 */
export function firstViewBox(
  vp: Viewport,
  inner: Box,
  readable: number,
  start?: Box | null,
  minScale = 0.05,
): { mode: 'whole' | 'start'; view: Box & { scale: number } } {
  const fit = fitBox(inner, vp.width, vp.height, minScale);
  const clipped = anyHidden({ ...fit, inner });
  const overview = !vp.narrow || !(readable > 0) || fit.scale >= readable || readableScreens(inner, vp, readable) <= MAX_OVERVIEW_SCREENS;
  if (!clipped && overview) return { mode: 'whole', view: fit };
  return { mode: 'start', view: startViewBox(inner, vp, readable > 0 ? readable : READABLE_ZOOM, start) };
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
