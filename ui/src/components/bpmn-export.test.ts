import { describe, expect, it } from 'vitest';
import { boundedPngScale, pictureFileName, PNG_MAX_PIXELS, PNG_MAX_SIDE, svgSize } from './bpmn-export';

describe('boundedPngScale', () => {
  it('keeps the requested scale for an ordinary diagram', () => {
    expect(boundedPngScale(1200, 500, 2)).toBe(2);
  });
  it('bounds a 10× picture of a 2,000-node model by side and area', () => {
    const w = 60_000;
    const h = 4_000;
    const s = boundedPngScale(w, h, 10);
    expect(w * s).toBeLessThanOrEqual(PNG_MAX_SIDE + 1e-6);
    expect(w * s * h * s).toBeLessThanOrEqual(PNG_MAX_PIXELS + 1);
    const square = boundedPngScale(5000, 5000, 10);
    expect(5000 * square * 5000 * square).toBeLessThanOrEqual(PNG_MAX_PIXELS + 1);
  });
  it('refuses a picture without size and repairs a broken scale', () => {
    expect(boundedPngScale(0, 100)).toBe(0);
    expect(boundedPngScale(100, 100, Number.NaN)).toBe(1);
  });
});

describe('svgSize', () => {
  it('reads width and height, else the viewBox', () => {
    expect(svgSize('<svg xmlns="x" width="640" height="200" viewBox="0 0 640 200">')).toEqual({ width: 640, height: 200 });
    expect(svgSize('<svg xmlns="x" viewBox="-10 -5 300 120">')).toEqual({ width: 300, height: 120 });
    expect(svgSize('<div>')).toBeNull();
  });
});

describe('pictureFileName', () => {
  it('names the file after the process', () => {
    expect(pictureFileName('Purchase / Approval (v2)', 'png')).toBe('Purchase-Approval-v2.png');
    expect(pictureFileName('', 'svg')).toBe('process-model.svg');
    expect(pictureFileName('Überweisung prüfen', 'svg')).toBe('Überweisung-prüfen.svg');
  });
});
