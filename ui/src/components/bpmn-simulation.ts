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
