import { describe, expect, it } from 'vitest';
import { CASE_ROW_CLASS, createCaseNumbers, crowdedPads, padRank, DOCKED_SIMULATION_PARTS, labelCases, dockSimulationControls, fitSimulationOverlays, fittedOverlayOptions, tokenCountClear, followTokens, followView, choiceView, gatewayChoices, SIM_OVERLAY_MIN_SCALE, SIMULATION_ANIMATION_EVENT, SIMULATION_TRACE_EVENT, simulationStartView, clearOfRightEdge, tokenWay, type OverlayOptions, type SimulationHost } from './bpmn-simulation';
import { READABLE_ZOOM, type Box } from './bpmn-view';

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

describe('followView', () => {
  // A phone's view at 50 %: 600 × 800 diagram units from (0, 0).
  const view = { x: 0, y: 0, width: 600, height: 800 };
  // A diagram (with room around it) from x -20 to 2020, y -20 to 580 (less than the view's height).
  const diagram = { x: -20, y: -20, width: 2040, height: 600 };
  const cases: { name: string; target: Box; bounds?: Box; want: Box | null }[] = [
    { name: 'a flow inside the view leaves it where it is', target: { x: 100, y: 200, width: 150, height: 80 }, want: null },
    { name: 'a flow touching the edge from inside stays put', target: { x: 500, y: 0, width: 100, height: 800 }, want: null },
    { name: 'a flow running on past the right edge: the view moves sideways only, centring it', target: { x: 550, y: 160, width: 150, height: 80 }, want: { x: 325, y: 0, width: 600, height: 800 } },
    { name: 'a flow back to the left (a loop)', target: { x: -300, y: 160, width: 100, height: 80 }, want: { x: -550, y: 0, width: 600, height: 800 } },
    { name: 'a flow below the view: it moves down only', target: { x: 100, y: 900, width: 100, height: 80 }, want: { x: 0, y: 540, width: 600, height: 800 } },
    { name: 'a flow longer than the view: its start shows, the margin before it', target: { x: 700, y: 160, width: 900, height: 80 }, want: { x: 680, y: 0, width: 600, height: 800 } },
    { name: "the last flow: the view stops at the diagram's right edge, no empty canvas past it", target: { x: 1850, y: 160, width: 150, height: 80 }, bounds: diagram, want: { x: 1420, y: 0, width: 600, height: 800 } },
    { name: 'a loop back to the start: the view stops at the left edge', target: { x: -10, y: 160, width: 100, height: 80 }, bounds: diagram, want: { x: -20, y: 0, width: 600, height: 800 } },
    { name: 'in the middle the bounds change nothing', target: { x: 900, y: 160, width: 150, height: 80 }, bounds: diagram, want: { x: 675, y: 0, width: 600, height: 800 } },
    { name: 'bounds smaller than the view (the axis fits): centred as without', target: { x: 100, y: 900, width: 100, height: 80 }, bounds: diagram, want: { x: 0, y: 540, width: 600, height: 800 } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = followView(view, c.target, 20, c.bounds);
      expect(got).toEqual(c.want);
      // What the token heads for is in the view across, when it can be.
      const v = got ?? view;
      if (c.target.width <= v.width) expect(v.x <= c.target.x && c.target.x + c.target.width <= v.x + v.width).toBe(true);
    });
  }
});

describe('tokenWay', () => {
  it('spans the waypoints and the shape the flow leads to', () => {
    expect(tokenWay({ waypoints: [{ x: 136, y: 200 }, { x: 190, y: 200 }], target: { x: 190, y: 160, width: 100, height: 80 } })).toEqual({ x: 136, y: 160, width: 154, height: 80 });
  });
  it('is null for a flow without waypoints or target', () => {
    expect(tokenWay({})).toBeNull();
  });
});

