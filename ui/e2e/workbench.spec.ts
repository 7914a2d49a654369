import { expect, test, type Locator, type Page } from './fixtures';
import { acceptCookies, expectTappable, snap } from './helpers';
import { signInAs } from './analyzers-helpers';
import { chainBpmn, insideViewport, uploadBpmn } from './bpmn-chain';

// Issue 25: the diagram opens fitted, a token can be played through it, and
// the editor is one a bpmn.io / Camunda Modeler user recognises.

test.setTimeout(240_000);
// Its journeys share nothing (each signs in and uploads its own diagram) and
// together take about 110 s, the longest file: run in order in one worker it
// was the last to finish, so they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** A loan decision: the rejected case ends at "Application rejected" without "Pay out loan". */
const loanBpmn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs" targetNamespace="http://example.com/loan">
  <bpmn:process id="Loan" name="Loan application" isExecutable="false">
    <bpmn:startEvent id="Start" name="Application received"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:task id="Review" name="Review application"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:task>
    <bpmn:exclusiveGateway id="Decide" name="Approved?"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>yes</bpmn:outgoing><bpmn:outgoing>no</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:task id="Pay" name="Pay out loan"><bpmn:incoming>yes</bpmn:incoming><bpmn:outgoing>f4</bpmn:outgoing></bpmn:task>
    <bpmn:endEvent id="Paid" name="Loan paid"><bpmn:incoming>f4</bpmn:incoming></bpmn:endEvent>
    <bpmn:task id="Reject" name="Send rejection letter"><bpmn:incoming>no</bpmn:incoming><bpmn:outgoing>f6</bpmn:outgoing></bpmn:task>
    <bpmn:endEvent id="Rejected" name="Application rejected"><bpmn:incoming>f6</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Review" />
    <bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="Decide" />
    <bpmn:sequenceFlow id="yes" name="yes" sourceRef="Decide" targetRef="Pay"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">approved</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="no" name="no" sourceRef="Decide" targetRef="Reject"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">rejected</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f4" sourceRef="Pay" targetRef="Paid" />
    <bpmn:sequenceFlow id="f6" sourceRef="Reject" targetRef="Rejected" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="P" bpmnElement="Loan">
    <bpmndi:BPMNShape id="Start_di" bpmnElement="Start"><dc:Bounds x="100" y="182" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="80" y="225" width="77" height="27" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Review_di" bpmnElement="Review"><dc:Bounds x="190" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Decide_di" bpmnElement="Decide" isMarkerVisible="true"><dc:Bounds x="345" y="175" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="343" y="151" width="54" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Pay_di" bpmnElement="Pay"><dc:Bounds x="460" y="80" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Paid_di" bpmnElement="Paid"><dc:Bounds x="622" y="102" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="616" y="145" width="49" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Reject_di" bpmnElement="Reject"><dc:Bounds x="460" y="250" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Rejected_di" bpmnElement="Rejected"><dc:Bounds x="622" y="272" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="603" y="315" width="74" height="27" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200" /><di:waypoint x="190" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200" /><di:waypoint x="345" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="yes_di" bpmnElement="yes"><di:waypoint x="370" y="175" /><di:waypoint x="370" y="120" /><di:waypoint x="460" y="120" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="no_di" bpmnElement="no"><di:waypoint x="370" y="225" /><di:waypoint x="370" y="290" /><di:waypoint x="460" y="290" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f4_di" bpmnElement="f4"><di:waypoint x="560" y="120" /><di:waypoint x="622" y="120" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f6_di" bpmnElement="f6"><di:waypoint x="560" y="290" /><di:waypoint x="622" y="290" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

async function openModel(page: Page, id: string) {
  await page.goto('/bpmn-analyzer');
  await page.locator(`[data-testid="recent-item"][data-id="${id}"]`).click();
  await page.getByRole('tab', { name: 'Process Model' }).click();
  await expect(page.locator('.bpmn-canvas .djs-shape').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Zoom In' })).toBeEnabled();
  await page.waitForTimeout(800); // the second fit, ~500 ms after import
}

/** Every shape's box (with its label) lies inside the canvas; no cue overlaps a shape. */
async function fitted(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.bpmn-canvas')!.getBoundingClientRect();
    const shapes = [...document.querySelectorAll('.bpmn-canvas .djs-shape, .bpmn-canvas .djs-connection')].map((s) => s.getBoundingClientRect());
    const outside = shapes.filter((r) => r.left < canvas.left - 0.5 || r.top < canvas.top - 0.5 || r.right > canvas.right + 0.5 || r.bottom > canvas.bottom + 0.5).length;
    const cues = [...document.querySelectorAll('.bpmn-cue')].map((c) => c.getBoundingClientRect());
    const covering = cues.filter((c) => shapes.some((r) => c.left < Math.min(r.right, canvas.right) && c.right > Math.max(r.left, canvas.left) && c.top < Math.min(r.bottom, canvas.bottom) && c.bottom > Math.max(r.top, canvas.top))).length;
    return { shapes: shapes.length, outside, covering, continues: document.querySelectorAll('.bpmn-cue').length };
  });
}

test('the diagram opens fitted at 1440 and 375 px, plays a rejected case to its end, and exports SVG and PNG', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openModel(page, id);
  const wide = await fitted(page);
  expect(wide.shapes).toBeGreaterThan(6);
  expect(wide.outside, 'shapes outside the canvas at 1440 px').toBe(0);
  expect(wide.covering, 'cues over shapes').toBe(0);
  await expect(page.getByRole('button', { name: 'continues →' })).toHaveCount(0);
  await expect(page.locator('.bjs-powered-by')).toBeVisible();
  await page.getByTestId('bpmn-statusbar').scrollIntoViewIfNeeded();
  await snap(page, 'workbench-fitted-1440', false);

  // Token simulation: choose the "no" path at the gateway and start a token.
  await page.getByRole('button', { name: 'Simulate' }).click();
  await expect(page.getByRole('button', { name: 'Stop simulation' })).toBeVisible({ timeout: 30_000 });
  const gatewayPad = page.locator('.djs-overlays[data-container-id="Decide"] .bts-context-pad').first();
  await expect(gatewayPad).toBeVisible();
  // The first outgoing flow ("yes") is chosen at first; one click picks "no".
  await gatewayPad.click();
  await page.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first().click();
  const log = page.locator('.bts-log');
  if (!(await log.isVisible().catch(() => false))) await page.locator('.bts-toggle-log, [title*="Log"]').first().click();
  await expect(log).toContainText('Application rejected', { timeout: 30_000 });
  await expect(log).toContainText('Case 1 finished');
  await expect(log).toContainText('Send rejection letter');
  await expect(log).not.toContainText('Pay out loan');
  await snap(page, 'workbench-simulation-1440', false);
  await page.getByRole('button', { name: 'Stop simulation' }).click();

  // SVG and PNG of the diagram.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the diagram as SVG' }).click()]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the diagram as PNG' }).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);

  // A phone: still every shape inside, the overview closed.
  await page.evaluate(() => sessionStorage.clear());
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, id);
  const narrow = await fitted(page);
  expect(narrow.outside, 'shapes outside the canvas at 375 px').toBe(0);
  expect(narrow.covering).toBe(0);
  await expect(page.locator('.bpmn-stage .djs-minimap.open')).toHaveCount(0);
  await page.locator('.bpmn-stage').scrollIntoViewIfNeeded();
  await snap(page, 'workbench-fitted-375', false);
});

/** The rows a toolbar's controls wrap into, and its height. */
async function toolbarRows(toolbar: Locator): Promise<{ rows: number; height: number }> {
  return toolbar.evaluate((bar) => {
    const tops = new Set([...bar.children].filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => Math.round(c.getBoundingClientRect().top)));
    return { rows: tops.size, height: Math.round(bar.getBoundingClientRect().height) };
  });
}

