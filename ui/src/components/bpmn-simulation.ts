// bpmn-js-token-simulation (MIT), loaded only when someone presses Play: it
// adds a module to bpmn-js, so the viewer or editor is built again with it.

import { startViewBox, unionBox, type Box, type Viewport } from './bpmn-view';

/** Event bpmn-js-token-simulation fires when its mode is switched on or off. */
export const SIMULATION_TOGGLE_EVENT = 'tokenSimulation.toggleMode';

/** The part of the token simulation's toggle service the viewer and editor use. */
export interface ToggleMode {
  toggleMode(active?: boolean): void;
}

let viewerSim: Promise<unknown> | null = null;
let modelerSim: Promise<unknown> | null = null;

function retryable(p: Promise<unknown>, reset: () => void): Promise<unknown> {
  return p.catch((err: unknown) => {
    reset();
    throw err;
  });
}

/** The token simulation module for a viewer (play, pause, log; no editing to disable). */
export function loadViewerSimulation(): Promise<unknown> {
  if (!viewerSim) {
    viewerSim = retryable(
      Promise.all([
        import('bpmn-js-token-simulation/lib/viewer'),
        import('bpmn-js-token-simulation/assets/css/bpmn-js-token-simulation.css'),
        import('bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'),
      ]).then(([m]) => m.default as unknown),
      () => (viewerSim = null),
    );
  }
  return viewerSim;
}

/** The token simulation module for the Modeler (editing is paused while it plays). */
export function loadModelerSimulation(): Promise<unknown> {
  if (!modelerSim) {
    modelerSim = retryable(
      Promise.all([
        import('bpmn-js-token-simulation'),
        import('bpmn-js-token-simulation/assets/css/bpmn-js-token-simulation.css'),
      ]).then(([m]) => m.default as unknown),
      () => (modelerSim = null),
    );
  }
  return modelerSim;
}

/**
 * Free space right of a fitted diagram while simulating, in CSS px: room
 * for the "Finished" badge drawn from 15 units left of an end event's right
 * edge. It is 100 px wide at 100 % (measured at 1440 px) and never drawn
 * under 80 % of that (SIM_OVERLAY_MIN_SCALE), so it reaches at most 85 px
 * past the end event at any fitted zoom (a fit is at most 100 %); 72 px
 * left a 12-step row fitted at 10 % on a phone with the badge over the
 * canvas' right edge.
 */
export const SIM_BADGE_MARGIN = 88;

/** The part of bpmn-js the simulation's view needs: the canvas, the elements, the events and the overlays. */
export interface SimulationHost {
  get(name: 'canvas'): unknown;
  get(name: 'elementRegistry'): unknown;
  get(name: 'eventBus'): unknown;
  get(name: 'overlays'): unknown;
}

/**
 * The least scale the simulation's overlays are drawn at: diagram-js scales
 * an overlay with the diagram, and the library's ▶ and path switch are
 * 30 px squares, so at 80 % they are 24 px, the least a finger or a pointer
 * hits surely (WCAG 2.5.8); "Finished" stays 24 px high.
 */
export const SIM_OVERLAY_MIN_SCALE = 0.8;

/** An overlay's options as diagram-js takes them; only `show` and `scale` are read here. */
export interface OverlayOptions {
  show?: { minZoom?: number; maxZoom?: number } | null;
  scale?: boolean | { min?: number; max?: number };
  [key: string]: unknown;
}

/** The overlay types bpmn-js-token-simulation adds over the diagram ("bts-context-menu", "bts-element-notification", …). */
export function isSimulationOverlay(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('bts-');
}

/**
 * The options of a simulation overlay for a fitted view: shown at every
 * zoom (its `show` loses its minZoom, keeps a maxZoom) and never drawn
 * smaller than SIM_OVERLAY_MIN_SCALE (a `scale` it had keeps its max).
 */
