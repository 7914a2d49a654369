import { describe, expect, it } from 'vitest';
import { hiddenSides, initialViewBox, READABLE_ZOOM } from './bpmn-viewer';

// A 1000 × 600 px view of a diagram 5000 units wide and 200 high, after fit-viewport at `scale`.
const fitted = (scale: number, innerHeight = 200) => ({
  x: 0,
  y: -100,
  width: 1000 / scale,
  height: 600 / scale,
  inner: { x: 10, y: 50, width: 5000, height: innerHeight },
});

describe('initialViewBox', () => {
  it('keeps the fitted view when its smallest text stays readable (≥ 9 px)', () => {
    expect(READABLE_ZOOM).toBeCloseTo(9 / 11, 5);
    expect(initialViewBox(fitted(0.9), 0.9)).toBeNull();
    expect(initialViewBox(fitted(READABLE_ZOOM), READABLE_ZOOM)).toBeNull();
  });

  it('opens a long, low diagram at its start, fitting its height (100 % at most)', () => {
    const view = initialViewBox(fitted(0.1), 0.1)!;
    // 240 units of height fit 600 px at any scale up to 1: 100 %.
    expect(view.width).toBeCloseTo(1000);
    expect(view.height).toBeCloseTo(600);
    expect(view.x).toBe(-10);
    expect(view.y + view.height / 2).toBeCloseTo(150);
  });

  it('fits the height when that is readable', () => {
    const view = initialViewBox(fitted(0.1, 640), 0.1)!;
    // 680 units in 600 px: scale 0.882.
    expect(600 / view.height).toBeCloseTo(600 / 680, 3);
    expect(view.x).toBe(-10);
  });

  it('uses the readable scale from the top-left when even the height does not fit readably', () => {
    const view = initialViewBox(fitted(0.1, 2000), 0.1)!;
    expect(600 / view.height).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(600 / view.height).toBeLessThan(READABLE_ZOOM + 0.002);
    expect(view.y).toBe(30);
  });

  it('ignores a broken scale', () => {
    expect(initialViewBox(fitted(1), 0)).toBeNull();
    expect(initialViewBox(fitted(1), Number.NaN)).toBeNull();
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
