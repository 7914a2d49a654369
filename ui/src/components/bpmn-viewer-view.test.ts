import { describe, expect, it } from 'vitest';
import { initialViewBox, READABLE_ZOOM } from './bpmn-viewer';

const fitted = (scale: number) => ({
  x: 0,
  y: -100,
  width: 1000 / scale,
  height: 600 / scale,
  inner: { x: 10, y: 50, width: 5000, height: 200 },
});

describe('initialViewBox', () => {
  it('keeps the fitted view when the diagram is readable', () => {
    expect(initialViewBox(fitted(0.8), 0.8)).toBeNull();
    expect(initialViewBox(fitted(READABLE_ZOOM), READABLE_ZOOM)).toBeNull();
  });

  it('opens a long diagram at its start, at a readable scale, centred vertically', () => {
    const view = initialViewBox(fitted(0.1), 0.1);
    expect(view).not.toBeNull();
    // 1000 px wide at scale 0.5 shows 2000 diagram units.
    expect(view!.width).toBeCloseTo(2000);
    expect(view!.height).toBeCloseTo(1200);
    expect(view!.x).toBe(-10);
    expect(view!.y + view!.height / 2).toBeCloseTo(150);
  });

  it('ignores a broken scale', () => {
    expect(initialViewBox(fitted(1), 0)).toBeNull();
    expect(initialViewBox(fitted(1), Number.NaN)).toBeNull();
  });
});
