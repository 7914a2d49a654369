import { describe, expect, it } from 'vitest';
import { DOCKED_SIMULATION_PARTS, dockSimulationControls } from './bpmn-simulation';

/** A canvas as bpmn-js-token-simulation leaves it: its parts appended to the diagram's container. */
function simulatedCanvas(parts: readonly string[]): { canvas: HTMLElement; svg: Element } {
  const canvas = document.createElement('div');
  const container = document.createElement('div');
  container.className = 'djs-container';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  container.append(svg);
  const toggle = document.createElement('div');
  toggle.className = 'bts-toggle-mode';
  container.append(toggle);
  for (const sel of parts) {
    const part = document.createElement('div');
    part.className = `${sel.slice(1)} hidden`;
    if (sel === '.bts-palette') part.innerHTML = '<button class="bts-entry" title="Play/Pause Simulation"></button>';
    container.append(part);
  }
  canvas.append(container);
  return { canvas, svg };
}

describe('dockSimulationControls', () => {
  const cases: { name: string; parts: readonly string[]; docked: number }[] = [
    { name: 'every part the library draws', parts: DOCKED_SIMULATION_PARTS, docked: 5 },
    { name: 'an older library without the instances', parts: DOCKED_SIMULATION_PARTS.filter((p) => p !== '.bts-scopes'), docked: 4 },
    { name: 'a viewer without the simulation', parts: [], docked: 0 },
  ];
  for (const c of cases) {
    it(`moves the parts out of the canvas into the dock, in order: ${c.name}`, () => {
      const { canvas, svg } = simulatedCanvas(c.parts);
      const dock = document.createElement('div');
      expect(dockSimulationControls(canvas, dock)).toBe(c.docked);
      expect([...dock.children].map((el) => `.${el.classList[0]}`)).toEqual(DOCKED_SIMULATION_PARTS.filter((p) => c.parts.includes(p)));
      for (const sel of DOCKED_SIMULATION_PARTS) expect(canvas.querySelector(sel), `${sel} left on the canvas`).toBeNull();
      // The diagram and the library's own switch (hidden by CSS) stay where they are.
      expect(canvas.contains(svg)).toBe(true);
      expect(canvas.querySelector('.bts-toggle-mode')).not.toBeNull();
    });
  }

  it('names the parts for assistive technology: controls, speed, live notifications, the log', () => {
    const { canvas } = simulatedCanvas(DOCKED_SIMULATION_PARTS);
    const dock = document.createElement('div');
    dockSimulationControls(canvas, dock);
    expect(dock.querySelector('.bts-palette')?.getAttribute('aria-label')).toBe('Simulation controls');
    expect(dock.querySelector('.bts-set-animation-speed')?.getAttribute('aria-label')).toBe('Simulation speed');
    expect(dock.querySelector('.bts-notifications')?.getAttribute('aria-live')).toBe('polite');
    expect(dock.querySelector('.bts-log')?.getAttribute('role')).toBe('log');
  });

  it('a viewer built again leaves none of the old parts in the dock', () => {
    const dock = document.createElement('div');
    const first = simulatedCanvas(DOCKED_SIMULATION_PARTS);
    dockSimulationControls(first.canvas, dock);
    const old = [...dock.children];
    const second = simulatedCanvas(DOCKED_SIMULATION_PARTS);
    dockSimulationControls(second.canvas, dock);
    expect(dock.children).toHaveLength(DOCKED_SIMULATION_PARTS.length);
    for (const el of old) expect(dock.contains(el)).toBe(false);
    // Without the simulation the dock is emptied.
    dockSimulationControls(simulatedCanvas([]).canvas, dock);
    expect(dock.children).toHaveLength(0);
  });
});