export function fittedOverlayOptions(options: OverlayOptions): OverlayOptions {
  let show = options.show ?? null;
  if (show) {
    const { maxZoom } = show;
    show = maxZoom === undefined ? null : { maxZoom };
  }
  const max = typeof options.scale === 'object' ? options.scale.max : undefined;
  const scale = max === undefined ? { min: SIM_OVERLAY_MIN_SCALE } : { min: SIM_OVERLAY_MIN_SCALE, max };
  return { ...options, show, scale };
}

/**
 * Lets a running simulation show the whole model as the viewer fits it (by
 * the readable-scale rules of firstViewBox) with its ▶, path switches and
 * "Finished" on it. The library hides them below 50 % (`show: { minZoom:
 * 0.5 }`) and a phone fits the loan decision at 37 %, so the view was
 * zoomed to 50 % to offer something to press and the end events were cut
 * off at the right edge; at 50 % the ▶ was a 15 px square. Call once, right
 * after the viewer or modeler is built: the library adds its overlays when
 * the simulation is switched on.
 */
export function fitSimulationOverlays(host: SimulationHost): void {
  const overlays = host.get('overlays') as { add: (element: unknown, type: unknown, options?: OverlayOptions) => string };
  const add = overlays.add.bind(overlays);
  overlays.add = (element, type, options) => (isSimulationOverlay(type) && options ? add(element, type, tokenCountClear(element, type, fittedOverlayOptions(options))) : add(element, type, options));
}

/**
 * The token count's place on an element whose name is drawn below it (a
 * gateway, an event): the library puts the count 10 px under the shape's
 * bottom-left corner, right over the start of the name ("Reply or 5 days?"
 * read "y or 5 days?"); there it sits at the top-right corner instead,
 * clear of the name and of the ▶ at the top-left. Tasks, their names
 * inside, keep it.
 */
export function tokenCountClear(element: unknown, type: unknown, options: OverlayOptions): OverlayOptions {
  if (type !== 'bts-token-count' || !(element as { label?: unknown } | null)?.label) return options;
  return { ...options, position: { top: -12, right: 8 } };
}

/** Event bpmn-js-token-simulation fires when a token sets off along a sequence flow. */
export const SIMULATION_ANIMATION_EVENT = 'tokenSimulation.animationCreated';

/** Screen space kept between a followed token's way and the canvas' edge, in CSS px. */
export const FOLLOW_MARGIN = 32;

/**
 * The view that shows `target` (a token's way: the flow it runs along and
 * the element it heads for) when the current `view` does not: on each axis
 * where the target reaches outside the view, the view moves to centre it,
 * or to its start (`margin` before it) when it is larger than the view; an
 * axis it fits on stays put, so a token running along a row moves the view
 * sideways only. A view smaller than `bounds` (the diagram with room
 * around it) stops at its edges rather than showing empty canvas past the
 * end. Same size as `view` (the zoom never changes). Null when the target
 * shows already.
 */
export function followView(view: Box, target: Box, margin: number, bounds?: Box): Box | null {
  const axis = (start: number, size: number, tStart: number, tSize: number, bStart?: number, bSize?: number): number => {
    if (tStart >= start && tStart + tSize <= start + size) return start;
    let next = tSize + 2 * margin > size ? tStart - margin : tStart + tSize / 2 - size / 2;
    if (bStart !== undefined && bSize !== undefined && bSize > size) next = Math.min(Math.max(next, bStart), bStart + bSize - size);
    return next;
  };
  const x = axis(view.x, view.width, target.x, target.width, bounds?.x, bounds?.width);
  const y = axis(view.y, view.height, target.y, target.height, bounds?.y, bounds?.height);
  if (x === view.x && y === view.y) return null;
  return { x, y, width: view.width, height: view.height };
}

interface FollowedShape {
  type?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  outgoing?: { target?: FollowedShape }[];
}

interface FollowedFlow {
  waypoints?: { x: number; y: number }[];
  target?: FollowedShape;
}

/** A shape's box, or null when it has none (a connection, a root). */
function shapeBox(s: FollowedShape | undefined): Box | null {
  if (!s || ![s.x, s.y, s.width, s.height].every((n) => Number.isFinite(n))) return null;
  return { x: s.x!, y: s.y!, width: s.width!, height: s.height! };
}

