import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot, type Root } from 'react-dom/client';
import { BpmnViewer, clampZoom } from './bpmn-viewer';
import { sampleBpmn } from '../test/sample-bpmn';

// Real Chromium: bpmn-js needs SVG layout (getBBox), which jsdom lacks.
// The viewer updates asynchronously; the test polls instead of using act().

let root: Root | null = null;
let host: HTMLDivElement | null = null;

function mount(ui: React.ReactElement, width = 800) {
  host = document.createElement('div');
  host.style.width = `${width}px`;
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(ui);
  return host;
}

async function waitFor<T>(fn: () => T | null | undefined | false, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function button(el: HTMLElement, name: string): HTMLButtonElement {
  // By its name: the zooms are icon buttons, their names in aria-label.
  const b = [...el.querySelectorAll('button')].find((x) => (x.getAttribute('aria-label') ?? x.textContent?.trim()) === name || x.textContent?.trim() === name);
  if (!b) throw new Error(`no button ${name}`);
  return b;
}

function currentScale(el: HTMLElement): number {
  const vp = el.querySelector('.viewport') as SVGGElement;
  return vp.transform.baseVal.consolidate()?.matrix.a ?? 1;
}

/**
 * A process of `rows` rows of `cols` named tasks chained row after row (as
 * SPADE's layout folds a long procedure), its start event at the top-left.
 */
function gridBpmn(rows: number, cols: number): string {
  const nodes: string[] = ['<bpmn:startEvent id="Start" name="Request received" />'];
  const shapes: string[] = ['<bpmndi:BPMNShape id="Start_di" bpmnElement="Start"><dc:Bounds x="60" y="82" width="36" height="36" /></bpmndi:BPMNShape>'];
  const flows: string[] = [];
  let prev = 'Start';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const id = `Task_${r}_${c}`;
      nodes.push(`<bpmn:task id="${id}" name="Step ${r * cols + c + 1}" />`);
      shapes.push(`<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${150 + c * 240}" y="${60 + r * 220}" width="100" height="80" /></bpmndi:BPMNShape>`);
      flows.push(`<bpmn:sequenceFlow id="F_${id}" sourceRef="${prev}" targetRef="${id}" />`);
      prev = id;
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Grid" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="P" isExecutable="false">${nodes.join('')}${flows.join('')}</bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="P">${shapes.join('')}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

/** Whether the element's box lies inside the canvas' box. */
function insideCanvas(el: HTMLElement, target: Element): boolean {
  const c = el.querySelector('.bpmn-canvas')!.getBoundingClientRect();
  const r = target.getBoundingClientRect();
  return r.left >= c.left - 0.5 && r.top >= c.top - 0.5 && r.right <= c.right + 0.5 && r.bottom <= c.bottom + 0.5;
}

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

describe('BpmnViewer in Chromium', () => {
  it('renders the diagram as SVG with task names and the bpmn.io watermark', async () => {
    const el = mount(<BpmnViewer xml={sampleBpmn} height={400} />);
    await waitFor(() => el.textContent?.includes('Loading process model...'));
    const svg = await waitFor(() => el.querySelector('.bpmn-canvas svg'));
    await waitFor(() => el.querySelector('[data-element-id="Task_2"]'));
    // The shapes are drawn before the first fit ends the loading state: on a
    // busy machine the note can still be up at this moment, so wait for it
    // to go (a note that never goes still fails here, after the timeout).
    await waitFor(() => !el.textContent?.includes('Loading process model...'));
    expect(svg.textContent).toContain('Check order');
    expect(svg.textContent).toContain('Ship goods');
    const mark = el.querySelector<HTMLAnchorElement>('.bjs-powered-by');
    expect(mark).not.toBeNull();
    const style = getComputedStyle(mark!);
    expect(style.display).not.toBe('none');
    expect(style.visibility).not.toBe('hidden');
    expect(Number(style.opacity)).toBeGreaterThan(0);
    expect(el.textContent).toContain('View Only');
    expect(el.textContent).not.toContain('Loading process model...');
  });

  it('zooms by 1.02 / 0.98 and fits', async () => {
    const el = mount(<BpmnViewer xml={sampleBpmn} height={400} />);
    await waitFor(() => el.querySelector('[data-element-id="Task_1"]') && !button(el, 'Zoom In').disabled);
    await new Promise((r) => setTimeout(r, 600));
    const before = currentScale(el);
    button(el, 'Zoom In').click();
    expect(currentScale(el) / before).toBeCloseTo(1.02, 3);
    const mid = currentScale(el);
    button(el, 'Zoom Out').click();
    expect(currentScale(el) / mid).toBeCloseTo(0.98, 3);
    button(el, 'Fit Content').click();
    expect(currentScale(el)).toBeGreaterThan(0);
    // At 480 px or less (the test browser's 414 px) Help sits under More, as in the editor.
    if (![...el.querySelectorAll('button')].some((x) => x.textContent?.trim() === 'Help')) button(el, 'More ▾').click();
    (await waitFor(() => [...el.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Help'))).click();
    await waitFor(() => el.textContent?.includes('Ctrl + scroll to zoom'));
    expect(el.textContent).toContain('Shift + scroll to move horizontally');
  });

  it('makes the overview toggle a keyboard button: focusable, named, Enter and Space toggle it', async () => {
    const el = mount(<BpmnViewer xml={sampleBpmn} height={400} />);
    await waitFor(() => el.querySelector('[data-element-id="Task_1"]'));
    const toggle = await waitFor(() => el.querySelector<HTMLElement>('.djs-minimap .toggle'));
    expect(toggle.getAttribute('role')).toBe('button');
    expect(toggle.tabIndex).toBe(0);
    const map = el.querySelector('.djs-minimap')!;
    const wasOpen = map.classList.contains('open');
    expect(toggle.getAttribute('aria-expanded')).toBe(String(wasOpen));
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    const press = (key: string) => toggle.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    press('Enter');
    expect(map.classList.contains('open')).toBe(!wasOpen);
    expect(toggle.getAttribute('aria-expanded')).toBe(String(!wasOpen));
    expect(toggle.getAttribute('aria-label')).toBe(wasOpen ? 'Show overview' : 'Hide overview');
    press(' ');
    expect(map.classList.contains('open')).toBe(wasOpen);
    press('x');
    expect(map.classList.contains('open')).toBe(wasOpen);
  });

  it('opens a model too large to read whole in a narrow column at its start, readable, with the whole diagram one tap away', async () => {
    // 8 rows of 14 steps, 3,400 × 1,800 units: about 30 screens of this canvas to read.
    const el = mount(<BpmnViewer xml={gridBpmn(8, 14)} height={400} />, 340);
    await waitFor(() => el.querySelector('[data-element-id="Task_7_13"]') && !button(el, 'Zoom In').disabled);
    await new Promise((r) => setTimeout(r, 700)); // the second fit
    expect(currentScale(el)).toBeGreaterThanOrEqual(0.81);
    expect(insideCanvas(el, el.querySelector('[data-element-id="Start"] .djs-visual')!)).toBe(true);
    expect(el.querySelector('.bpmn-statusbar')!.textContent).toContain('continues →');
    expect([...el.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Zoom to read')).toBe(false);
    button(el, 'Whole diagram').click();
    expect(currentScale(el)).toBeLessThan(0.1);
    await waitFor(() => ![...el.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Whole diagram'));
    expect([...el.querySelectorAll('.djs-shape')].every((s) => insideCanvas(el, s.querySelector('.djs-visual')!))).toBe(true);
  });

  it('never opens the overview over a step: after Zoom to read the steps run under its corner, so it stays closed (its toggle stays)', async () => {
    await page.viewport(1280, 900);
    // 2 rows of 10 steps, 2,500 units wide: fitted at about 40 %, read from the top-left at 82 %, the first row reaches the top-right corner.
    const el = mount(<BpmnViewer xml={gridBpmn(2, 10)} height={400} />, 1000);
    await waitFor(() => el.querySelector('[data-element-id="Task_1_9"]') && !button(el, 'Zoom In').disabled);
    await new Promise((r) => setTimeout(r, 700)); // the second fit
    button(el, 'Zoom to read').click();
    expect(currentScale(el)).toBeGreaterThanOrEqual(0.81);
    const map = el.querySelector('.djs-minimap')!;
    expect(map.classList.contains('open')).toBe(false);
    // Open, it would have covered steps of the first row.
    map.querySelector<HTMLElement>('.toggle')!.click();
    const open = map.getBoundingClientRect();
    expect([...el.querySelectorAll('[data-element-id^="Task_0_"]')].some((s) => {
      const r = s.getBoundingClientRect();
      return r.right > open.left && r.left < open.right && r.bottom > open.top && r.top < open.bottom;
    })).toBe(true);
    await page.viewport(414, 896); // vitest's default, for the tests after this one
  });

  it('opens a small model whole in a narrow column', async () => {
    const el = mount(<BpmnViewer xml={sampleBpmn} height={400} />, 340);
    await waitFor(() => el.querySelector('[data-element-id="Task_2"]') && !button(el, 'Zoom In').disabled);
    await new Promise((r) => setTimeout(r, 700));
    expect([...el.querySelectorAll('.djs-shape')].every((s) => insideCanvas(el, s.querySelector('.djs-visual')!))).toBe(true);
    expect([...el.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Whole diagram')).toBe(false);
  });

  it('shows the failed state with Retry for broken XML', async () => {
    const el = mount(<BpmnViewer xml="<not-bpmn" height={300} />);
    await waitFor(() => el.textContent?.includes('Failed to load process model.'));
    expect(button(el, 'Retry')).toBeTruthy();
  });

  it('clamps zoom to 0.2–5', () => {
    expect(clampZoom(0.1)).toBe(0.2);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(1.3)).toBe(1.3);
  });
});