describe('followTokens', () => {
  /** A bpmn-js stand-in: an event bus, and a canvas whose view is `view` at `scale`. */
  function host(view: Box, scale: number) {
    const listeners: Record<string, ((e: unknown) => void)[]> = {};
    const state = { view: { ...view, scale } };
    const h = {
      get(name: string) {
        if (name === 'eventBus') return { on: (ev: string, cb: (e: unknown) => void) => (listeners[ev] ??= []).push(cb) };
        if (name === 'canvas')
          return {
            viewbox: (b?: Box) => {
              if (b) state.view = { ...b, scale };
              return state.view;
            },
          };
        return undefined;
      },
    } as SimulationHost;
    const fire = (ev: string, e: unknown) => (listeners[ev] ?? []).forEach((cb) => cb(e));
    return { h, state, fire };
  }

  it('moves the view to a token that sets off past its edge, and leaves it for one in view', () => {
    const { h, state, fire } = host({ x: 0, y: 0, width: 600, height: 800 }, 0.5);
    followTokens(h);
    const flow = (x1: number, x2: number) => ({ animation: { element: { waypoints: [{ x: x1, y: 200 }, { x: x2, y: 200 }], target: { x: x2, y: 160, width: 100, height: 80 } } } });
    fire(SIMULATION_ANIMATION_EVENT, flow(136, 190));
    expect(state.view.x).toBe(0);
    fire(SIMULATION_ANIMATION_EVENT, flow(560, 620));
    // The way 560–720 centred in a view 600 wide; the zoom is kept.
    expect(state.view).toEqual({ x: 340, y: 0, width: 600, height: 800, scale: 0.5 });
    // An event without a flow (a scope's token) changes nothing.
    fire(SIMULATION_ANIMATION_EVENT, {});
    expect(state.view.x).toBe(340);
  });

  it("brings a gateway's choices on screen as the token heads to it and as it enters it", () => {
    const { h, state, fire } = host({ x: 0, y: 0, width: 600, height: 800 }, 1);
    followTokens(h);
    const reply = { type: 'bpmn:IntermediateCatchEvent', x: 700, y: 100, width: 36, height: 36 };
    const gw = { type: 'bpmn:EventBasedGateway', x: 560, y: 175, width: 50, height: 50, outgoing: [{ target: reply }] };
    // The way 400–610 shows, the event it waits for (700–736) does not: the view moves to both.
    fire(SIMULATION_ANIMATION_EVENT, { animation: { element: { waypoints: [{ x: 400, y: 200 }, { x: 560, y: 200 }], target: gw } } });
    expect(state.view.x).toBeGreaterThan(736 + 32 - 600);
    expect(state.view.x).toBeLessThanOrEqual(400 - 32);
    // Dragged away, the token entering the gateway brings the choices back.
    state.view = { ...state.view, x: 0 };
    fire(SIMULATION_TRACE_EVENT, { action: 'exit', element: gw });
    expect(state.view.x).toBe(0);
    fire(SIMULATION_TRACE_EVENT, { action: 'enter', element: gw });
    expect(state.view.x).toBeGreaterThan(736 + 32 - 600);
    // A task entered changes nothing.
    state.view = { ...state.view, x: 0 };
    fire(SIMULATION_TRACE_EVENT, { action: 'enter', element: { type: 'bpmn:Task', x: 900, y: 0, width: 100, height: 80 } });
    expect(state.view.x).toBe(0);
  });
});

describe('gatewayChoices', () => {
  const reply = { type: 'bpmn:IntermediateCatchEvent', x: 2290, y: 122, width: 36, height: 36 };
  const timeout = { type: 'bpmn:IntermediateCatchEvent', x: 2290, y: 322, width: 36, height: 36 };
  const cases = [
    { name: "an exclusive gateway: its shape and its path switch (a 30 px pad 15 px above and left)", gw: { type: 'bpmn:ExclusiveGateway', x: 100, y: 100, width: 50, height: 50, outgoing: [{ target: reply }] }, scale: 1, want: { x: 85, y: 85, width: 65, height: 65 } },
    { name: 'at 40 % the pad is drawn at 80 %: twice as far in diagram units', gw: { type: 'bpmn:ExclusiveGateway', x: 100, y: 100, width: 50, height: 50 }, scale: 0.4, want: { x: 70, y: 70, width: 80, height: 80 } },
    { name: "an event-based gateway: the events it waits for and their ▶ (it has no button of its own)", gw: { type: 'bpmn:EventBasedGateway', x: 2180, y: 215, width: 50, height: 50, outgoing: [{ target: reply }, { target: timeout }] }, scale: 1, want: { x: 2275, y: 107, width: 51, height: 251 } },
    { name: 'a task: none', gw: { type: 'bpmn:Task', x: 0, y: 0, width: 100, height: 80 }, scale: 1, want: null },
  ];
  for (const c of cases) it(c.name, () => expect(gatewayChoices(c.gw, c.scale)).toEqual(c.want));
});