test("375 px: the viewer's toolbar takes one row and the editor's two (the rest under More, a keyboard menu), every control and menu item tappable, leaving the canvas room on the screen below them", async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, id);
  await acceptCookies(page);
  for (const [name, bar] of [
    ['viewer', page.getByRole('toolbar', { name: 'Diagram controls' })],
    ['editor', page.getByTestId('bpmn-editor').getByRole('toolbar', { name: 'Editing tools' })],
  ] as const) {
    if (name === 'editor') {
      await page.getByRole('button', { name: 'Edit diagram' }).click();
      await expect(page.getByTestId('bpmn-editor').locator('.djs-shape').first()).toBeVisible({ timeout: 60_000 });
    }
    await bar.scrollIntoViewIfNeeded();
    const { rows, height } = await toolbarRows(bar);
    console.log(`${name} toolbar at 375 px: ${rows} rows, ${height} px`);
    expect(rows, `rows of the ${name} toolbar at 375 px`).toBeLessThanOrEqual(name === 'viewer' ? 1 : 2);
    for (const control of await bar.locator('button, select').all()) {
      if (await control.isVisible()) await expectTappable(page, control, `${name} toolbar: ${(await control.textContent())?.trim() || (await control.getAttribute('aria-label'))}`);
    }
    // The toolbar's bottom and the canvas' first 200 px fit one screen under the header.
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height + 200, `the ${name} toolbar leaves room for the canvas on one screen`).toBeLessThanOrEqual(812 - 64);
    await snap(page, `toolbar-${name}-375`, false);
  }

  // The editor keeps undo, redo, zoom and fit in its bar, Save version above it; the rest is under More.
  const editor = page.getByTestId('bpmn-editor');
  const bar = editor.getByRole('toolbar', { name: 'Editing tools' });
  for (const control of ['Undo', 'Redo', 'Zoom In', 'Zoom Out', 'Fit Content', 'Zoom to read']) await expect(bar.getByRole('button', { name: control, exact: true })).toBeVisible();
  await expectZoomIcons(bar, 'editor at 375 px');
  await expectTappable(page, editor.getByRole('button', { name: 'Save version' }), 'Save version at 375 px');
  // The editing bar above is one row (Tips, Cancel, Save version); the hint is behind Tips, in Help.
  const editing = editor.getByRole('toolbar', { name: 'Diagram editing' });
  const editingRow = await toolbarRows(editing);
  console.log(`editing bar at 375 px: ${editingRow.rows} rows, ${editingRow.height} px`);
  expect(editingRow.rows, 'rows of the editing bar at 375 px').toBe(1);
  const cancelBox = (await editing.getByRole('button', { name: 'Cancel' }).boundingBox())!;
  expect(editingRow.height, 'the editing bar is one button high at 375 px').toBeLessThanOrEqual(Math.ceil(cancelBox.height) + 2);
  const saveBox = (await editing.getByRole('button', { name: 'Save version' }).boundingBox())!;
  const toolsBox = (await bar.boundingBox())!;
  expect(saveBox.x + saveBox.width, 'Save version ends inside the card, aligned with the tools below').toBeLessThanOrEqual(toolsBox.x + toolsBox.width + 0.5);
  for (const control of ['Tips', 'Cancel', 'Save version']) await expectTappable(page, editing.getByRole('button', { name: control, exact: true }), `${control} at 375 px`);
  await expect(editor.getByText(/^Drag shapes between lanes/)).toHaveCount(0);
  const tips = editing.getByRole('button', { name: 'Tips', exact: true });
  await expect(tips).toHaveAttribute('aria-expanded', 'false');
  await tips.focus();
  await page.keyboard.press('Enter');
  await expect(tips).toHaveAttribute('aria-expanded', 'true');
  await expect(editor.getByRole('note')).toContainText('double-click a label to rename');
  await expect(editor.getByRole('note')).toContainText('Keyboard shortcuts');
  await expect(tips).toHaveAttribute('aria-controls', (await editor.getByRole('note').getAttribute('id'))!);
  await snap(page, 'editing-bar-tips-375', false);
  await page.keyboard.press('Space');
  await expect(editor.getByRole('note')).toHaveCount(0);
  const more = bar.getByRole('button', { name: 'More' });
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: Enter opens on the first item, the arrows move, Escape closes and gives focus back.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const menu = editor.getByRole('menu', { name: 'More editing tools' });
  const items = menu.locator('[role^="menuitem"]');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await page.keyboard.press('Space');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // A tap: every item is on the screen and on top (over the canvas and its palette).
  await more.click();
  const names = (await items.allTextContents()).map((t) => t.trim());
  expect(names).toEqual(['Simulate', 'Re-layout', 'Properties', 'Download SVG', 'Download PNG 1×', 'Download PNG 2×', 'Download PNG 4×', 'Download PNG 10×', 'Full screen', 'Help']);
  for (const item of await items.all()) await expectTappable(page, item, `More menu: ${(await item.textContent())?.trim()}`);
  await snap(page, 'toolbar-editor-more-375', false);
  // An item does its work and closes the menu: Help opens the shortcuts.
  await menu.getByRole('menuitemcheckbox', { name: 'Help' }).click();
  await expect(menu).toHaveCount(0);
  await expect(editor.getByRole('note')).toContainText('Keyboard shortcuts');
  await expect(more).toBeFocused();

  // Desktop: no More, every control in the bar as before.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(bar.getByRole('button', { name: 'More' })).toHaveCount(0);
  for (const control of ['Re-layout', 'Simulate', 'Properties', 'Full screen', 'Help']) await expect(bar.getByRole('button', { name: control, exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Download the diagram as PNG' })).toBeVisible();
  await bar.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(editor.getByRole('note')).toHaveCount(0);
  // Desktop's editing bar as before: the hint beside Cancel and Save version, no Tips.
  await expect(editor.getByRole('toolbar', { name: 'Diagram editing' })).toContainText('double-click a label to rename');
  await expect(editor.getByRole('button', { name: 'Tips', exact: true })).toHaveCount(0);
  const wide = await toolbarRows(bar);
  console.log(`editor toolbar at 1440 px: ${wide.rows} rows, ${wide.height} px`);
  // Every control in the bar, on one row (1181 px of controls in 1180 took two, Help alone on the second): the zooms are icons.
  expect(wide.rows, 'rows of the editor toolbar at 1440 px').toBe(1);
  await bar.getByRole('button', { name: 'Simulate', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Stop simulation' })).toBeVisible({ timeout: 30_000 });
  expect((await toolbarRows(bar)).rows, 'rows of the editor toolbar while simulating at 1440 px').toBe(1);
  for (const name of ['Zoom In', 'Zoom Out', 'Help', 'Stop simulation']) await expectTargetSize(page, bar.getByRole('button', { name, exact: true }), `editor's ${name} at 1440 px`);
  await expectZoomIcons(bar, 'editor at 1440 px');
  await bar.getByRole('button', { name: 'Stop simulation' }).click();
  await expect(bar.getByRole('button', { name: 'Simulate', exact: true })).toBeVisible();
  await bar.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -80));
  await snap(page, 'toolbar-editor-1440', false);
});

/** The viewer's and the editor's zooms are the same controls at every width: icon buttons named by aria-label, with a tooltip. */
async function expectZoomIcons(bar: Locator, what: string) {
  for (const name of ['Zoom In', 'Zoom Out']) {
    const b = bar.getByRole('button', { name, exact: true });
    await expect(b.locator('svg'), `${what}: ${name} is an icon`).toHaveCount(1);
    expect((await b.textContent())?.trim(), `${what}: ${name} has no words`).toBe('');
    await expect(b, `${what}: ${name}'s tooltip`).toHaveAttribute('title', new RegExp(`^${name}`));
  }
}

/** Asserts `target` is at least 24 px each way (WCAG 2.5.8), as well as on screen and on top. */
async function expectTargetSize(page: Page, target: Locator, what: string) {
  await expectTappable(page, target, what);
  const box = (await target.boundingBox())!;
  expect(Math.min(box.width, box.height), `${what}: its least side, px`).toBeGreaterThanOrEqual(24);
}

test("the viewer's bar is one row at 375 px: 100 %, SVG and PNG at each scale under More, each item tappable and working; at 1440 px all of them in the bar", async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  await page.evaluate(() => sessionStorage.clear());
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, id);
  await acceptCookies(page);
  const bench = page.getByTestId('model-workbench');
  const bar = bench.getByRole('toolbar', { name: 'Diagram controls' });
  await bar.scrollIntoViewIfNeeded();
  const { rows, height } = await toolbarRows(bar);
  console.log(`viewer toolbar at 375 px: ${rows} rows, ${height} px`);
  expect(rows, 'rows of the viewer toolbar at 375 px').toBe(1);
  // Its controls, named in full for assistive technology (− and + are the zooms).
  for (const name of ['Zoom In', 'Zoom Out', 'Fit Content', 'Simulate', 'More']) await expectTargetSize(page, bar.getByRole('button', { name, exact: name !== 'More' }), `${name} at 375 px`);
  await expectZoomIcons(bar, 'viewer at 375 px');
  for (const gone of ['Download the diagram as SVG', 'Download the diagram as PNG', 'Zoom to 100 %']) await expect(bar.getByRole('button', { name: gone, exact: true })).toHaveCount(0);
  await expect(bar.getByRole('combobox', { name: 'PNG scale' })).toHaveCount(0);
  await snap(page, 'toolbar-viewer-one-row-375', false);

  const more = bar.getByRole('button', { name: /^More/ });
  await more.click();
  const menu = bench.getByRole('menu', { name: 'More diagram tools' });
  const items = menu.locator('[role^="menuitem"]');
  expect((await items.allTextContents()).map((t) => t.trim())).toEqual(['Zoom to 100 %', 'Download SVG', 'Download PNG 1×', 'Download PNG 2×', 'Download PNG 4×', 'Download PNG 10×', 'Full screen', 'Help']);
  for (const item of await items.all()) await expectTargetSize(page, item, `More menu: ${(await item.textContent())?.trim()}`);
  await snap(page, 'toolbar-viewer-more-375', false);
  // The items do their work: a download each, the zoom at 100 %.
  const [svg] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Download the diagram as SVG' }).click()]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  await expect(menu).toHaveCount(0);
  await more.click();
  const [png] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Download the diagram as PNG at 2×' }).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  await more.click();
  await menu.getByRole('menuitem', { name: 'Zoom to 100 %' }).click();
  await expect(bench.getByTestId('bpmn-statusbar')).toContainText('100 %');
  // While it plays, Stop stays in the one row.
  await bar.getByRole('button', { name: 'Simulate', exact: true }).click();
  const stop = bar.getByRole('button', { name: 'Stop simulation' });
  await expect(stop).toBeVisible({ timeout: 30_000 });
  expect((await toolbarRows(bar)).rows, 'rows of the viewer toolbar while simulating at 375 px').toBe(1);
  await expectTargetSize(page, stop, 'Stop simulation at 375 px');
  await stop.click();

  // A desktop: every control in the bar, as before.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(bar.getByRole('button', { name: /^More/ })).toHaveCount(0);
  for (const name of ['Zoom In', 'Zoom Out', 'Fit Content', 'Zoom to 100 %', 'Simulate', 'Download the diagram as SVG', 'Full screen', 'Help']) await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
  await pngBesideScale(page, bench, 'viewer 1440');
  await bar.scrollIntoViewIfNeeded();
  await snap(page, 'toolbar-viewer-1440', false);
  // Beside the Recent list the bar is 876 px: its controls take one row (Help sat alone on a second), while simulating too.
  expect((await toolbarRows(bar)).rows, 'rows of the viewer toolbar at 1440 px').toBe(1);
  await bar.getByRole('button', { name: 'Simulate', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Stop simulation' })).toBeVisible({ timeout: 30_000 });
  expect((await toolbarRows(bar)).rows, 'rows of the viewer toolbar while simulating at 1440 px').toBe(1);
  for (const name of ['Zoom In', 'Help', 'Stop simulation']) await expectTargetSize(page, bar.getByRole('button', { name, exact: true }), `${name} at 1440 px`);
  // The words "Zoom In" / "Zoom Out" are gone at desktop: the same icon buttons as the editor's.
  await expectZoomIcons(bar, 'viewer at 1440 px');
  await bar.getByRole('button', { name: 'Stop simulation' }).click();
});

/** The ids of the editor's shapes whose drawn box is not wholly inside the canvas' box. */
async function shapesOutsideCanvas(editor: Locator): Promise<string[]> {
  return editor.getByTestId('bpmn-editor-canvas').evaluate((canvas) => {
    const c = canvas.getBoundingClientRect();
    const out: string[] = [];
    for (const shape of canvas.querySelectorAll('.djs-shape')) {
      const visual = shape.querySelector('.djs-visual');
      if (!visual) continue;
      const b = visual.getBoundingClientRect();
      if (b.width === 0 && b.height === 0) continue;
      if (b.left < c.left || b.top < c.top || b.right > c.right || b.bottom > c.bottom) out.push(shape.getAttribute('data-element-id') ?? '?');
    }
    return out;
  });
}

test('the editor: properties panel, lint problems that select the element, undo/redo, shortcuts in Help', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openModel(page, id);
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape').first()).toBeVisible({ timeout: 60_000 });
  await expect(editor.locator('.bjs-powered-by')).toBeVisible();
  await expect(editor.getByRole('complementary', { name: 'Properties' })).toBeVisible();
  // Editing, the result takes the page's width and the Recent list moves below it: beside both the
  // list and the panel the canvas was 540 px wide, the diagram drawn at 40 %.
  const canvasBox = (await editor.getByTestId('bpmn-editor-canvas').boundingBox())!;
  expect(canvasBox.width, 'editor canvas width beside the properties panel at 1440 px').toBeGreaterThanOrEqual(760);
  const recentBox = (await page.locator('.az-recent').boundingBox())!;
  expect(recentBox.y, 'the Recent list below the editor while editing').toBeGreaterThanOrEqual(canvasBox.y + canvasBox.height);
  // With the panel taking 320 px the canvas is narrower: the diagram is fitted
  // to it, so no shape (the end event on the right included) is cut off.
  await expect.poll(() => shapesOutsideCanvas(editor), { message: 'shapes outside the editor canvas with the panel open at 1440 px' }).toEqual([]);
  // Closing and opening the panel fits the diagram again each time.
  await editor.getByRole('button', { name: 'Properties', exact: true }).click();
  await expect(editor.getByRole('complementary', { name: 'Properties' })).toBeHidden();
  await expect.poll(() => shapesOutsideCanvas(editor), { message: 'shapes outside the editor canvas with the panel closed' }).toEqual([]);
  await editor.getByRole('button', { name: 'Properties', exact: true }).click();
  await expect(editor.getByRole('complementary', { name: 'Properties' })).toBeVisible();
  await expect.poll(() => shapesOutsideCanvas(editor), { message: 'shapes outside the editor canvas with the panel opened again' }).toEqual([]);
  // A zoom the user chose survives the panel closing: only a fitted view is fitted again.
  const viewport = editor.locator('svg .viewport').first();
  await editor.getByRole('button', { name: 'Zoom In', exact: true }).click();
  const zoomed = await viewport.getAttribute('transform');
  await editor.getByRole('button', { name: 'Properties', exact: true }).click();
  await expect(editor.getByRole('complementary', { name: 'Properties' })).toBeHidden();
  await expect(viewport).toHaveAttribute('transform', zoomed ?? '');
  await editor.getByRole('button', { name: 'Properties', exact: true }).click();
  await editor.getByRole('button', { name: 'Fit Content', exact: true }).click();
  await expect.poll(() => shapesOutsideCanvas(editor), { message: 'shapes outside the editor canvas after Fit Content' }).toEqual([]);

  // Selecting the "no" flow (by its label, as a person does) shows its condition in the panel.
  await editor.locator('.djs-element[data-element-id="no_label"]').first().click({ force: true });
  const panel = editor.getByRole('complementary', { name: 'Properties' });
  await expect(panel).toContainText('Condition');
  const condition = panel.locator('#bio-properties-panel-spade-condition-text');
  if (!(await condition.isVisible().catch(() => false))) await panel.locator('.bio-properties-panel-group-header', { hasText: 'Condition' }).click();
  await expect(condition).toHaveValue('rejected');

  // Delete the end event of the rejected path: lint reports the dangling task; its row selects it.
  await editor.locator('.djs-element[data-element-id="Rejected"]').first().click({ force: true });
  await page.keyboard.press('Delete');
  const problems = editor.getByRole('region', { name: 'Problems' });
  const row = problems.getByRole('button', { name: /Send rejection letter/ }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await expect(editor.locator('.djs-element.selected[data-element-id="Reject"]')).toHaveCount(1);
  await snap(page, 'workbench-editor-1440', false);

  // Undo brings the end event back, redo removes it again.
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expect(editor.locator('.djs-element[data-element-id="Rejected"]')).toHaveCount(1);
  await editor.getByRole('button', { name: 'Redo' }).click();
  await expect(editor.locator('.djs-element[data-element-id="Rejected"]')).toHaveCount(0);

  await editor.getByRole('button', { name: 'Help' }).click();
  await expect(editor.getByRole('note')).toContainText('Ctrl + Z');
  await expect(editor.getByRole('note')).toContainText('Token simulation');

  // Buttons are on top where they are drawn.
  for (const name of ['Undo', 'Fit Content', 'Simulate', 'Full screen', 'Save version']) {
    const b = editor.getByRole('button', { name, exact: true });
    // A person scrolls to the button first; elementFromPoint outside the window finds nothing.
    await b.scrollIntoViewIfNeeded();
    const hit = await b.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && (top === el || el.contains(top));
    });
    expect(hit, `${name} hit-testable`).toBe(true);
  }
  page.once('dialog', (d) => void d.accept());
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('model-workbench')).toBeVisible();
});

