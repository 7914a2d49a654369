// The e2e journeys' shared BPMN parts: a generated BPMN chain of any size
// (drawn in rows), a BPMN upload that waits for its diagram, and the steps
// several spec files take.
import { expect, type Locator, type Page } from './fixtures';
import { appReady } from './helpers';

/** Tasks per row of the generated diagram. */
const perRow = 20;

/**
 * A chain of `tasks` tasks between a start and an end event, drawn in rows
 * of 20 (each row left to right, a flow down to the next row): tasks + 2
 * shapes and tasks + 1 flows.
 */
export function chainBpmn(tasks: number, name: string): string {
  const nodes: { id: string; kind: 'startEvent' | 'task' | 'endEvent'; name: string }[] = [
    { id: 'Start', kind: 'startEvent', name: 'Request received' },
    ...Array.from({ length: tasks }, (_, i) => ({ id: `Task_${i + 1}`, kind: 'task' as const, name: `Step ${i + 1}` })),
    { id: 'End', kind: 'endEvent', name: 'Request done' },
  ];
  const pos = (i: number) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    return { x: 100 + col * 160, y: 100 + row * 140 };
  };
  const box = (i: number) => {
    const p = pos(i);
    const n = nodes[i];
    return n.kind === 'task' ? { x: p.x, y: p.y, w: 100, h: 80 } : { x: p.x + 32, y: p.y + 22, w: 36, h: 36 };
  };
  const proc: string[] = [];
  const di: string[] = [];
  nodes.forEach((n, i) => {
    const inc = i > 0 ? `<bpmn:incoming>Flow_${i}</bpmn:incoming>` : '';
    const out = i < nodes.length - 1 ? `<bpmn:outgoing>Flow_${i + 1}</bpmn:outgoing>` : '';
    proc.push(`<bpmn:${n.kind} id="${n.id}" name="${n.name}">${inc}${out}</bpmn:${n.kind}>`);
    const b = box(i);
    di.push(`<bpmndi:BPMNShape id="${n.id}_di" bpmnElement="${n.id}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" /></bpmndi:BPMNShape>`);
  });
  for (let i = 1; i < nodes.length; i++) {
    proc.push(`<bpmn:sequenceFlow id="Flow_${i}" sourceRef="${nodes[i - 1].id}" targetRef="${nodes[i].id}" />`);
    const a = box(i - 1);
    const b = box(i);
    const sameRow = Math.floor((i - 1) / perRow) === Math.floor(i / perRow);
    const pts = sameRow
      ? [
          [a.x + a.w, a.y + a.h / 2],
          [b.x, b.y + b.h / 2],
        ]
      : [
          [a.x + a.w / 2, a.y + a.h],
          [a.x + a.w / 2, a.y + a.h + 20],
          [b.x + b.w / 2, a.y + a.h + 20],
          [b.x + b.w / 2, b.y],
        ];
    di.push(`<bpmndi:BPMNEdge id="Flow_${i}_di" bpmnElement="Flow_${i}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs" targetNamespace="http://example.com/chain">
  <bpmn:process id="Chain" name="${name}" isExecutable="false">
${proc.join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="P" bpmnElement="Chain">
${di.join('\n')}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

/** Opens a BPMN file through "Open BPMN file in editor"; answers the new analysis' id. */
export async function openInEditor(page: Page, file: string, beforeUpload?: () => Promise<void>): Promise<string> {
  await page.goto('/bpmn-analyzer');
  await appReady(page);
  await beforeUpload?.();
  const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bpmn/analyze' && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  await page.getByTestId('editor-file-input').setInputFiles(file);
  return ((await (await started).json()) as { id: string }).id;
}

/**
 * Opens the editor of an analysis as a person does: the BPMN Analyzer's
 * Recent list → Process Model → Edit diagram; waits until the editor shows
 * the shape `shownId`. Answers the editor.
 */
export async function editFromRecent(page: Page, id: string, shownId: string): Promise<Locator> {
  await page.goto('/bpmn-analyzer');
  await appReady(page);
  await page.locator(`[data-testid="recent-item"][data-id="${id}"]`).click();
  await page.getByRole('tab', { name: 'Process Model' }).click();
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator(`.djs-shape[data-element-id="${shownId}"]`)).toBeVisible({ timeout: 60_000 });
  return editor;
}

/** The versions the server holds for an analysis (the latest's number). */
export async function latestVersion(page: Page, id: string): Promise<number> {
  return ((await (await page.request.get(`/api/analyses/${id}/versions`)).json()) as { latest: number }).latest;
}

/** The page still answers (a crashed or hung tab does not). */
export async function stillAlive(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
}

/** Every box of these elements lies inside the viewport. */
export async function insideViewport(page: Page, targets: Locator[], what: string): Promise<void> {
  const vp = page.viewportSize()!;
  for (const t of targets) {
    await t.scrollIntoViewIfNeeded();
    const b = await t.boundingBox();
    expect(b, what).not.toBeNull();
    expect(b!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
    expect(b!.x + b!.width, `${what}: right edge`).toBeLessThanOrEqual(vp.width + 0.5);
  }
}

/** Uploads a BPMN file through the API and waits until its diagram exists; returns the analysis id. */
export async function uploadBpmn(page: Page, name: string, xml: string): Promise<string> {
  const up = await page.request.post('/api/bpmn/analyze', {
    multipart: { file: { name, mimeType: 'application/xml', buffer: Buffer.from(xml) } },
  });
  expect(up.status()).toBeLessThan(300);
  const body = (await up.json()) as { id: string } | { id: string }[];
  const id = Array.isArray(body) ? body[0].id : body.id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/check-graph/${id}`)).json()) as { exists: boolean }).exists, { timeout: 150_000 })
    .toBe(true);
  return id;
}