describe('choiceView', () => {
  const view = { x: 0, y: 0, width: 400, height: 400 };
  it('shows the way and the choices together when they fit', () => {
    expect(choiceView(view, { x: 300, y: 100, width: 100, height: 50 }, { x: 380, y: 80, width: 100, height: 100 }, 10)).toEqual({ x: 190, y: 0, width: 400, height: 400 });
  });
  it('shows the choices alone when the way is longer than the view', () => {
    expect(choiceView(view, { x: 0, y: 100, width: 900, height: 50 }, { x: 880, y: 80, width: 100, height: 100 }, 10)).toEqual({ x: 730, y: 0, width: 400, height: 400 });
  });
  it('leaves a view that shows them', () => {
    expect(choiceView(view, null, { x: 100, y: 100, width: 100, height: 100 }, 10)).toBeNull();
  });
});

describe('fittedOverlayOptions', () => {
  const min = SIM_OVERLAY_MIN_SCALE;
  const cases: { name: string; in: OverlayOptions; want: OverlayOptions }[] = [
    { name: "the library's ▶ (hidden below 50 %): shown at every zoom, never drawn under 24 px", in: { position: { top: -15, left: -15 }, show: { minZoom: 0.5 } }, want: { position: { top: -15, left: -15 }, show: null, scale: { min } } },
    { name: 'a maxZoom is kept', in: { show: { minZoom: 0.5, maxZoom: 4 } }, want: { show: { maxZoom: 4 }, scale: { min } } },
    { name: 'without show constraints (the token count)', in: { position: { bottom: 0 } }, want: { position: { bottom: 0 }, show: null, scale: { min } } },
    { name: "a scale's max is kept", in: { scale: { min: 0.2, max: 2 } }, want: { show: null, scale: { min, max: 2 } } },
  ];
  for (const c of cases) it(c.name, () => expect(fittedOverlayOptions(c.in)).toEqual(c.want));
});

describe('tokenCountClear', () => {
  const opts = { position: { bottom: 10, left: -15 } };
  const cases = [
    { name: 'a gateway or event (a name below): the count at the top-right corner', element: { label: {} }, type: 'bts-token-count', want: { position: { top: -12, right: 8 } } },
    { name: 'a task (its name inside): where the library puts it', element: {}, type: 'bts-token-count', want: opts },
    { name: 'another overlay: unchanged', element: { label: {} }, type: 'bts-context-menu', want: opts },
  ];
  for (const c of cases) it(c.name, () => expect(tokenCountClear(c.element, c.type, opts)).toEqual(c.want));
});

describe('fitSimulationOverlays', () => {
  it("changes the simulation's overlays only, as they are added", () => {
    const added: { type: unknown; options?: OverlayOptions }[] = [];
    const overlays = { add: (_el: unknown, type: unknown, options?: OverlayOptions) => String(added.push({ type, options })) };
    const h = { get: (name: string) => (name === 'overlays' ? overlays : undefined) } as SimulationHost;
    fitSimulationOverlays(h);
    overlays.add({}, 'bts-context-menu', { show: { minZoom: 0.5 } });
    overlays.add({}, 'lint-issues', { show: { minZoom: 0.5 } });
    overlays.add({}, { html: '<b></b>' });
    expect(added).toEqual([
      { type: 'bts-context-menu', options: { show: null, scale: { min: SIM_OVERLAY_MIN_SCALE } } },
      { type: 'lint-issues', options: { show: { minZoom: 0.5 } } },
      { type: { html: '<b></b>' }, options: undefined },
    ]);
  });
});