/** Where the tokens were drawn while they played, in the diagram's coordinates (each position the animation drew). */
interface TokenTrack {
  samples: { x: number; y: number }[];
  /** With a canvas to watch: the frames drawn inside its box on the screen, and where (canvas-relative) those outside were. */
  inside: number;
  outside: string[];
}

/**
 * Starts recording every position a token is drawn at in `root`: the
 * animation moves a token by setting its transform, once per frame, and
 * draws it at the start of each flow as it sets off, so every flow taken
 * leaves at least its first point. The transform is read, not the screen
 * box, so scrolling the page or the canvas meanwhile changes nothing. With
 * `canvasSel`, each frame's box on the screen is also judged: inside that
 * canvas' box (1 px to spare) or not.
 */
async function trackTokens(root: Locator, canvasSel?: string): Promise<void> {
  await root.evaluate((el, sel) => {
    const track: TokenTrack = { samples: [], inside: 0, outside: [] };
    const canvas = sel ? el.querySelector(sel) : null;
    const note = (t: Element) => {
      const m = /translate\(\s*(-?[\d.]+)[ ,]+(-?[\d.]+)\s*\)/.exec(t.getAttribute('transform') ?? '');
      // The token is a circle of 20 drawn from the translated corner: its centre is 10 further.
      if (m) track.samples.push({ x: Number(m[1]) + 10, y: Number(m[2]) + 10 });
      const b = t.getBoundingClientRect();
      if (!canvas || b.width === 0) return;
      const c = canvas.getBoundingClientRect();
      if (b.left >= c.left - 1 && b.right <= c.right + 1 && b.top >= c.top - 1 && b.bottom <= c.bottom + 1) track.inside++;
      else track.outside.push(`${Math.round(b.left - c.left)},${Math.round(b.top - c.top)}`);
    };
    const seen = new MutationObserver((records) => {
      for (const m of records) {
        if (m.type === 'attributes' && m.target instanceof Element && m.target.matches('.bts-token')) note(m.target);
        for (const n of m.addedNodes) if (n instanceof Element && n.matches('.bts-token')) note(n);
      }
    });
    seen.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['transform'] });
    (window as unknown as { __track: { seen: MutationObserver; track: TokenTrack } }).__track = { seen, track };
  }, canvasSel);
}

/** Stops the recording and answers it. */
async function tokenTrack(root: Locator): Promise<TokenTrack> {
  return root.evaluate(() => {
    const w = window as unknown as { __track: { seen: MutationObserver; track: TokenTrack } };
    w.__track.seen.disconnect();
    return w.__track.track;
  });
}

