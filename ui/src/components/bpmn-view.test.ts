import { describe, expect, it } from 'vitest';
import { coversAny, FIT_MARGIN, fitBox, fitMargin, NARROW_FIT_MARGIN, readBoxes, startEventBox, type DiagramElement, focusBox, focusWithHeader, poolBoxes, unionBox, anyHidden, drawnElements, firstViewBox, hiddenSides, MAX_OVERVIEW_SCREENS, MIN_OVERVIEW_TEXT_PX, READABLE_ZOOM, SMALLEST_LABEL_PX, readableScreens, START_PAD, startViewBox } from './bpmn-view';

/** The screen rectangle (CSS px) a diagram box lands on for a view of a W × H canvas. */
function onScreen(b: { x: number; y: number; width: number; height: number }, v: { x: number; y: number; scale: number }) {
  return { left: (b.x - v.x) * v.scale, top: (b.y - v.y) * v.scale, right: (b.x + b.width - v.x) * v.scale, bottom: (b.y + b.height - v.y) * v.scale };
}

describe('fitBox', () => {
  const cases = [
    { name: 'long process on a phone', inner: { x: 100, y: 50, width: 4000, height: 600 }, w: 335, h: 480 },
    { name: 'long process at desktop', inner: { x: -20, y: 0, width: 2600, height: 900 }, w: 1380, h: 600 },
    { name: 'tall pools', inner: { x: 0, y: 0, width: 900, height: 3000 }, w: 800, h: 600 },
    { name: 'three steps', inner: { x: 150, y: 80, width: 420, height: 90 }, w: 1380, h: 600 },
  ];
  for (const c of cases) {
    it(`keeps every part of the diagram inside the free area: ${c.name}`, () => {
      const v = fitBox(c.inner, c.w, c.h);
      const r = onScreen(c.inner, v);
      expect(r.left).toBeGreaterThanOrEqual(FIT_MARGIN.left - 0.01);
      expect(r.top).toBeGreaterThanOrEqual(FIT_MARGIN.top - 0.01);
      expect(r.right).toBeLessThanOrEqual(c.w - FIT_MARGIN.right + 0.01);
      expect(r.bottom).toBeLessThanOrEqual(c.h - FIT_MARGIN.bottom + 0.01);
      expect(v.width * v.scale).toBeCloseTo(c.w, 6);
      expect(v.height * v.scale).toBeCloseTo(c.h, 6);
      expect(anyHidden({ ...v, inner: c.inner })).toBe(false);
    });
  }

  it('never enlarges beyond 100 %', () => {
    expect(fitBox({ x: 0, y: 0, width: 100, height: 50 }, 1400, 600).scale).toBe(1);
  });

  it('survives an empty diagram and a collapsed canvas', () => {
    const v = fitBox({ x: 0, y: 0, width: 0, height: 0 }, 0, 0);
    expect([v.x, v.y, v.width, v.height, v.scale].every(Number.isFinite)).toBe(true);
  });
});

describe('focusBox', () => {
  it('centres on what changed, as large as 100 %', () => {
    const changed = { x: 2000, y: 300, width: 100, height: 80 };
    const v = focusBox(changed, 0.2, 1000, 600);
    expect(v.scale).toBe(1);
    const r = onScreen(changed, v);
    expect((r.left + r.right) / 2).toBeCloseTo(500, 0);
  });

  it('never zooms out further than the whole diagram', () => {
    const v = focusBox({ x: 0, y: 0, width: 8000, height: 100 }, 0.3, 1000, 600);
    expect(v.scale).toBe(0.3);
  });
});