describe('createCaseNumbers and labelCases', () => {
  it('numbers process instances in the order they start; a sub-process runs in its case', () => {
    const cases = createCaseNumbers();
    const first = { id: '0fywvnl' };
    const second = { id: 'a1b2c3d' };
    expect(cases.add(first)).toBe(1);
    expect(cases.add({ id: 'sub1', parent: first })).toBe(1);
    expect(cases.add(second)).toBe(2);
    expect(cases.label('sub1')).toBe('Case 1');
    expect(cases.label('a1b2c3d')).toBe('Case 2');
    expect(cases.label('unknown')).toBeNull();
    cases.reset();
    expect(cases.add(second)).toBe(1);
  });

  it('writes the case over the random id in the log and notifications, as a title on the instance buttons', () => {
    const root = document.createElement('div');
    // As the library draws them: a log row's badge carries the id as data-scope-id, a notification's only as its text.
    root.innerHTML = `
      <div class="bts-log"><p class="bts-entry"><span class="bts-text">Send rejection letter</span><span class="bts-scope" data-scope-id="0fywvnl">0fywvnl</span></p>
        <p class="bts-entry"><span class="bts-text">Other</span><span class="bts-scope" data-scope-id="zzz">zzz</span></p></div>
      <div class="bts-notifications"><div class="bts-notification"><span class="bts-text">Review application</span><span class="bts-scope">0fywvnl</span></div></div>
      <div class="bts-scopes"><button class="bts-scope" data-scope-id="0fywvnl" title="Focus process instance 0fywvnl">1</button></div>`;
    labelCases(root, (id) => (id === '0fywvnl' ? 'Case 1' : null));
    expect([...root.querySelectorAll('.bts-log .bts-scope, .bts-notification .bts-scope')].map((e) => e.textContent)).toEqual(['Case 1', 'zzz', 'Case 1']);
    const button = root.querySelector<HTMLElement>('.bts-scopes .bts-scope')!;
    expect(button.title).toBe('Show only Case 1');
    expect(button.textContent).toBe('1');
    // Labelled twice (the observer sees its own writes): nothing changes.
    labelCases(root, (id) => (id === '0fywvnl' ? 'Case 1' : null));
    expect(root.querySelector('.bts-notification .bts-scope')!.textContent).toBe('Case 1');
  });

  const rows = [
    { name: 'a finished instance, in the log', html: '<div class="bts-log"><p class="bts-entry"><span class="bts-text">Process finished</span><span class="bts-scope" data-scope-id="0sdxymh">0sdxymh</span></p></div>', text: 'Case 1 finished', marked: true },
    { name: 'a finished instance, notified', html: '<div class="bts-notification"><span class="bts-text">Process finished</span><span class="bts-scope">0sdxymh</span></div>', text: 'Case 1 finished', marked: true },
    { name: 'a started instance', html: '<div class="bts-log"><p class="bts-entry"><span class="bts-text">Process started</span><span class="bts-scope" data-scope-id="0sdxymh">0sdxymh</span></p></div>', text: 'Case 1 started', marked: true },
    { name: 'a canceled instance', html: '<div class="bts-notification"><span class="bts-text">Process canceled</span><span class="bts-scope">0sdxymh</span></div>', text: 'Case 1 canceled', marked: true },
    { name: 'a step named like a row', html: '<div class="bts-log"><p class="bts-entry"><span class="bts-text">Process finished goods</span><span class="bts-scope" data-scope-id="0sdxymh">0sdxymh</span></p></div>', text: 'Process finished goods', marked: false },
    { name: 'an unknown instance', html: '<div class="bts-notification"><span class="bts-text">Process finished</span><span class="bts-scope">zzzzzzz</span></div>', text: 'Process finished', marked: false },
  ];
  for (const r of rows) {
    it(`a whole instance's row names its case: ${r.name}`, () => {
      const root = document.createElement('div');
      root.innerHTML = r.html;
      labelCases(root, (id) => (id === '0sdxymh' ? 'Case 1' : null));
      labelCases(root, (id) => (id === '0sdxymh' ? 'Case 1' : null));
      expect(root.querySelector('.bts-text')!.textContent).toBe(r.text);
      expect(root.querySelector(`.${CASE_ROW_CLASS}`) !== null).toBe(r.marked);
    });
  }
});