/** The box of a token's way: the flow's waypoints and the shape it leads to. */
export function tokenWay(flow: FollowedFlow): Box | null {
  const boxes: Box[] = (flow.waypoints ?? []).map((p) => ({ x: p.x, y: p.y, width: 0, height: 0 }));
  const t = shapeBox(flow.target);
  if (t) boxes.push(t);
  return unionBox(boxes);
}

/** The library's context pads are 30 px squares 15 px above and left of their shape's corner (ContextPads.js). */
const PAD_SIZE = 30;

/**
 * Where a gateway's choices are pressed, in diagram units at `scale`: its
 * own pad (the path switch of an exclusive or inclusive gateway, at its
 * top-left corner), or for an event-based gateway the ▶ of each event or
 * receive task it waits for, with their shapes. The pads are drawn at
 * least SIM_OVERLAY_MIN_SCALE, so at a smaller zoom they reach further in
 * diagram units. Null for anything but a gateway.
 */
export function gatewayChoices(gateway: FollowedShape, scale: number): Box | null {
  if (!gateway.type?.endsWith('Gateway')) return null;
  const reach = (PAD_SIZE * Math.max(1, SIM_OVERLAY_MIN_SCALE / Math.max(scale, 1e-6))) / 2;
  const withPad = (b: Box): Box[] => [b, { x: b.x - reach, y: b.y - reach, width: 2 * reach, height: 2 * reach }];
  const own = shapeBox(gateway);
  if (!own) return null;
  // An event-based gateway has no button of its own: its choices are the ▶ of what it waits for.
  if (gateway.type !== 'bpmn:EventBasedGateway') return unionBox(withPad(own));
  const boxes = (gateway.outgoing ?? []).flatMap((f) => {
    const t = shapeBox(f.target);
    return t ? withPad(t) : [];
  });
  return unionBox(boxes.length ? boxes : withPad(own));
}

/**
 * The view for a token heading to (or waiting at) a gateway: its way and
 * the gateway's choices together when they fit the view, else the choices
 * alone, so the buttons that decide where it goes next are on screen
 * rather than the start of a flow longer than the view. Null when they
 * show already.
 */
export function choiceView(view: Box, way: Box | null, choices: Box, margin: number, bounds?: Box): Box | null {
  const all = way ? unionBox([way, choices])! : choices;
  const fits = all.width + 2 * margin <= view.width && all.height + 2 * margin <= view.height;
  return followView(view, fits ? all : choices, margin, bounds);
}

/** Event bpmn-js-token-simulation fires as a token enters, leaves or is signalled at an element. */
export const SIMULATION_TRACE_EVENT = 'tokenSimulation.simulator.trace';

/**
 * Keeps the moving token on screen: a diagram opened readable at its start
 * (firstViewBox's 'start', a long model on a phone) or zoomed in shows only
 * part of it, and a token running on past the canvas' edge left the person
 * watching an empty view. Each time a token sets off along a flow that is not wholly in view,
 * the view moves (same zoom) to show the flow and where it leads. Along a
 * long model a gateway's choice buttons (its path switch, the ▶ of the
 * events after an event-based gateway) sat past the right edge: a token
 * heading to a gateway, or entering one, brings them on screen. A person
 * can still drag the view anywhere between the steps.
 */