describe('focusWithHeader', () => {
  const pool = { x: 100, y: 0, width: 2000, height: 400 };
  const lane = { x: 130, y: 0, width: 1970, height: 200 };
  it.each([
    ['a change far right in a model that fits: the pool\'s edge stays in view', { x: 1500, y: 50, width: 100, height: 80 }, 0.5, 1000, true],
    ['a change near the edge: the same as centring on it', { x: 200, y: 50, width: 100, height: 80 }, 0.5, 1000, true],
    ['a model too wide to fit: the change alone', { x: 1900, y: 50, width: 100, height: 80 }, 0.3, 500, false],
  ])('%s', (_name, change, fitScale, width, keepsEdge) => {
    const v = focusWithHeader(change, [pool, lane], fitScale, width, 600);
    const r = onScreen(change, v);
    expect(r.left).toBeGreaterThanOrEqual(0);
    expect(r.right).toBeLessThanOrEqual(width);
    expect(v.scale).toBeGreaterThanOrEqual(fitScale);
    const edge = (pool.x - v.x) * v.scale;
    expect(edge >= 0 && edge <= width).toBe(keepsEdge);
  });

  it('without pools centres on the change as focusBox does', () => {
    const change = { x: 2000, y: 300, width: 100, height: 80 };
    expect(focusWithHeader(change, [], 0.2, 1000, 600)).toEqual(focusBox(change, 0.2, 1000, 600));
  });

  it('reads the boxes of pools and lanes only', () => {
    const els: DiagramElement[] = [
      { id: 'Pool', type: 'bpmn:Participant', x: 0, y: 0, width: 500, height: 200 },
      { id: 'Lane', type: 'bpmn:Lane', x: 30, y: 0, width: 470, height: 100 },
      { id: 'Task', type: 'bpmn:Task', x: 60, y: 20, width: 100, height: 80 },
    ];
    expect(poolBoxes(els)).toEqual([els[0], els[1]].map(({ x, y, width, height }) => ({ x, y, width, height })));
  });
});

describe('unionBox', () => {
  it('spans the boxes, null for none', () => {
    expect(unionBox([])).toBeNull();
    expect(unionBox([{ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: -5, width: 5, height: 5 }])).toEqual({ x: 0, y: -5, width: 25, height: 15 });
  });
});

describe('drawnElements', () => {
  it.each([
    ['an empty string', '', 0],
    ['a diagram without DI', '<bpmn:process id="P"><bpmn:task id="T" /></bpmn:process>', 0],
    [
      'shapes and edges',
      '<bpmndi:BPMNShape id="a_di" bpmnElement="a"/><bpmndi:BPMNEdge id="f_di" bpmnElement="f"/><bpmndi:BPMNShape bpmnElement="b"/>',
      3,
    ],
    ['the plane counts too', '<bpmndi:BPMNPlane id="P_di" bpmnElement="P">', 1],
  ])('%s', (_name, xml, n) => {
    expect(drawnElements(xml)).toBe(n);
  });
});

describe('hiddenSides', () => {
  it('names the sides where the diagram continues', () => {
    const v = { x: 0, y: 0, width: 100, height: 100, inner: { x: 0, y: 0, width: 300, height: 100 } };
    expect(hiddenSides(v)).toEqual({ left: false, right: true, up: false, down: false });
    expect(hiddenSides({ ...v, x: 100 })).toEqual({ left: true, right: true, up: false, down: false });
    expect(hiddenSides({ ...v, width: 400 })).toEqual({ left: false, right: false, up: false, down: false });
  });
});