/** A shape's bounds in the diagram, as the file draws it. */
function bounds(id: string) {
  const m = new RegExp(`bpmnElement="${id}"[^>]*><dc:Bounds x="(\\d+)" y="(\\d+)" width="(\\d+)" height="(\\d+)"`).exec(loanBpmn);
  if (!m) throw new Error(`no bounds for ${id}`);
  const [x, y, w, h] = m.slice(1).map(Number);
  return { left: x, top: y, right: x + w, bottom: y + h };
}

/** The positions at which the token (radius 10) touched the shape, 2 units to spare. */
function touching(t: TokenTrack, id: string) {
  const b = bounds(id);
  const reach = 12;
  return t.samples.filter((s) => s.x >= b.left - reach && s.x <= b.right + reach && s.y >= b.top - reach && s.y <= b.bottom + reach);
}

/**
 * What a running simulation draws outside its canvas (empty when nothing):
 * every shape, flow and label of the diagram, the ▶ and path switches on it
 * and each "Finished", by id, with how far out it lies; in the editor also
 * what lies under its palette. Also the zoom and the least size of a ▶ or
 * path switch, so the report shows the fit and its tap targets.
 */
async function simulationFraming(scope: Locator, canvasSel: string) {
  return scope.locator(canvasSel).evaluate((c) => {
    const box = c.getBoundingClientRect();
    const pal = c.querySelector('.djs-palette');
    const pr = pal && getComputedStyle(pal).display !== 'none' ? pal.getBoundingClientRect() : null;
    const left = pr && pr.width > 0 ? pr.right : box.left;
    const outside: string[] = [];
    const judge = (el: Element, name: string) => {
      const r = el.getBoundingClientRect();
      if (r.width + r.height === 0) return;
      const out = Math.max(left - r.left, box.top - r.top, r.right - box.right, r.bottom - box.bottom);
      if (out > 0.5) outside.push(`${name} by ${Math.round(out)} px`);
    };
    for (const el of c.querySelectorAll('.djs-shape, .djs-connection')) judge(el, el.getAttribute('data-element-id') ?? '?');
    const pads = [...c.querySelectorAll<HTMLElement>('.djs-overlays .bts-context-pad')].filter((p) => p.getBoundingClientRect().width > 0);
    for (const p of pads) judge(p, `▶ of ${p.closest('.djs-overlays')?.getAttribute('data-container-id')}`);
    for (const n of c.querySelectorAll('.djs-overlays .bts-element-notification')) judge(n, `"${n.textContent?.trim()}" on ${n.closest('.djs-overlays')?.getAttribute('data-container-id')}`);
    const scale = (c.querySelector('svg .viewport') as SVGGElement).getScreenCTM()!.a;
    const leastPad = Math.min(...pads.map((p) => Math.min(p.getBoundingClientRect().width, p.getBoundingClientRect().height)));
    return { outside, pads: pads.length, leastPad: Math.round(leastPad * 10) / 10, scale: Math.round(scale * 1000) / 1000 };
  });
}

/** Asserts that the whole model, its ▶ and switches and any "Finished" lie inside the canvas while simulating, each ▶ at least 24 px. */
async function expectSimulationFitted(scope: Locator, canvasSel: string, label: string) {
  const f = await simulationFraming(scope, canvasSel);
  console.log(`simulating (${label}): ${JSON.stringify(f)}`);
  expect(f.outside, `drawn outside the canvas while simulating (${label}), zoom ${f.scale}`).toEqual([]);
  expect(f.pads, `▶ and path switches shown on the diagram (${label})`).toBeGreaterThan(0);
  expect(f.leastPad, `the least ▶ or path switch, px (${label})`).toBeGreaterThanOrEqual(24);
}

/**
 * On a phone the model plays readable (issue 25): fitted whole at
 * 375 px the loan decision was drawn at 34 % and a long model at 9 %, under
 * its 24 px ▶. The view is at the readable zoom (names ≥ 9 px), every ▶ and
 * switch drawn at least 24 px; the view follows the token.
 */
async function expectSimulationReadable(scope: Locator, canvasSel: string, label: string) {
  const f = await simulationFraming(scope, canvasSel);
  console.log(`simulating (${label}): ${JSON.stringify(f)}`);
  expect(f.scale, `the zoom while simulating (${label})`).toBeGreaterThanOrEqual(0.81);
  expect(f.pads, `▶ and path switches shown on the diagram (${label})`).toBeGreaterThan(0);
  expect(f.leastPad, `the least ▶ or path switch, px (${label})`).toBeGreaterThanOrEqual(24);
}

/** On a phone the viewer and the editor play the model readable, else the whole model is in view. */
async function expectSimulationFramed(page: Page, scope: Locator, canvasSel: string, label: string) {
  if (page.viewportSize()!.width <= 480) await expectSimulationReadable(scope, canvasSel, label);
  else await expectSimulationFitted(scope, canvasSel, label);
}

/**
 * Plays the rejected case in `scope` (the viewer or the editor) as a person
 * does: Simulate, the gateway's pad once (from "yes" to "no"), ▶ on the
 * start event; watches the token until "Finished" shows on an end event.
 */
async function playRejected(page: Page, scope: Locator, canvasSel: string, label: string): Promise<TokenTrack> {
  const simulate = scope.getByRole('button', { name: 'Simulate', exact: true });
  await expectTappable(page, simulate, `Simulate (${label})`);
  await simulate.click();
  await expect(scope.getByRole('button', { name: 'Stop simulation' })).toBeVisible({ timeout: 30_000 });
  // The whole model shows while it plays, its end events too (at 375 px they were cut off at 50 %); a phone shows it readable from its start.
  await expect(async () => expectSimulationFramed(page, scope, canvasSel, `${label}, switched on`)).toPass({ timeout: 5_000 });
  const gatewayPad = scope.locator('.djs-overlays[data-container-id="Decide"] .bts-context-pad').first();
  const startPad = scope.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first();
  await expectTappable(page, gatewayPad, `the gateway's path switch (${label})`);
  await gatewayPad.click();
  // The chosen path is drawn darker than the other one.
  const stroke = (flow: string) => scope.locator(`.djs-connection[data-element-id="${flow}"] .djs-visual path`).first().evaluate((p) => getComputedStyle(p).stroke);
  expect(await stroke('no'), `the "no" flow is marked as the chosen path (${label})`).not.toBe(await stroke('yes'));
  await expectTappable(page, startPad, `the start event's ▶ (${label})`);
  await trackTokens(scope);
  // The log is closed while it plays: each step shows as a notification in the strip.
  await trackNotifications(scope, canvasSel);
  await startPad.click();
  // The token simulation marks the end event that finished the process.
  const finished = scope.locator('.djs-overlays .bts-element-notification', { hasText: 'Finished' });
  await expect(finished).toHaveCount(1, { timeout: 30_000 });
  await expect(scope.locator('.djs-overlays[data-container-id="Rejected"] .bts-element-notification'), `"Finished" on Application rejected (${label})`).toContainText('Finished');
  await expectTappable(page, finished, `"Finished" on Application rejected (${label})`);
  const log = scope.locator('.bts-log');
  if (!(await log.isVisible().catch(() => false))) await scope.locator('[title="Toggle Simulation Log"]').first().click();
  await expect(log).toContainText('Case 1 finished');
  await expect(log).toContainText('Send rejection letter');
  await expect(log).not.toContainText('Pay out loan');
  // Its notifications named the case, the last one in words ("Case 1 finished", not "Process finished 0sdxymh").
  const notes = await notificationsSeen(scope);
  console.log(`notifications (${label}): ${notes.map((n) => n.text.replace(/\s+/g, ' ')).join(' | ')}`);
  expect(notes.filter((n) => n.badge !== null).length, `notifications of the case's steps (${label})`).toBeGreaterThan(0);
  expect(notes.filter((n) => n.badge !== null && !/^Case \d+$/.test(n.badge)), `notifications naming the library's id, not the case (${label})`).toEqual([]);
  expect(notes.filter((n) => /^Case 1 finished/.test(n.text)).length, `"Case 1 finished" notified (${label})`).toBe(1);
  expect(notes.filter((n) => /Process (started|finished)/.test(n.text)), `a whole case notified as "Process …" (${label})`).toEqual([]);
  await expectSimulationFramed(page, scope, canvasSel, `${label}, finished`);
  return tokenTrack(scope);
}

/** The token set off from the start, took "no" at the gateway, left the rejection letter towards its end event, and was never drawn near the payment. */
function expectRejectedPath(t: TokenTrack, label: string) {
  // Each flow's first point is always drawn; its last may fall between two frames, so the end
  // event is judged by its "Finished" (playRejected) and the flow into it by its first point.
  for (const id of ['Start', 'Decide', 'Reject']) expect(touching(t, id).length, `the token was drawn at ${id} (${label})`).toBeGreaterThan(0);
  expect(t.samples.filter((s) => s.x >= 560 && s.x <= 622 && Math.abs(s.y - 290) < 2).length, `the token set off towards Application rejected (${label})`).toBeGreaterThan(0);
  for (const id of ['Pay', 'Paid']) expect(touching(t, id), `the token was never drawn near ${id} (${label})`).toEqual([]);
  test.info().annotations.push({ type: `token positions drawn (${label})`, description: String(t.samples.length) });
}