export function followTokens(host: SimulationHost): void {
  const bus = host.get('eventBus') as { on(event: string, cb: (e: { animation?: { element?: FollowedFlow }; action?: string; element?: FollowedShape }) => void): void };
  const canvas = host.get('canvas') as { viewbox(box?: Box): Box & { scale: number; inner?: Box } };
  const show = (way: Box | null, gateway: FollowedShape | undefined) => {
    const view = canvas.viewbox();
    if (!(view.scale > 0)) return;
    const m = FOLLOW_MARGIN / view.scale;
    // The diagram with room around it, and at the right for "Finished" on an end event.
    const inner = view.inner;
    const bounds = inner ? { x: inner.x - m, y: inner.y - m, width: inner.width + m + SIM_BADGE_MARGIN / view.scale, height: inner.height + 2 * m } : undefined;
    const choices = gateway ? gatewayChoices(gateway, view.scale) : null;
    const next = choices ? choiceView(view, way, choices, m, bounds) : way ? followView(view, way, m, bounds) : null;
    if (next) canvas.viewbox(next);
  };
  bus.on(SIMULATION_ANIMATION_EVENT, (e) => {
    const flow = e.animation?.element;
    const way = flow ? tokenWay(flow) : null;
    if (way) show(way, flow?.target);
  });
  bus.on(SIMULATION_TRACE_EVENT, (e) => {
    if (e.action === 'enter' && e.element?.type?.endsWith('Gateway')) show(null, e.element);
  });
}

/**
 * What bpmn-js-token-simulation draws over the canvas, in the order the dock
 * shows them: play/pause, reset and the log's toggle; the speed; the
 * process instances; the notifications; the log itself.
 */
export const DOCKED_SIMULATION_PARTS = ['.bts-palette', '.bts-set-animation-speed', '.bts-scopes', '.bts-notifications', '.bts-log'] as const;

/**
 * Moves the token simulation's controls, notifications and log out of the
 * canvas into `dock`, a strip below it: the library draws them over the
 * diagram (the log alone 300 px wide, most of a phone's canvas) where they
 * cover shapes and the canvas' own controls. They keep their listeners
 * (the library holds each element, never looks them up in the canvas). The
 * dock is emptied first, so a viewer built again leaves none of the old
 * ones behind. Answers how many parts were docked (0 without the simulation).
 */
export function dockSimulationControls(canvas: HTMLElement, dock: HTMLElement): number {
  dock.replaceChildren();
  let docked = 0;
  for (const selector of DOCKED_SIMULATION_PARTS) {
    const part = canvas.querySelector<HTMLElement>(selector);
    if (!part) continue;
    if (selector === '.bts-palette') {
      part.setAttribute('role', 'group');
      part.setAttribute('aria-label', 'Simulation controls');
    } else if (selector === '.bts-set-animation-speed') {
      part.setAttribute('role', 'group');
      part.setAttribute('aria-label', 'Simulation speed');
    } else if (selector === '.bts-notifications') {
      part.setAttribute('role', 'status');
      part.setAttribute('aria-live', 'polite');
    } else if (selector === '.bts-log') {
      part.setAttribute('role', 'log');
      part.setAttribute('aria-label', 'Simulation log');
    }
    dock.append(part);
    docked++;
  }
  return docked;
}

/** Event the simulator fires for each process instance (and sub-process instance) it starts. */
export const SIMULATION_SCOPE_CREATE_EVENT = 'tokenSimulation.simulator.createScope';
/** Events after which the library's log starts empty again. */
export const SIMULATION_CLEAR_EVENTS = [SIMULATION_TOGGLE_EVENT, 'tokenSimulation.resetSimulation'] as const;

/** A simulated instance as the library hands it out: its random id and the instance it runs in. */
export interface SimulationScope {
  id: string;
  parent?: SimulationScope | null;
}

/**
 * Readable case numbers for the simulator's instances: the first process
 * instance started is "Case 1", the next "Case 2", and a sub-process's
 * instance carries the number of the case it runs in. The library labels
 * them with a random id ("0fywvnl"), which tells a person nothing.
 */
export function createCaseNumbers(): { add(scope: SimulationScope): number; label(id: string): string | null; reset(): void } {
  const numbers = new Map<string, number>();
  let next = 1;
  const numberOf = (scope: SimulationScope): number => {
    const known = numbers.get(scope.id);
    if (known) return known;
    const n = scope.parent ? numberOf(scope.parent) : next++;
    numbers.set(scope.id, n);
    return n;
  };
  return {
    add: numberOf,
    label: (id) => {
      const n = numbers.get(id);
      return n ? `Case ${n}` : null;
    },
    reset: () => {
      numbers.clear();
      next = 1;
    },
  };
}