describe('startViewBox', () => {
  const vp = { width: 1000, height: 600 };
  const low = (height: number) => ({ x: 10, y: 50, width: 5000, height });

  it('opens a long, low diagram at its start, fitting its height (100 % at most)', () => {
    const view = startViewBox(low(200), vp, READABLE_ZOOM);
    // 240 units of height fit 600 px at any scale up to 1: 100 %.
    expect(view.scale).toBe(1);
    expect(view.width).toBeCloseTo(1000);
    expect(view.height).toBeCloseTo(600);
    expect(view.x).toBe(10 - START_PAD);
    expect(view.y + view.height / 2).toBeCloseTo(150);
  });

  it('fits the height when that is readable', () => {
    const view = startViewBox(low(640), vp, READABLE_ZOOM);
    // 680 units in 600 px: scale 0.882.
    expect(view.scale).toBeCloseTo(600 / 680, 3);
    expect(view.x).toBe(10 - START_PAD);
  });

  it('uses the readable scale from the top-left when even the height does not fit readably', () => {
    const view = startViewBox(low(2000), vp, READABLE_ZOOM);
    expect(view.scale).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(view.scale).toBeLessThan(READABLE_ZOOM + 0.002);
    expect(view.height * view.scale).toBeCloseTo(600, 6);
    expect(view.y).toBe(50 - START_PAD);
  });

  it.each([
    ['right of the first screen', { x: 2000, y: 60, width: 36, height: 36 }],
    ['below the first screen', { x: 40, y: 1500, width: 36, height: 36 }],
    ['far right and low', { x: 3000, y: 1800, width: 36, height: 60 }],
  ])('moves to a start event %s', (_name, start) => {
    const v = startViewBox(low(2000), vp, READABLE_ZOOM, start);
    const r = onScreen(start, v);
    expect(r.left).toBeGreaterThanOrEqual(0);
    expect(r.top).toBeGreaterThanOrEqual(0);
    expect(r.right).toBeLessThanOrEqual(vp.width);
    expect(r.bottom).toBeLessThanOrEqual(vp.height);
  });

  it('puts a start event near the top-left corner at the left edge, past the lane headers', () => {
    const v = startViewBox(low(2000), vp, READABLE_ZOOM, { x: 60, y: 80, width: 36, height: 36 });
    expect([v.x, v.y]).toEqual([60 - START_PAD, 50 - START_PAD]);
  });

  it('keeps the left end of a diagram that fits the view across', () => {
    const narrow = { x: 10, y: 50, width: 600, height: 2000 };
    const v = startViewBox(narrow, vp, READABLE_ZOOM, { x: 60, y: 80, width: 36, height: 36 });
    expect(v.x).toBe(10 - START_PAD);
  });
});

describe('readableScreens', () => {
  it('counts the screens a diagram covers at the readable zoom', () => {
    expect(readableScreens({ x: 0, y: 0, width: 2000, height: 800 }, { width: 1000, height: 400 }, 0.5)).toBeCloseTo(1, 6);
    expect(readableScreens({ x: 0, y: 0, width: 4000, height: 800 }, { width: 1000, height: 400 }, 1)).toBeCloseTo(8, 6);
    expect(readableScreens({ x: 0, y: 0, width: 100, height: 100 }, { width: 0, height: 400 }, 1)).toBe(0);
  });
});

