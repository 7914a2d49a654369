import { expect, test, type Locator, type Page } from './fixtures';
import { acceptCookies, appReady, snap } from './helpers';
import { signInAs } from './analyzers-helpers';
import { uploadBpmn } from './bpmn-chain';

// Issue 25: along a long model the ▶ of a gateway's choices sat past the
// canvas' right edge at the view the simulation had followed the token to;
// a person had to find and drag there. The view now brings a gateway's
// choices on screen as the token heads to it and when it waits there.

test.setTimeout(180_000);

/**
 * A row of `tasks` tasks, then an event-based gateway waiting for a reply
 * (a message, above) or five days (a timer, below), each with its own end:
 * the token waits at the gateway until one of the two ▶ is pressed.
 */
function waitingChainBpmn(tasks: number): string {
  const proc: string[] = [];
  const di: string[] = [];
  const shape = (id: string, x: number, y: number, w: number, h: number) => di.push(`<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`);
  const edge = (id: string, from: string, to: string, pts: [number, number][]) => {
    proc.push(`<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`);
    di.push(`<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`);
  };
  proc.push('<bpmn:startEvent id="Start" name="Request received" />');
  shape('Start', 132, 222, 36, 36);
  let prev = 'Start';
  let prevRight = 168;
  for (let i = 1; i <= tasks; i++) {
    const x = 100 + i * 160;
    proc.push(`<bpmn:task id="Task_${i}" name="Step ${i}" />`);
    shape(`Task_${i}`, x, 200, 100, 80);
    edge(`Flow_${i}`, prev, `Task_${i}`, [
      [prevRight, 240],
      [x, 240],
    ]);
    prev = `Task_${i}`;
    prevRight = x + 100;
  }
  const gx = 100 + (tasks + 1) * 160;
  proc.push('<bpmn:eventBasedGateway id="Wait" name="Reply or 5 days?" />');
  shape('Wait', gx, 215, 50, 50);
  edge('Flow_wait', prev, 'Wait', [
    [prevRight, 240],
    [gx, 240],
  ]);
  // The events it waits for far to its right (long flows, as when their labels sit on them): past the
  // right edge of the view that shows the token's way into the gateway, on a phone and on a desktop.
  const ex = gx + 400;
  proc.push('<bpmn:intermediateCatchEvent id="Reply" name="Reply received"><bpmn:messageEventDefinition /></bpmn:intermediateCatchEvent>');
  proc.push('<bpmn:intermediateCatchEvent id="Timeout" name="5 days passed"><bpmn:timerEventDefinition /></bpmn:intermediateCatchEvent>');
  shape('Reply', ex, 122, 36, 36);
  shape('Timeout', ex, 322, 36, 36);
  edge('Flow_reply', 'Wait', 'Reply', [
    [gx + 25, 215],
    [gx + 25, 140],
    [ex, 140],
  ]);
  edge('Flow_timeout', 'Wait', 'Timeout', [
    [gx + 25, 265],
    [gx + 25, 340],
    [ex, 340],
  ]);
  proc.push('<bpmn:endEvent id="Answered" name="Answered" />');
  proc.push('<bpmn:endEvent id="Reminded" name="Reminder due" />');
  shape('Answered', ex + 100, 122, 36, 36);
  shape('Reminded', ex + 100, 322, 36, 36);
  edge('Flow_answered', 'Reply', 'Answered', [
    [ex + 36, 140],
    [ex + 100, 140],
  ]);
  edge('Flow_reminded', 'Timeout', 'Reminded', [
    [ex + 36, 340],
    [ex + 100, 340],
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs" targetNamespace="http://example.com/waiting">
  <bpmn:process id="Waiting" name="Waiting for a reply" isExecutable="false">
${proc.join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="P" bpmnElement="Waiting">
${di.join('\n')}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

async function openModel(page: Page, id: string): Promise<Locator> {
  await page.goto('/bpmn-analyzer');
  await appReady(page);
  await page.locator(`[data-testid="recent-item"][data-id="${id}"]`).click();
  await page.getByRole('tab', { name: 'Process Model' }).click();
  await expect(page.locator('.bpmn-canvas .djs-shape').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Zoom In' })).toBeEnabled();
  await page.waitForTimeout(800); // the second fit, ~500 ms after import
  return page.getByTestId('model-workbench');
}

/**
 * Where a person would tap `pad`, without scrolling anything: its centre
 * inside the canvas' box and the window, and elementFromPoint there
 * reaching the pad (not the canvas' clipped-off area or the page below).
 */
async function reachable(pad: Locator, canvas: Locator) {
  const c = (await canvas.boundingBox())!;
  return pad.evaluate((el, c) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const inCanvas = x >= c.x && x <= c.x + c.width && y >= c.y && y <= c.y + c.height;
    const inWindow = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
    const top = document.elementFromPoint(x, y);
    return { inCanvas, inWindow, hit: top !== null && (top === el || el.contains(top)), x: Math.round(x - c.x), canvasWidth: Math.round(c.width) };
  }, c);
}

for (const [width, height] of [
  [375, 812],
  [1440, 900],
]) {
  test(`a long model at ${width} px: the token waits at a gateway past the right edge of the view it was followed in, and the view brings both ▶ of its choices on screen`, async ({ page }) => {
    await signInAs(page, 'ops@example.com');
    const id = await uploadBpmn(page, `waiting-chain-${width}.bpmn`, waitingChainBpmn(12));
    await page.setViewportSize({ width, height });
    const bench = await openModel(page, id);
    await acceptCookies(page);
    const canvas = bench.locator('.bpmn-canvas');

    await bench.getByRole('button', { name: 'Simulate', exact: true }).click();
    await expect(bench.getByRole('button', { name: /Stop/ })).toBeVisible({ timeout: 30_000 });
    await bench.getByTestId('bpmn-sim-dock').locator('[title="Set animation speed = Fast"]').first().click();
    // Read the model as a person does, from its start: a phone opens it so already, a desktop fits it whole
    // (a 14-shape row at ~40 %, with every ▶ on screen) until Zoom to read.
    const toRead = bench.getByRole('button', { name: 'Zoom to read' });
    if (await toRead.isVisible().catch(() => false)) await toRead.click();
    await canvas.scrollIntoViewIfNeeded();
    const choices = ['Reply', 'Timeout'].map((el) => bench.locator(`.djs-overlays[data-container-id="${el}"] .bts-context-pad`).first());
    const before = await reachable(bench.locator('.djs-shape[data-element-id="Reply"]'), canvas);
    console.log(`the reply event before playing (${width} px): ${JSON.stringify(before)}`);
    expect(before.inCanvas, `the reply event starts off the view (${width} px): the journey tests a pan`).toBe(false);

    const startPad = bench.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first();
    await expect.poll(async () => (await reachable(startPad, canvas)).hit, { message: `the start event's ▶ can be tapped (${width} px)` }).toBe(true);
    await startPad.click();
    // The token waits at the gateway: the ▶ of both choices are offered.
    for (const pad of choices) await expect(pad).not.toHaveClass(/hidden/, { timeout: 60_000 });
    for (const [i, pad] of choices.entries()) {
      const what = `${i === 0 ? 'the reply' : 'the five days'}' ▶ (${width} px)`;
      await expect
        .poll(async () => {
          const r = await reachable(pad, canvas);
          return r.inCanvas && r.inWindow && r.hit;
        }, { message: `${what}: inside the canvas and the window, and elementFromPoint at its centre reaches it`, timeout: 10_000 })
        .toBe(true);
    }
    await snap(page, `simulation-gateway-choices-${width}`, false);
    // Tapped where it is, the reply's ▶ takes the token to its end.
    await choices[0].click();
    await expect(bench.locator('.djs-overlays[data-container-id="Answered"] .bts-element-notification')).toContainText('Finished', { timeout: 30_000 });
  });
}