describe('simulationStartView', () => {
  // The loan decision (600 × 262 units) in a 375 px phone's canvas, and in a desktop's.
  const loan = { x: 80, y: 80, width: 600, height: 262 };
  const start = { x: 100, y: 182, width: 36, height: 36 };
  const phone = { width: 299, height: 400, narrow: true };
  const cases = [
    { name: 'a phone, fitted below the readable scale: readable at the start event', vp: phone, fit: 0.34, want: 'start' },
    { name: 'a phone, fitted readable: the fit stays', vp: phone, fit: 0.9, want: null },
    { name: 'a wide screen: the fit stays', vp: { width: 1200, height: 500, narrow: false }, fit: 0.34, want: null },
  ] as const;
  for (const c of cases) {
    it(c.name, () => {
      const v = simulationStartView(c.vp, loan, READABLE_ZOOM, c.fit, start);
      if (c.want === null) {
        expect(v).toBeNull();
        return;
      }
      expect(v).not.toBeNull();
      // Readable, no larger (the most of the diagram a phone can show readable), the start event and its label inside.
      expect(v!.scale).toBeGreaterThanOrEqual(READABLE_ZOOM);
      expect(v!.scale).toBeLessThan(READABLE_ZOOM + 0.002);
      expect(start.x).toBeGreaterThanOrEqual(v!.x);
      expect(start.x + start.width).toBeLessThanOrEqual(v!.x + v!.width);
      expect(start.y).toBeGreaterThanOrEqual(v!.y);
      expect(start.y + start.height).toBeLessThanOrEqual(v!.y + v!.height);
      expect(v!.width * v!.scale).toBeCloseTo(c.vp.width, 5);
    });
  }
});

describe('crowdedPads', () => {
  const box = (x: number, y = 0, size = 24) => ({ x, y, width: size, height: size });
  const cases = [
    { name: 'apart: all shown', pads: [{ rank: 0, box: box(0) }, { rank: 3, box: box(30) }], want: [false, false] },
    { name: "a pause point over the start's ▶: the ▶ stays, whichever comes first", pads: [{ rank: 3, box: box(10) }, { rank: 0, box: box(0) }], want: [true, false] },
    { name: 'a row of pause points 9 px apart: every third shown', pads: [0, 9, 18, 27, 36].map((x) => ({ rank: 3, box: box(x) })), want: [false, true, true, false, true] },
    { name: 'touching edges do not overlap', pads: [{ rank: 1, box: box(0) }, { rank: 1, box: box(24) }], want: [false, false] },
    { name: 'a pad not drawn hides nothing', pads: [{ rank: 0, box: box(0, 0, 0) }, { rank: 1, box: box(0) }], want: [false, false] },
  ];
  for (const c of cases) it(c.name, () => expect(crowdedPads(c.pads)).toEqual(c.want));

  it('ranks the ▶ first, then path switches, then the rest', () => {
    expect([padRank('Trigger Event'), padRank('Set Sequence Flow'), padRank('Add pause point'), padRank(null)]).toEqual([0, 1, 2, 2]);
  });
});

describe('clearOfRightEdge', () => {
  // A phone's simulation view at 70 % (2 px = 2/0.7 units) from x 60 to 460; the start event with its label from x 80.
  const view = { x: 60, y: 100, width: 400, height: 300, scale: 0.7 };
  const start = { x: 80, y: 182, width: 77, height: 70 };
  const gap = 2 / 0.7;
  const cases: { name: string; shown: Box[]; keep?: Box | null; x: number }[] = [
    { name: 'nothing at the edge: unchanged', shown: [{ x: 300, y: 150, width: 50, height: 50 }], keep: start, x: 60 },
    { name: "a label 1 unit over the edge (the gateway's Approved?): moved right by it and the gap", shown: [{ x: 420, y: 151, width: 41, height: 14 }], keep: start, x: 60 + 1 + gap },
    { name: 'a label just inside, nearer than the gap: moved by what the gap lacks', shown: [{ x: 420, y: 151, width: 39, height: 14 }], keep: start, x: 60 + gap - 1 },
    { name: 'a shape far over the edge: moving would cut the start event, unchanged', shown: [{ x: 440, y: 150, width: 100, height: 80 }], keep: start, x: 60 },
    { name: 'a shape over the edge but below the view: unchanged', shown: [{ x: 440, y: 500, width: 100, height: 80 }], keep: start, x: 60 },
    { name: 'beyond the edge wholly: unchanged', shown: [{ x: 470, y: 150, width: 50, height: 50 }], keep: start, x: 60 },
    { name: 'no start event to keep: moved', shown: [{ x: 440, y: 150, width: 100, height: 80 }], keep: null, x: 60 + 80 + gap },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const v = clearOfRightEdge(view, c.shown, c.keep);
      expect(v.x).toBeCloseTo(c.x, 6);
      expect(v.width).toBe(view.width);
      expect(v.scale).toBe(view.scale);
    });
  }
});