describe('firstViewBox', () => {
  // The canvases at 375 px (a phone) and 1440 px, and models as the journeys draw
  // them (long-model.spec, demo.spec, viewer.spec: sizes measured in Chromium).
  const phone = { width: 299, height: 400, narrow: true };
  const desktop = { width: 876, height: 600, narrow: false };
  const box = (width: number, height: number) => ({ x: 150, y: 80, width, height });
  const fieldBook = box(3409, 1777);
  const startOf = (inner: { x: number; y: number }) => ({ x: inner.x + 80, y: inner.y + 40, width: 36, height: 60 });
  const cases = [
    { name: 'the 79-step field book on a phone', vp: phone, inner: fieldBook, mode: 'start' },
    { name: 'the field book at 1440 px', vp: desktop, inner: fieldBook, mode: 'whole' },
    { name: 'the demo purchase approval on a phone', vp: phone, inner: box(2442, 859), mode: 'whole' },
    { name: 'a 30-step single row on a phone (fits at the least fit, 5 %: text 0.55 px)', vp: phone, inner: box(5233, 520), mode: 'start' },
    { name: 'a 30-step single row at 1440 px', vp: desktop, inner: box(5233, 520), mode: 'whole' },
    { name: 'the QC procedure on a phone', vp: phone, inner: box(1633, 1390), mode: 'whole' },
    { name: 'a three-step leave request on a phone', vp: phone, inner: box(752, 260), mode: 'whole' },
    { name: 'a tiny model on a phone (readable fitted)', vp: phone, inner: box(200, 100), mode: 'whole' },
    { name: 'a 60-step single row on a phone (clipped even at 5 %)', vp: phone, inner: box(10400, 520), mode: 'start' },
    { name: 'a 120-step single row at 1440 px (clipped even at 5 %)', vp: desktop, inner: box(20800, 520), mode: 'start' },
    { name: 'a huge model at 1440 px that fits at 5 %', vp: desktop, inner: box(16000, 9000), mode: 'whole' },
  ] as const;
  for (const c of cases) {
    it(`${c.mode === 'whole' ? 'shows whole' : 'opens readable at its start'}: ${c.name}`, () => {
      const start = startOf(c.inner);
      const first = firstViewBox(c.vp, c.inner, READABLE_ZOOM, start);
      expect(first.mode).toBe(c.mode);
      const v = first.view;
      expect(v.width * v.scale).toBeCloseTo(c.vp.width, 6);
      expect(v.height * v.scale).toBeCloseTo(c.vp.height, 6);
      if (c.mode === 'whole') {
        // The plain fit, with a phone's narrow sides (issue 25: a small model fills the canvas' width).
        expect(v).toEqual(fitBox(c.inner, c.vp.width, c.vp.height, undefined, fitMargin(c.vp.narrow)));
        expect(anyHidden({ ...v, inner: c.inner })).toBe(false);
        return;
      }
      // Readable, the start event on screen at the left edge (the lane headers
      // before it scroll off: the first steps get a phone's few hundred
      // units), the model's top in view.
      expect(v.scale).toBeGreaterThanOrEqual(READABLE_ZOOM);
      const r = onScreen(start, v);
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.top).toBeGreaterThanOrEqual(0);
      expect(r.right).toBeLessThanOrEqual(c.vp.width);
      expect(r.bottom).toBeLessThanOrEqual(c.vp.height);
      expect(v.x).toBe(start.x - START_PAD);
      expect(v.y).toBeLessThanOrEqual(c.inner.y);
      expect(anyHidden({ ...v, inner: c.inner })).toBe(true);
    });
  }

  it.each([
    { name: 'a three-step leave request', inner: box(752, 260), minShare: 0.94 },
    { name: 'a four-step chain', inner: box(900, 60), minShare: 0.94 },
    { name: 'a tiny model (100 %, the cap)', inner: box(200, 100), minShare: 0.66 },
  ])('a small model fills a phone canvas\'s width: $name', ({ inner, minShare }) => {
    const v = firstViewBox(phone, inner, READABLE_ZOOM).view;
    const drawn = inner.width * v.scale;
    expect(drawn / phone.width).toBeGreaterThanOrEqual(minShare);
    expect(v.scale).toBeLessThanOrEqual(1);
    // Inside, the sides kept.
    expect((inner.x - v.x) * v.scale).toBeGreaterThanOrEqual(NARROW_FIT_MARGIN.left - 1e-6);
    expect((v.x + v.width - inner.x - inner.width) * v.scale).toBeGreaterThanOrEqual(NARROW_FIT_MARGIN.right - 1e-6);
  });

  it('draws the line at MAX_OVERVIEW_SCREENS on a phone', () => {
    // Square models whose readable area is just under and just over the limit.
    const side = (screens: number) => Math.sqrt((screens * phone.width * phone.height) / READABLE_ZOOM ** 2);
    const under = box(side(MAX_OVERVIEW_SCREENS - 0.5), side(MAX_OVERVIEW_SCREENS - 0.5));
    const over = box(side(MAX_OVERVIEW_SCREENS + 0.5), side(MAX_OVERVIEW_SCREENS + 0.5));
    expect(firstViewBox(phone, under, READABLE_ZOOM).mode).toBe('whole');
    expect(firstViewBox(phone, over, READABLE_ZOOM).mode).toBe('start');
    expect(firstViewBox({ ...phone, narrow: false }, over, READABLE_ZOOM).mode).toBe('whole');
  });

  it('draws the line at MIN_OVERVIEW_TEXT_PX on a phone', () => {
    // Low strips (few screens to read) whose fitted text is just over and just under the limit.
    const wide = (px: number) => box((phone.width - NARROW_FIT_MARGIN.left - NARROW_FIT_MARGIN.right) / (px / SMALLEST_LABEL_PX), 200);
    const specks = wide(MIN_OVERVIEW_TEXT_PX * 0.95);
    const overview = wide(MIN_OVERVIEW_TEXT_PX * 1.05);
    expect(readableScreens(specks, phone, READABLE_ZOOM)).toBeLessThan(MAX_OVERVIEW_SCREENS);
    expect(firstViewBox(phone, overview, READABLE_ZOOM).mode).toBe('whole');
    expect(firstViewBox(phone, specks, READABLE_ZOOM).mode).toBe('start');
    expect(firstViewBox({ ...phone, narrow: false }, specks, READABLE_ZOOM).mode).toBe('whole');
  });

  it('opens at the diagram\'s top-left corner without a start event', () => {
    const first = firstViewBox(phone, fieldBook, READABLE_ZOOM, null);
    expect(first.mode).toBe('start');
    expect([first.view.x, first.view.y]).toEqual([fieldBook.x - START_PAD, fieldBook.y - START_PAD]);
  });

  it('shows whole when the readable zoom is broken', () => {
    expect(firstViewBox(phone, fieldBook, Number.NaN).mode).toBe('whole');
    expect(firstViewBox(phone, fieldBook, 0).mode).toBe('whole');
  });
});