test('token simulation: the rejected case\'s token reaches "Application rejected" without passing "Pay out loan" (viewer at 1440 and 375 px, editor)', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ]) {
    await page.evaluate(() => sessionStorage.clear());
    await page.setViewportSize({ width, height });
    await openModel(page, id);
    const bench = page.getByTestId('model-workbench');
    await bench.locator('.bpmn-stage').scrollIntoViewIfNeeded();
    const track = await playRejected(page, bench, '.bpmn-canvas', `viewer at ${width} px`);
    expectRejectedPath(track, `viewer at ${width} px`);
    await snap(page, `simulation-rejected-viewer-${width}`, false);
    await bench.getByRole('button', { name: 'Stop simulation' }).click();
    await expect(bench.getByRole('button', { name: 'Simulate', exact: true })).toBeVisible();
    await expect(bench.locator('.bts-token')).toHaveCount(0);
  }

  // The editor plays it the same way (editing paused while it plays).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="Rejected"]')).toBeVisible({ timeout: 60_000 });
  const track = await playRejected(page, editor, '[data-testid="bpmn-editor-canvas"]', 'editor at 1440 px');
  expectRejectedPath(track, 'editor at 1440 px');
  await snap(page, 'simulation-rejected-editor-1440', false);
  await editor.getByRole('button', { name: 'Stop simulation' }).click();
  // At 375 px the simulation starts at the readable scale from the start event: every name it shows is whole.
  await page.setViewportSize({ width: 375, height: 812 });
  await editor.getByRole('button', { name: 'Fit Content' }).click();
  await switchSimulation(editor, true);
  const canvas = editor.getByTestId('bpmn-editor-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await expect(editor.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first()).toBeVisible();
  // The view has moved to the readable scale (Zoom to read has nothing left to do).
  await expect(editor.getByRole('button', { name: 'Zoom to read' })).toBeDisabled();
  await snap(page, 'simulation-start-editor-375', false);
  expect(await labelsCut(canvas), "names cut by the canvas' edge as the simulation starts (editor at 375 px)").toEqual([]);
  await switchSimulation(editor, false);
  await page.setViewportSize({ width: 1440, height: 900 });
  page.once('dialog', (d) => void d.accept());
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('model-workbench')).toBeVisible();
});

/** What bpmn-js-token-simulation draws besides the tokens and the pads on the shapes. */
const simParts = ['.bts-palette', '.bts-set-animation-speed', '.bts-notifications', '.bts-log'];

/**
 * Hit-tests a grid of points over the canvas (those inside the viewport):
 * how many reach one of the simulation's parts instead of the diagram, and
 * whether the canvas' centre reaches the canvas.
 */
async function canvasHits(canvas: Locator) {
  return canvas.evaluate((el, parts) => {
    const r = el.getBoundingClientRect();
    let covered = 0;
    let tested = 0;
    for (let i = 1; i < 16; i++) {
      for (let j = 1; j < 10; j++) {
        const x = r.left + (r.width * i) / 16;
        const y = r.top + (r.height * j) / 10;
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
        tested++;
        const hit = document.elementFromPoint(x, y);
        if (hit?.closest(parts.join(','))) covered++;
      }
    }
    const mid = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { tested, covered, centreOnCanvas: mid !== null && el.contains(mid) };
  }, simParts);
}

/** Where each simulation part is: inside the strip below the canvas, and whether its box overlaps the canvas' box. */
async function simPlacement(canvas: Locator) {
  return canvas.evaluate((el, parts) => {
    const c = el.getBoundingClientRect();
    const root = el.closest('[data-testid="model-workbench"], [data-testid="bpmn-editor"]') ?? document.body;
    return parts.map((sel) => {
      const part = root.querySelector(sel);
      const r = part?.getBoundingClientRect();
      const shown = r !== undefined && r.width > 0 && r.height > 0;
      const overlaps = shown && r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top;
      return { part: sel, present: part !== null, docked: part?.closest('[data-testid="bpmn-sim-dock"]') != null, shown, overlaps };
    });
  }, simParts);
}

/** Records every notification as it appears: whether it was docked and whether it lay over the canvas. */
async function trackNotifications(scope: Locator, canvasSel: string): Promise<void> {
  await scope.evaluate((root, sel) => {
    const seen: { text: string; badge: string | null; docked: boolean; overCanvas: boolean }[] = [];
    const canvas = root.querySelector(sel)!;
    const obs = new MutationObserver((records) => {
      for (const m of records)
        for (const n of m.addedNodes) {
          if (!(n instanceof HTMLElement) || !n.matches('.bts-notification')) continue;
          const r = n.getBoundingClientRect();
          const c = canvas.getBoundingClientRect();
          seen.push({
            text: n.textContent?.trim() ?? '',
            badge: n.querySelector('.bts-scope')?.textContent?.trim() ?? null,
            docked: n.closest('[data-testid="bpmn-sim-dock"]') !== null,
            overCanvas: r.width > 0 && r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top,
          });
        }
    });
    obs.observe(root, { subtree: true, childList: true });
    (window as unknown as { __notes: { obs: MutationObserver; seen: typeof seen } }).__notes = { obs, seen };
  }, canvasSel);
}

async function notificationsSeen(scope: Locator) {
  return scope.evaluate(() => {
    const w = window as unknown as { __notes: { obs: MutationObserver; seen: { text: string; badge: string | null; docked: boolean; overCanvas: boolean }[] } };
    w.__notes.obs.disconnect();
    return w.__notes.seen;
  });
}

/**
 * What a person meets in the simulation strip: controls smaller than 24 px
 * (the log's close button was a bare 9 × 18 px "×"), and step names in the
 * log cut off ("Send rejection le…") or broken inside a word.
 */