/**
 * The instance badges the library draws in the log (with the instance's id
 * as data-scope-id) and in its notifications (the id only as their text:
 * the notification "Process finished" kept showing "0sdxymh").
 */
const CASE_BADGES = '.bts-log .bts-entry > .bts-scope, .bts-notification > .bts-scope';

/** The library's rows for a whole process instance ("Process finished"), written as the case's ("Case 1 finished"). */
const PROCESS_ROW = /^Process (started|finished|canceled)$/;

/** Marks a row that names its case in its text: its badge, saying the same, is not drawn. */
export const CASE_ROW_CLASS = 'bts-case-row';

/**
 * Writes each instance badge under `root` as its case ("Case 1"), and a
 * whole instance's row ("Process finished" and its badge) as "Case 1
 * finished"; the process-instance buttons get the case as their title.
 */
export function labelCases(root: ParentNode, label: (id: string) => string | null): void {
  for (const badge of root.querySelectorAll<HTMLElement>(CASE_BADGES)) {
    const id = badge.dataset.scopeId ?? badge.textContent?.trim() ?? '';
    const name = label(id);
    if (!name) continue;
    badge.dataset.scopeId = id;
    if (badge.textContent !== name) badge.textContent = name;
    const row = badge.parentElement;
    const text = row?.querySelector<HTMLElement>(':scope > .bts-text');
    const verb = text?.textContent?.trim().match(PROCESS_ROW)?.[1];
    if (row && text && verb) {
      text.textContent = `${name} ${verb}`;
      text.title = text.textContent;
      row.classList.add(CASE_ROW_CLASS);
    }
  }
  for (const button of root.querySelectorAll<HTMLElement>('.bts-scopes .bts-scope[data-scope-id]')) {
    const name = label(button.dataset.scopeId ?? '');
    if (name) {
      button.title = `Show only ${name}`;
      button.setAttribute('aria-label', `${name}: ${button.textContent?.trim() ?? ''} tokens`);
    }
  }
}

/**
 * Names the simulated instances "Case 1", "Case 2" … in the log, the
 * notifications and the instance buttons under `root` (the dock they were
 * moved to). Answers a function that stops watching.
 */
