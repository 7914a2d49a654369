import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitBox, focusBox, unionBox, anyHidden, drawnElements } from './bpmn-view';

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