async function dockProblems(dock: Locator) {
  return dock.evaluate((d) => {
    const out: string[] = [];
    for (const el of d.querySelectorAll<HTMLElement>('button, [role="button"], .bts-entry[title]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width < 24 || r.height < 24) out.push(`${el.getAttribute('title') ?? el.getAttribute('aria-label') ?? el.textContent?.trim()} is ${Math.round(r.width)} × ${Math.round(r.height)} px`);
    }
    for (const t of d.querySelectorAll<HTMLElement>('.bts-log .bts-entry > .bts-text')) {
      if (t.scrollWidth > t.clientWidth + 1) out.push(`"${t.textContent?.trim()}" is cut off in the log`);
      // Broken inside a word: a line box that starts with no space before it.
      const words = (t.textContent ?? '').trim().split(/\s+/);
      const range = document.createRange();
      range.selectNodeContents(t);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if (lines > words.length) out.push(`"${t.textContent?.trim()}" breaks inside a word`);
    }
    return out;
  });
}

/**
 * Switches the simulation on in `scope`, opens its log and checks, as a
 * person meets them: nothing of the simulation covers the diagram (a grid
 * of hit-tests), its controls, speed, notifications and log sit in the
 * strip below the canvas and can be pressed, the ▶ and the gateway's switch
 * on the diagram can be pressed, and a rejected case plays to its end with
 * every notification in the strip.
 */
async function checkDocked(page: Page, scope: Locator, canvasSel: string, label: string) {
  const canvas = scope.locator(canvasSel);
  await switchSimulation(scope, true);
  const logToggle = scope.locator('[title="Toggle Simulation Log"]').first();
  if (!(await scope.locator('.bts-log').isVisible().catch(() => false))) await logToggle.click();
  await expect(scope.locator('.bts-log')).toBeVisible();

  await canvas.scrollIntoViewIfNeeded();
  await expect(async () => expectSimulationFramed(page, scope, canvasSel, `${label}, switched on`)).toPass({ timeout: 5_000 });
  const hits = await canvasHits(canvas);
  expect(hits.tested, `points hit-tested on the canvas (${label})`).toBeGreaterThan(20);
  expect(hits.covered, `points of the canvas covered by the simulation's controls, log or notifications (${label})`).toBe(0);
  expect(hits.centreOnCanvas, `the canvas' centre reaches the diagram (${label})`).toBe(true);
  for (const p of await simPlacement(canvas)) {
    expect(p.present, `${p.part} exists (${label})`).toBe(true);
    expect(p.docked, `${p.part} sits in the strip below the canvas (${label})`).toBe(true);
    expect(p.overlaps, `${p.part} overlaps the canvas (${label})`).toBe(false);
  }
  await expect(scope.locator('.bts-toggle-mode')).toBeHidden();
  const dock = scope.getByTestId('bpmn-sim-dock');
  await expect(dock, `the simulation strip shows (${label})`).toBeVisible();

  // The strip's controls and the canvas' own can be pressed where they are drawn.
  for (const title of ['Play/Pause Simulation', 'Reset Simulation', 'Toggle Simulation Log', 'Set animation speed = Slow', 'Set animation speed = Fast']) {
    await expectTappable(page, dock.locator(`[title="${title}"]`).first(), `${title} (${label})`);
  }
  await expectTappable(page, scope.locator('.bjs-powered-by').first(), `the bpmn.io watermark (${label})`);
  if (canvasSel === '.bpmn-canvas') {
    // Top right of the canvas: brought to the middle of the screen, clear of the page's fixed header, as a person scrolls to it.
    const overview = scope.locator('.djs-minimap .toggle').first();
    await overview.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectTappable(page, overview, `the overview's toggle (${label})`);
  }

  // Play the rejected case: the ▶ and the switch on the diagram are on top; every notification lands in the strip.
  await trackNotifications(scope, canvasSel);
  const gatewayPad = scope.locator('.djs-overlays[data-container-id="Decide"] .bts-context-pad').first();
  await expectTappable(page, gatewayPad, `the gateway's path switch (${label})`);
  await gatewayPad.click();
  const startPad = scope.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first();
  await expectTappable(page, startPad, `the start event's ▶ (${label})`);
  await startPad.click();
  await expect(scope.locator('.djs-overlays[data-container-id="Rejected"] .bts-element-notification')).toContainText('Finished', { timeout: 30_000 });
  // The whole case's row names it ("Case 1 finished"), never the library's id ("Process finished 0sdxymh").
  await expect(scope.locator('.bts-log')).toContainText('Case 1 finished');
  await expect(scope.locator('.bts-log')).not.toContainText('Process finished');
  const notes = await notificationsSeen(scope);
  expect(notes.length, `notifications shown while playing (${label})`).toBeGreaterThan(0);
  expect(notes.filter((n) => !n.docked || n.overCanvas), `notifications outside the strip or over the canvas (${label})`).toEqual([]);
  // A step's notification names its case ("Case 1"), never the library's id ("0sdxymh"); "Play Simulation" has none.
  expect(notes.filter((n) => n.badge !== null && !/^Case \d+$/.test(n.badge)), `notifications that do not name their case (${label})`).toEqual([]);
  expect(notes.filter((n) => /Process (started|finished)/.test(n.text)), `notifications of a whole case not named as its case (${label})`).toEqual([]);
  // After the play: still nothing over the diagram, the log holds the steps.
  await canvas.scrollIntoViewIfNeeded();
  expect((await canvasHits(canvas)).covered, `points covered after playing (${label})`).toBe(0);
  await expectSimulationFramed(page, scope, canvasSel, `${label}, finished`);
  await expect(scope.locator('.bts-log')).toContainText('Send rejection letter');
  // Each logged step names its case ("Case 1"), not the library's random instance id ("0fywvnl").
  await expect(scope.locator('.bts-log .bts-entry', { hasText: 'Send rejection letter' }).first().locator('.bts-scope')).toHaveText('Case 1');
  const badges = (await scope.locator('.bts-log .bts-entry .bts-scope, .bts-notification .bts-scope').allTextContents()).map((t) => t.trim());
  expect(badges.length, `case badges in the log (${label})`).toBeGreaterThan(0);
  expect(badges.filter((t) => !/^Case \d+$/.test(t)), `log badges that are not a case number (${label})`).toEqual([]);
  expect(await dockProblems(dock), `the simulation strip's controls and log (${label})`).toEqual([]);
  // Fit Content while simulating (at 375 px the whole diagram fits only below 50 %, where the library hid its ▶): the whole model, and the ▶ to press.
  await scope.getByRole('button', { name: 'Fit Content' }).click();
  await canvas.scrollIntoViewIfNeeded();
  await expectSimulationFitted(scope, canvasSel, `${label}, Fit Content`);
  await expectTappable(page, scope.locator('.djs-overlays .bts-context-pad[title="Trigger Event"]').first(), `the start event's ▶ after Fit Content (${label})`);
  await dock.scrollIntoViewIfNeeded();
}

test('the simulation\'s controls, speed, notifications and log sit in a strip below the canvas, never over the diagram (viewer and editor at 1440 and 375 px)', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ]) {
    await page.evaluate(() => sessionStorage.clear());
    await page.setViewportSize({ width, height });
    await openModel(page, id);
    const bench = page.getByTestId('model-workbench');
    await checkDocked(page, bench, '.bpmn-canvas', `viewer at ${width} px`);
    await snap(page, `simulation-dock-viewer-${width}`, false);
    // Full screen: the canvas takes what the bars and the strip (log open) leave, all of it on the screen.
    await viewerTool(bench, 'Full screen');
    await expect(bench.locator('.bpmn-viewer.is-fullscreen')).toHaveCount(1);
    await expect
      .poll(() => bench.getByTestId('bpmn-sim-dock').evaluate((d) => Math.round(d.getBoundingClientRect().bottom - window.innerHeight)), {
        message: `the strip's bottom below the screen's, in full screen (${width} px)`,
      })
      .toBeLessThanOrEqual(0);
    const stage = (await bench.locator('.bpmn-canvas').boundingBox())!;
    expect(stage.height, `the canvas' height in full screen at ${width} px`).toBeGreaterThan(150);
    // Fitted again for the new size, never so small that the library hides its ▶.
    await expectTappable(page, bench.locator('.djs-overlays .bts-context-pad[title="Trigger Event"]').first(), `the start event's ▶ in full screen (${width} px)`);
    expect((await canvasHits(bench.locator('.bpmn-canvas'))).covered, `points covered in full screen (${width} px)`).toBe(0);
    await snap(page, `simulation-dock-viewer-fullscreen-${width}`, false);
    await viewerTool(bench, 'Exit full screen');
    await expect(bench.locator('.bpmn-viewer.is-fullscreen')).toHaveCount(0);
    await bench.getByRole('button', { name: 'Stop simulation' }).click();
    await expect(bench.getByTestId('bpmn-sim-dock')).toBeHidden();

    await page.getByRole('button', { name: 'Edit diagram' }).click();
    const editor = page.getByTestId('bpmn-editor');
    await expect(editor.locator('.djs-shape[data-element-id="Rejected"]')).toBeVisible({ timeout: 60_000 });
    // The editor's palette is back at the top, where the library's own switch (hidden) pushed it down from.
    const palette = await editor.locator('.djs-palette').boundingBox();
    const canvasBox = await editor.getByTestId('bpmn-editor-canvas').boundingBox();
    expect(palette!.y - canvasBox!.y, `the palette's distance from the canvas' top (editor at ${width} px)`).toBeLessThan(40);
    await checkDocked(page, editor, '[data-testid="bpmn-editor-canvas"]', `editor at ${width} px`);
    // What the simulation's view shows is whole: no name half inside the canvas (a gateway's was cut 1 px at 375 px).
    expect(await labelsCut(editor.getByTestId('bpmn-editor-canvas')), `names cut by the canvas' edge while simulating (editor at ${width} px)`).toEqual([]);
    await snap(page, `simulation-dock-editor-${width}`, false);
    await switchSimulation(editor, false);
    await expect(editor.getByTestId('bpmn-sim-dock')).toBeHidden();
    page.once('dialog', (d) => void d.accept());
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('model-workbench')).toBeVisible();
  }
});

/** The names (each text drawn in the diagram) partly inside the canvas' box: shown, but cut by its edge. */
async function labelsCut(canvas: Locator): Promise<string[]> {
  return canvas.evaluate((el) => {
    const c = el.getBoundingClientRect();
    const cut: string[] = [];
    // A label's box: an external label's shape (a gateway's, an event's), else the text drawn in a shape.
    for (const text of el.querySelectorAll('.djs-shape[data-element-id$="_label"] > .djs-visual, .djs-element .djs-visual text')) {
      const b = text.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      const shown = b.left < c.right && b.right > c.left && b.top < c.bottom && b.bottom > c.top;
      const inside = b.left >= c.left - 0.5 && b.right <= c.right + 0.5 && b.top >= c.top - 0.5 && b.bottom <= c.bottom + 0.5;
      if (shown && !inside) cut.push(`${text.closest('.djs-element')?.getAttribute('data-element-id')} "${text.textContent}" ${Math.round(b.left)}-${Math.round(b.right)} in ${Math.round(c.left)}-${Math.round(c.right)}`);
    }
    return cut;
  });
}

/**
 * The simulation strip holds no empty band: each part it shows has
 * something in it, and the strip is no taller than what it shows.
 */
async function stripWithoutBlank(dock: Locator) {
  return dock.evaluate((d) => {
    const shown = [...d.children].filter((c) => c.getBoundingClientRect().height > 0);
    const empty = shown.filter((c) => !c.textContent?.trim() && !c.querySelector('button, svg, i, select, input, [class*="icon"]')).map((c) => c.className);
    const top = Math.min(...shown.map((c) => c.getBoundingClientRect().top));
    const bottom = Math.max(...shown.map((c) => c.getBoundingClientRect().bottom));
    return { empty, slack: Math.round(d.getBoundingClientRect().height - (bottom - top)), parts: shown.map((c) => c.className) };
  });
}

/**
 * Starts (on) or stops the simulation in `scope` as a person does: the
 * toolbar's button, or in the editor on a phone the item under More.
 */
async function switchSimulation(scope: Locator, on: boolean) {
  const name = on ? 'Simulate' : 'Stop simulation';
  const more = scope.getByRole('button', { name: 'More', exact: true });
  // The viewer keeps Simulate in its bar on a phone (its More holds 100 %, the downloads, Full screen and Help).
  const inBar = await scope.getByRole('button', { name, exact: true }).isVisible().catch(() => false);
  if (!inBar && (await more.isVisible().catch(() => false))) {
    await more.click();
    await scope.getByRole('menuitemcheckbox', { name, exact: true }).click();
    await expect(scope.getByTestId('bpmn-sim-dock'))[on ? 'toBeVisible' : 'toBeHidden']({ timeout: 30_000 });
    return;
  }
  await scope.getByRole('button', { name, exact: true }).click();
  if (on) await expect(scope.getByRole('button', { name: 'Stop simulation' })).toBeVisible({ timeout: 30_000 });
}