export function nameCases(host: SimulationHost, root: HTMLElement): () => void {
  const bus = host.get('eventBus') as { on(event: string | readonly string[], cb: (e: { scope?: SimulationScope }) => void): void };
  const cases = createCaseNumbers();
  bus.on(SIMULATION_SCOPE_CREATE_EVENT, (e) => {
    if (e.scope) cases.add(e.scope);
  });
  bus.on(SIMULATION_CLEAR_EVENTS, () => cases.reset());
  const observer = new MutationObserver(() => labelCases(root, cases.label));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Where a simulation switched on shows the diagram: on a phone, when the
 * diagram fitted whole (`fitScale`) is drawn below the readable scale, at
 * the readable scale from its start event (the ▶ to press beside readable
 * names), and the view then follows the token (followTokens). Fitted whole
 * at 375 px, the loan decision was drawn at 34 %, its names readable only
 * after "Zoom to read", and a long model at 9 %, where the 24 px ▶ and path
 * switches covered its 9 px tasks. Null where the fitted view stays (a wide
 * screen, or a diagram readable whole).
 */
export function simulationStartView(
  vp: Viewport,
  inner: Box,
  readable: number,
  fitScale: number,
  start?: Box | null,
  shown: Box[] = [],
): (Box & { scale: number }) | null {
  if (!vp.narrow || !(readable > 0) || fitScale >= readable - 1e-9) return null;
  const view = startViewBox(inner, vp, readable, start, Math.ceil(readable * 1000) / 1000);
  return clearOfRightEdge(view, shown, start);
}

/** CSS px kept between a shape or label moved inside and the canvas' edge. */
const EDGE_GAP_PX = 2;

/**
 * `view` moved right just enough that none of `shown` (shapes and labels)
 * is cut by its right edge, while `keep` (the start event with its label)
 * stays inside with EDGE_GAP_PX to spare; unchanged when that is not
 * possible. At 375 px the loan decision's simulation opened with the
 * gateway's "Approved?" cut 1 px at the right: a name half drawn.
 */
export function clearOfRightEdge<V extends Box & { scale: number }>(view: V, shown: Box[], keep?: Box | null): V {
  const gap = EDGE_GAP_PX / view.scale;
  const right = view.x + view.width;
  let overhang = 0;
  for (const b of shown) {
    const across = b.x < right && b.x + b.width > right - gap;
    const level = b.y < view.y + view.height && b.y + b.height > view.y;
    if (across && level) overhang = Math.max(overhang, b.x + b.width - right + gap);
  }
  if (overhang <= 0) return view;
  const room = keep ? keep.x - gap - view.x : Infinity;
  return overhang <= room ? { ...view, x: view.x + overhang } : view;
}

/** A simulation pad on the screen: how much it matters (0 first) and its box in CSS px. */
export interface PadBox {
  rank: number;
  box: Box;
}

/**
 * Which pads to hide so none lies over another: in rank order (then left
 * to right, top to bottom) a pad is kept unless it overlaps one already
 * kept. Answers, for each pad in the order given, whether it is hidden.
 */
export function crowdedPads(pads: PadBox[]): boolean[] {
  const order = pads.map((_, i) => i).sort((a, b) => pads[a].rank - pads[b].rank || pads[a].box.x - pads[b].box.x || pads[a].box.y - pads[b].box.y);
  const kept: Box[] = [];
  const hidden = pads.map(() => false);
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const i of order) {
    const box = pads[i].box;
    if (box.width <= 0 || box.height <= 0) continue;
    if (kept.some((k) => overlaps(k, box))) hidden[i] = true;
    else kept.push(box);
  }
  return hidden;
}

/** Marks a simulation pad hidden because a more needed one lies under it (bpmn-viewer.css). */
export const CROWDED_PAD_CLASS = 'bts-crowded';

/** A pad's rank: a start event's ▶ first (a case begins there), a gateway's path switch next, a task's pause point last. */
export function padRank(title: string | null): number {
  if (title === 'Trigger Event') return 0;
  if (title === 'Set Sequence Flow') return 1;
  return 2;
}

/**
 * Hides the simulation's pads that would lie over others: on a model
 * fitted at 9 % every pad is drawn 24 px (fitSimulationOverlays) over
 * shapes a third of that, and the start event's ▶ sat under the pause
 * points of the tasks after it. Each time the view changes or the library
 * draws its pads again, the pads are placed by rank (crowdedPads). Answers
 * a function that stops watching.
 */
export function declutterPads(host: SimulationHost, container: HTMLElement): () => void {
  const bus = host.get('eventBus') as { on(event: string, cb: () => void): void; off(event: string, cb: () => void): void };
  let frame = 0;
  const place = () => {
    frame = 0;
    const overlays = [...container.querySelectorAll<HTMLElement>('.djs-overlay-bts-context-menu')];
    const pads = overlays.map((o) => {
      o.classList.remove(CROWDED_PAD_CLASS);
      const pad = o.querySelector<HTMLElement>('.bts-context-pad:not(.hidden)');
      const r = pad?.getBoundingClientRect();
      return { rank: padRank(pad?.getAttribute('title') ?? null) + (pad?.classList.contains('show-hover') ? 1 : 0), box: r ? { x: r.left, y: r.top, width: r.width, height: r.height } : { x: 0, y: 0, width: 0, height: 0 } };
    });
    crowdedPads(pads).forEach((hide, i) => overlays[i].classList.toggle(CROWDED_PAD_CLASS, hide));
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };
  bus.on('canvas.viewbox.changed', schedule);
  const observer = new MutationObserver(schedule);
  observer.observe(container, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    bus.off('canvas.viewbox.changed', schedule);
    if (frame) cancelAnimationFrame(frame);
  };
}
