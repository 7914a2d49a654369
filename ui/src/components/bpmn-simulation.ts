// bpmn-js-token-simulation (MIT), loaded only when someone presses Play: it
// adds a module to bpmn-js, so the viewer or editor is built again with it.

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
 * The zoom below which bpmn-js-token-simulation hides its overlays: the ▶
 * on start events, the gateways' path switch and "Finished" show from 0.5.
 */
export const SIMULATION_MIN_ZOOM = 0.5;

/** The part of bpmn-js the simulation's view needs: the canvas and the start events. */
export interface SimulationHost {
  get(name: 'canvas'): unknown;
  get(name: 'elementRegistry'): unknown;
}

interface SimCanvas {
  zoom(level?: number): number;
  scrollToElement(element: unknown, padding: { top: number; right: number; bottom: number; left: number }): void;
}

/**
 * Makes the simulation's controls show when it is switched on: a diagram
 * fitted to a phone (or a large one on any screen) sits below 0.5, where
 * the library hides every ▶ and path switch, so Simulate offered nothing
 * to press. Zooms to 0.5 around the middle of the view, then brings the
 * first start event (and its ▶, drawn left of it) into view.
 */
export function showSimulationControls(host: SimulationHost): void {
  const canvas = host.get('canvas') as SimCanvas;
  if (canvas.zoom() >= SIMULATION_MIN_ZOOM) return;
  canvas.zoom(SIMULATION_MIN_ZOOM);
  const registry = host.get('elementRegistry') as { filter(fn: (e: { type?: string }) => boolean): unknown[] };
  const [start] = registry.filter((e) => e.type === 'bpmn:StartEvent');
  if (start) canvas.scrollToElement(start, { top: 24, right: 24, bottom: 24, left: 48 });
}