/** The simulation's pads drawn in `scope`'s canvas (visible, with a size) that lie over one another, and how many are not drawn. */
async function padOverlaps(scope: Locator, canvasSel: string) {
  return scope.locator(canvasSel).evaluate((c) => {
    const all = [...c.querySelectorAll<HTMLElement>('.djs-overlay-bts-context-menu .bts-context-pad')];
    const drawn = all.filter((p) => {
      const r = p.getBoundingClientRect();
      return r.width > 0 && getComputedStyle(p).visibility === 'visible' && getComputedStyle(p).opacity !== '0';
    });
    const overlapping: string[] = [];
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++) {
        const a = drawn[i].getBoundingClientRect();
        const b = drawn[j].getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          const id = (p: HTMLElement) => p.closest('.djs-overlays')?.getAttribute('data-container-id');
          overlapping.push(`${id(drawn[i])} × ${id(drawn[j])}`);
        }
      }
    const hidden = all.filter((p) => getComputedStyle(p).visibility === 'hidden').length;
    return { drawn: drawn.length, hidden, overlapping };
  });
}

/**
 * Plays the wide chain in `scope` at 375 px: Fast, ▶ on the start event, and
 * every frame of the token is drawn inside the canvas (the view follows it
 * past the edge of the 50 % view) until "Finished" shows on the end event,
 * where a person can see it.
 */
async function playFollowed(page: Page, scope: Locator, canvasSel: string, label: string) {
  await switchSimulation(scope, true);
  const dock = scope.getByTestId('bpmn-sim-dock');
  await dock.scrollIntoViewIfNeeded();
  // The view the simulation starts in shows whole names: none cut by the canvas' edge.
  await expect.poll(() => labelsCut(scope.locator(canvasSel)), { message: `names cut by the canvas' edge as the simulation starts (${label})` }).toEqual([]);
  const idle = await stripWithoutBlank(dock);
  expect(idle.empty, `empty parts in the simulation strip before playing (${label})`).toEqual([]);
  expect(idle.slack, `the strip's height beyond its parts, padding and border (${label})`).toBeLessThanOrEqual(14);
  await dock.locator('[title="Set animation speed = Fast"]').first().click();
  await scope.locator(canvasSel).scrollIntoViewIfNeeded();
  const startPad = scope.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first();
  await expectTappable(page, startPad, `the start event's ▶ (${label})`);
  await trackTokens(scope, canvasSel);
  await startPad.click();
  const finished = scope.locator('.djs-overlays[data-container-id="End"] .bts-element-notification');
  await expect(finished, `"Finished" on the end event (${label})`).toContainText('Finished', { timeout: 90_000 });
  const track = await tokenTrack(scope);
  expect(track.inside, `token frames drawn inside the canvas (${label})`).toBeGreaterThan(20);
  expect(track.outside, `token frames drawn outside the canvas, canvas-relative (${label})`).toEqual([]);
  await expectTappable(page, finished, `"Finished" on the end event (${label})`);
  await expectSimulationFramed(page, scope, canvasSel, `${label}, finished`);
  await snap(page, `simulation-followed-${label.replace(/\W+/g, '-')}`, false);
  const after = await stripWithoutBlank(dock);
  expect(after.empty, `empty parts in the simulation strip after playing (${label})`).toEqual([]);
  // Fit Content while it plays (the whole chain at ~13 %): the 24 px pads would lie over each
  // other and over the start's ▶; those over a more needed one are not drawn, the ▶ is on top.
  await scope.getByRole('button', { name: 'Fit Content' }).click();
  await scope.locator(canvasSel).scrollIntoViewIfNeeded();
  await expect(async () => {
    const pads = await padOverlaps(scope, canvasSel);
    console.log(`pads fitted whole (${label}): ${JSON.stringify(pads)}`);
    expect(pads.overlapping, `pairs of drawn pads lying over each other (${label})`).toEqual([]);
    expect(pads.hidden, `pads not drawn, lying over a more needed one (${label})`).toBeGreaterThan(0);
  }).toPass({ timeout: 5_000 });
  await expectTappable(page, scope.locator('.djs-overlays[data-container-id="Start"] .bts-context-pad').first(), `the start event's ▶ fitted whole (${label})`);
  await snap(page, `simulation-fitted-pads-${label.replace(/\W+/g, '-')}`, false);
  await switchSimulation(scope, false);
}

/** Presses one of the viewer's rarer tools: a toolbar button on a wide screen, an item of More at 480 px or less. */
async function viewerTool(scope: Locator, name: string) {
  const button = scope.getByRole('toolbar', { name: 'Diagram controls' }).getByRole('button', { name, exact: true });
  if (await button.isVisible().catch(() => false)) {
    await button.click();
    return;
  }
  await scope.getByRole('toolbar', { name: 'Diagram controls' }).getByRole('button', { name: /^More/ }).click();
  await scope.getByRole('menu', { name: 'More diagram tools' }).getByRole('menuitemcheckbox', { name, exact: true }).click();
}

/** PNG and its scale sit on one row, the scale right after the button, both tappable. */
async function pngBesideScale(page: Page, scope: Locator, label: string) {
  const png = scope.getByRole('button', { name: 'Download the diagram as PNG' });
  const scale = scope.getByRole('combobox', { name: 'PNG scale' });
  await expectTappable(page, png, `PNG (${label})`);
  await expectTappable(page, scale, `PNG scale (${label})`);
  const a = (await png.boundingBox())!;
  const b = (await scale.boundingBox())!;
  expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)), `PNG and its scale on one row (${label})`).toBeLessThan(4);
  expect(b.x - (a.x + a.width), `the scale right after PNG (${label})`).toBeGreaterThanOrEqual(0);
  expect(b.x - (a.x + a.width), `the scale right after PNG (${label})`).toBeLessThan(16);
}

test('a wide model at 375 px: the simulated token stays on screen to its end (fitted whole, else the view follows it), the strip below has no empty band; PNG at each scale under More', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'wide-chain.bpmn', chainBpmn(12, 'Wide chain'));
  await page.evaluate(() => sessionStorage.clear());
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, id);
  // The cookie banner covers the bottom third of a phone until it is accepted, as a person
  // does first; left up, it covered PNG whenever the page scrolled PNG to the bottom.
  await acceptCookies(page);
  // On a phone the viewer's downloads sit under More, one item per PNG scale (PNG and its scale beside it took rows of their own).
  const bench = page.getByTestId('model-workbench');
  await bench.getByRole('toolbar', { name: 'Diagram controls' }).getByRole('button', { name: /^More/ }).click();
  await expectTappable(page, bench.getByRole('menuitem', { name: 'Download the diagram as PNG at 2×' }), 'PNG 2× (viewer 375)');
  await page.keyboard.press('Escape');
  await playFollowed(page, page.getByTestId('model-workbench'), '.bpmn-canvas', 'viewer 375');

  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="End"]')).toBeVisible({ timeout: 60_000 });
  // On a phone the editor's PNG sits under More, one item per scale.
  await editor.getByRole('button', { name: 'More' }).click();
  await expectTappable(page, editor.getByRole('menuitem', { name: 'Download the diagram as PNG at 2×' }), 'PNG 2× (editor 375)');
  await page.keyboard.press('Escape');
  await playFollowed(page, editor, '[data-testid="bpmn-editor-canvas"]', 'editor 375');
  page.once('dialog', (d) => void d.accept());
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('model-workbench')).toBeVisible();
});

test('the editor at 375 px: Zoom to read from a fitted overview; a problem chosen in the list below the canvas brings the page back to the canvas with its element selected where a person can tap it', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-application.bpmn', loanBpmn);
  await page.evaluate(() => sessionStorage.clear());
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, id);
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="Rejected"]')).toBeVisible({ timeout: 60_000 });
  // Fitted, names are drawn far too small to read: "Zoom to read" brings them to a readable size from the process' start, clear of the palette.
  const zoomToRead = editor.getByRole('button', { name: 'Zoom to read' });
  await expectTappable(page, zoomToRead, 'Zoom to read (editor at 375 px)');
  await expect(zoomToRead).toBeEnabled();
  await zoomToRead.click();
  const scale = await editor.locator('svg .viewport').first().evaluate((g) => (g as SVGGElement).transform.baseVal.consolidate()?.matrix.a ?? 0);
  expect(scale, 'the zoom after Zoom to read (names at 9 px or more)').toBeGreaterThanOrEqual(9 / 11 - 0.001);
  await expect(zoomToRead).toBeDisabled();
  const start = editor.locator('.djs-element[data-element-id="Start"]').first();
  const paletteRight = await editor.locator('.djs-palette').evaluate((p) => p.getBoundingClientRect().right);
  expect((await start.boundingBox())!.x, 'the start event right of the palette').toBeGreaterThan(paletteRight);
  await insideViewport(page, [start], 'the start event after Zoom to read');
  await snap(page, 'editor-zoom-to-read-375', false);
  await editor.getByRole('button', { name: 'Fit Content', exact: true }).click();
  await expect(zoomToRead).toBeEnabled();
  await editor.locator('.djs-element[data-element-id="Rejected"]').first().click({ force: true });
  await page.keyboard.press('Delete');
  const row = editor.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /Send rejection letter/ }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  // A person reading the list has scrolled it to the top of the screen (below the header): the canvas above is off the screen.
  await row.evaluate((el) => {
    el.style.scrollMarginTop = '72px';
    el.scrollIntoView({ block: 'start' });
  });
  const canvasBottom = await editor.getByTestId('bpmn-editor-canvas').evaluate((c) => c.getBoundingClientRect().bottom);
  expect(canvasBottom, 'the canvas is scrolled off the screen while the problem row shows').toBeLessThan(64);
  await row.click();
  const selected = editor.locator('.djs-element.selected[data-element-id="Reject"]');
  await expect(selected).toHaveCount(1);
  // Without scrolling by the test: the selected task is on the screen, below the fixed header, and on top where it is drawn.
  await expect
    .poll(
      () =>
        selected.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          const inside = r.top >= header && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const onTop = hit !== null && (el === hit || el.contains(hit));
          return inside && onTop ? 'on screen, on top' : `box ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} below header ${Math.round(header)}; hit ${hit?.tagName}.${hit?.getAttribute('class')}`;
        }),
      { message: 'the selected task is on the screen and hit-testable after choosing its problem' },
    )
    .toBe('on screen, on top');
  await snap(page, 'editor-problem-selected-375', false);
  page.once('dialog', (d) => void d.accept());
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('model-workbench')).toBeVisible();
});