describe('coversAny', () => {
  // A 240 × 150 px overview at the top right of an 876 px canvas, the view at 100 % from (0, 0).
  const map = { x: 624, y: 12, width: 240, height: 150 };
  const view = { x: 0, y: 0, width: 876, height: 600 };
  const cases = [
    { name: 'a task under it', box: { x: 700, y: 60, width: 100, height: 80 }, covers: true },
    { name: 'a task left of it', box: { x: 500, y: 60, width: 100, height: 80 }, covers: false },
    { name: 'a task below it', box: { x: 700, y: 200, width: 100, height: 80 }, covers: false },
    { name: 'a label touching its corner', box: { x: 600, y: 150, width: 30, height: 20 }, covers: true },
  ];
  for (const c of cases) {
    it(`${c.covers ? 'covers' : 'leaves free'} ${c.name}`, () => {
      expect(coversAny(map, [c.box], view, 876)).toBe(c.covers);
    });
  }
  it('follows the zoom and the scroll of the view', () => {
    // At 50 %, scrolled 1000 units right: the task at x 2300 is drawn at 650 px.
    const task = { x: 2300, y: 60, width: 100, height: 80 };
    expect(coversAny(map, [task], { x: 1000, y: 0, width: 1752, height: 1200 }, 876)).toBe(true);
    expect(coversAny(map, [task], view, 876)).toBe(false);
  });
  it('covers nothing in a collapsed canvas', () => {
    expect(coversAny(map, [{ x: 0, y: 0, width: 5000, height: 5000 }], { ...view, width: 0 }, 876)).toBe(false);
  });
});

describe('readBoxes and startEventBox', () => {
  const elements: DiagramElement[] = [
    { id: 'Collab', type: 'bpmn:Collaboration', children: [{}] },
    { id: 'Pool', type: 'bpmn:Participant', x: 0, y: 0, width: 2000, height: 500, children: [{}] },
    { id: 'Lane', type: 'bpmn:Lane', x: 30, y: 0, width: 1970, height: 250, children: [] },
    { id: 'Late', type: 'bpmn:StartEvent', x: 400, y: 300, width: 36, height: 36 },
    { id: 'First', type: 'bpmn:StartEvent', x: 100, y: 100, width: 36, height: 36, label: { id: 'First_label', x: 90, y: 140, width: 60, height: 14 } },
    { id: 'Task', type: 'bpmn:Task', x: 200, y: 80, width: 100, height: 80 },
    { id: 'Flow', type: 'bpmn:SequenceFlow', waypoints: [{ x: 136, y: 118 }, { x: 200, y: 118 }] },
    { id: 'First_label', type: 'label', x: 90, y: 140, width: 60, height: 14 },
  ];
  it('reads shapes without children and labels, not pools, lanes or flows', () => {
    expect(readBoxes(elements).map((b) => b.x)).toEqual([400, 100, 200, 90]);
  });
  it('picks the start event nearest the top-left corner, with its label', () => {
    expect(startEventBox(elements)).toEqual({ x: 90, y: 100, width: 60, height: 54 });
    expect(startEventBox(elements.filter((e) => e.type !== 'bpmn:StartEvent'))).toBeNull();
  });
});
