import { describe, expect, it } from 'vitest';
import { boundedPngScale, pictureFileName, planPng, PNG_MAX_PIXELS, PNG_MAX_SIDE, PNG_MIN_SCALE, svgSize } from './bpmn-export';

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

describe('planPng', () => {
  it.each([
    // [width, height, requested, scale drawn, note expected]
    ['an ordinary diagram at 2×', 1200, 500, 2, 2, false],
    ['an ordinary diagram at 10×', 800, 400, 10, 10, false],
    ['a wide diagram at 10×, bounded by the side', 3000, 600, 10, PNG_MAX_SIDE / 3000, true],
  ])('%s', (_name, w, h, requested, scale, noted) => {
    const plan = planPng(w, h, requested);
    expect(plan.scale).toBeCloseTo(scale, 6);
    expect(plan.note !== null).toBe(noted);
  });

  it('says what it drew instead, in numbers a person can check, and offers SVG', () => {
    const plan = planPng(3000, 600, 10);
    expect(plan.note).toContain('instead of 10×');
    expect(plan.note).toContain('30,000 × 6,000 px');
    expect(plan.note).toContain('SVG');
  });

  it('refuses a picture that would only be readable above the browser limits, pointing to SVG', () => {
    // A 2,000-node model drawn in one long row: any PNG of it is a smear.
    const w = 300_000;
    const h = 400;
    expect(boundedPngScale(w, h, 10)).toBeLessThan(PNG_MIN_SCALE);
    expect(() => planPng(w, h, 10)).toThrow(/too large for a readable PNG \(300,000 × 400 px at 1×.*Download SVG instead/);
  });

  it('refuses a picture without size', () => {
    expect(() => planPng(0, 0)).toThrow('no size');
  });
});