/** The loan process with both ways meeting again at "Archive application" before one end. */
const mergedLoanBpmn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs" targetNamespace="http://example.com/loan2">
  <bpmn:process id="Loan2" name="Loan application" isExecutable="false">
    <bpmn:startEvent id="Start" name="Application received"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:task id="Review" name="Review application"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:task>
    <bpmn:exclusiveGateway id="Decide" name="Approved?"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>yes</bpmn:outgoing><bpmn:outgoing>no</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:task id="Pay" name="Pay out loan"><bpmn:incoming>yes</bpmn:incoming><bpmn:outgoing>f4</bpmn:outgoing></bpmn:task>
    <bpmn:task id="Reject" name="Send rejection letter"><bpmn:incoming>no</bpmn:incoming><bpmn:outgoing>f6</bpmn:outgoing></bpmn:task>
    <bpmn:task id="Archive" name="Archive application"><bpmn:incoming>f4</bpmn:incoming><bpmn:incoming>f6</bpmn:incoming><bpmn:outgoing>f7</bpmn:outgoing></bpmn:task>
    <bpmn:endEvent id="Closed" name="Application closed"><bpmn:incoming>f7</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Review" />
    <bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="Decide" />
    <bpmn:sequenceFlow id="yes" name="yes" sourceRef="Decide" targetRef="Pay" />
    <bpmn:sequenceFlow id="no" name="no" sourceRef="Decide" targetRef="Reject" />
    <bpmn:sequenceFlow id="f4" sourceRef="Pay" targetRef="Archive" />
    <bpmn:sequenceFlow id="f6" sourceRef="Reject" targetRef="Archive" />
    <bpmn:sequenceFlow id="f7" sourceRef="Archive" targetRef="Closed" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="P" bpmnElement="Loan2">
    <bpmndi:BPMNShape id="Start_di" bpmnElement="Start"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Review_di" bpmnElement="Review"><dc:Bounds x="190" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Decide_di" bpmnElement="Decide" isMarkerVisible="true"><dc:Bounds x="345" y="175" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Pay_di" bpmnElement="Pay"><dc:Bounds x="460" y="80" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Reject_di" bpmnElement="Reject"><dc:Bounds x="460" y="250" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Archive_di" bpmnElement="Archive"><dc:Bounds x="620" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Closed_di" bpmnElement="Closed"><dc:Bounds x="782" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200" /><di:waypoint x="190" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200" /><di:waypoint x="345" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="yes_di" bpmnElement="yes"><di:waypoint x="370" y="175" /><di:waypoint x="370" y="120" /><di:waypoint x="460" y="120" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="no_di" bpmnElement="no"><di:waypoint x="370" y="225" /><di:waypoint x="370" y="290" /><di:waypoint x="460" y="290" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f4_di" bpmnElement="f4"><di:waypoint x="560" y="120" /><di:waypoint x="670" y="120" /><di:waypoint x="670" y="160" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f6_di" bpmnElement="f6"><di:waypoint x="560" y="290" /><di:waypoint x="670" y="290" /><di:waypoint x="670" y="240" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f7_di" bpmnElement="f7"><di:waypoint x="720" y="200" /><di:waypoint x="782" y="200" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** The id of the diagram element whose drawn text (its own or its label's) is `name`. */
async function idByName(scope: Locator, name: string): Promise<string> {
  const id = await scope.locator('.bpmn-canvas .djs-element').evaluateAll(
    (els, n) => {
      const squash = (t: string | null) => (t ?? '').replace(/\s+/g, '');
      const hit = els.find((e) => squash(e.querySelector(':scope > .djs-visual')?.textContent ?? null) === squash(n));
      return hit?.getAttribute('data-element-id') ?? null;
    },
    name,
  );
  if (!id) throw new Error(`no element drawn with the text ${name}`);
  return id.replace(/_label$/, '');
}

test('refine in words: an unknown sentence is answered with the closest commands as buttons; ending after a step, a name with "and" and a named condition; the rejected case then ends right after the letter', async ({ page }) => {
  // No allowance: the unknown sentence is checked first (200 with understood false), never refused with a 422.
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'loan-merged.bpmn', mergedLoanBpmn);

  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await openModel(page, id);
    const bench = page.getByTestId('model-workbench');
    await bench.getByRole('button', { name: 'Refine in words' }).click();
    const box = bench.getByLabel('Describe a change');
    await box.fill('once Send rejection letter is done we are finished');
    await bench.getByRole('button', { name: 'Apply' }).click();
    const alert = bench.getByRole('alert');
    await expect(alert).toContainText('Did you mean one of these?');
    // The closest commands are a list of their own, never bullets run into the message.
    await expect(alert.locator('p').first()).not.toContainText('•');
    const offered = alert.getByRole('list', { name: 'Commands SPADE understands' }).getByRole('button');
    expect(await offered.count()).toBeGreaterThan(0);
    expect(await offered.count()).toBeLessThanOrEqual(3);
    const endAfter = offered.filter({ hasText: "end the process after 'Send rejection letter'" });
    await expectTappable(page, endAfter, `the suggestion to end after the letter (${width} px)`);
    await snap(page, `refine-suggestions-${width}`, false);
    await endAfter.click();
    await expect(box).toHaveValue("end the process after 'Send rejection letter'");
    await expect(box).toBeFocused();
    if (width === 375) {
      // Another panel opened, the refusal of a sentence no longer in view goes (it stayed above the version list).
      await bench.getByRole('button', { name: /^Versions/ }).click();
      await expect(bench.locator('.az-versions')).toBeVisible();
      await expect(bench.getByRole('alert')).toHaveCount(0);
      continue;
    }

    await bench.getByRole('button', { name: 'Apply' }).click();
    await expect(bench.getByRole('status').filter({ hasText: 'Version 2' })).toBeVisible({ timeout: 20_000 });
    await expect(bench.getByRole('status')).toContainText('Ended the process after "Send rejection letter"');

    // A new name with "and" in it stays one name.
    await box.fill("rename 'Pay out loan' to 'Pay and notify the applicant'");
    await bench.getByRole('button', { name: 'Apply' }).click();
    await expect(bench.getByRole('status').filter({ hasText: 'Version 3' })).toBeVisible({ timeout: 20_000 });
    await expect(bench.getByRole('status')).toContainText('Renamed "Pay out loan" to "Pay and notify the applicant"');
    await expect.poll(() => idByName(bench, 'Pay and notify the applicant').catch(() => null), { timeout: 15_000 }).not.toBeNull();

    // The condition of the way to the letter, named in words, is drawn on its flow.
    await box.fill("name the flow from 'Approved?' to 'Send rejection letter' as 'Rejected'");
    await bench.getByRole('button', { name: 'Apply' }).click();
    await expect(bench.getByRole('status').filter({ hasText: 'Version 4' })).toBeVisible({ timeout: 20_000 });
    await expect(bench.getByRole('status')).toContainText('Named the flow from "Approved?" to "Send rejection letter" "Rejected"');
    await expect.poll(() => idByName(bench, 'Rejected').catch(() => null), { timeout: 15_000 }).not.toBeNull();
    await page.waitForTimeout(800); // the second fit, ~500 ms after import

    // Play the rejected case: the token ends right after the letter, never reaching the archive or the payment.
    const gateway = await idByName(bench, 'Approved?');
    const rejected = await idByName(bench, 'Rejected');
    await bench.getByRole('button', { name: 'Simulate', exact: true }).click();
    await expect(bench.getByRole('button', { name: 'Stop simulation' })).toBeVisible({ timeout: 30_000 });
    const pad = bench.locator(`.djs-overlays[data-container-id="${gateway}"] .bts-context-pad`).first();
    const chosen = () => bench.locator(`.djs-connection[data-element-id="${rejected}"] .djs-visual path`).first().evaluate((p) => getComputedStyle(p).stroke);
    // The switch walks through the ways out; the chosen one is drawn dark (#212121).
    for (let i = 0; i < 3 && (await chosen()) !== 'rgb(33, 33, 33)'; i++) await pad.click();
    expect(await chosen(), 'the "Rejected" way is chosen').toBe('rgb(33, 33, 33)');
    const start = await idByName(bench, 'Application received').catch(() => null);
    const startPad = start
      ? bench.locator(`.djs-overlays[data-container-id="${start}"] .bts-context-pad`).first()
      : bench.locator('.djs-overlays .bts-context-pad[title="Trigger Event"]').first();
    await expectTappable(page, startPad, 'the start event\'s ▶');
    await startPad.click();
    const log = bench.locator('.bts-log');
    if (!(await log.isVisible().catch(() => false))) await bench.locator('[title="Toggle Simulation Log"]').first().click();
    await expect(log).toContainText('Case 1 finished', { timeout: 30_000 });
    await expect(log).toContainText('Send rejection letter');
    await expect(log).not.toContainText('Archive application');
    await expect(log).not.toContainText('Pay and notify');
    await snap(page, 'refine-ended-after-letter-1440', false);
  }
});
