import { expect, test, type Locator, type Page } from './fixtures';
import { expectTappable, snap } from './helpers';
import { signInAs } from './analyzers-helpers';
import { editFromRecent, uploadBpmn } from './bpmn-chain';

// Issue 25 (new-user audit): the editor's properties panel as a person
// meets it on a phone and a desktop. Its sections open from buttons the
// library draws 22 px square, under the 24 px a finger or pointer hits
// surely; a documentation typed on a gateway is saved with the version and
// shown again when the editor opens it.

test.setTimeout(240_000);

/** A decision with a gateway, two tasks and two ends. */
const decisionBpmn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs" targetNamespace="http://example.com/claim">
  <bpmn:process id="Claim" name="Claim check" isExecutable="false">
    <bpmn:startEvent id="Start" name="Claim received"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:exclusiveGateway id="Covered" name="Covered?"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>yes</bpmn:outgoing><bpmn:outgoing>no</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:task id="Pay" name="Pay claim"><bpmn:incoming>yes</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing></bpmn:task>
    <bpmn:endEvent id="Paid" name="Claim paid"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>
    <bpmn:task id="Refuse" name="Refuse claim"><bpmn:incoming>no</bpmn:incoming><bpmn:outgoing>f5</bpmn:outgoing></bpmn:task>
    <bpmn:endEvent id="Refused" name="Claim refused"><bpmn:incoming>f5</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Covered" />
    <bpmn:sequenceFlow id="yes" name="yes" sourceRef="Covered" targetRef="Pay" />
    <bpmn:sequenceFlow id="no" name="no" sourceRef="Covered" targetRef="Refuse" />
    <bpmn:sequenceFlow id="f3" sourceRef="Pay" targetRef="Paid" />
    <bpmn:sequenceFlow id="f5" sourceRef="Refuse" targetRef="Refused" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="P" bpmnElement="Claim">
    <bpmndi:BPMNShape id="Start_di" bpmnElement="Start"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Covered_di" bpmnElement="Covered" isMarkerVisible="true"><dc:Bounds x="195" y="175" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Pay_di" bpmnElement="Pay"><dc:Bounds x="310" y="80" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Paid_di" bpmnElement="Paid"><dc:Bounds x="472" y="102" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Refuse_di" bpmnElement="Refuse"><dc:Bounds x="310" y="250" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Refused_di" bpmnElement="Refused"><dc:Bounds x="472" y="272" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200" /><di:waypoint x="195" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="yes_di" bpmnElement="yes"><di:waypoint x="220" y="175" /><di:waypoint x="220" y="120" /><di:waypoint x="310" y="120" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="no_di" bpmnElement="no"><di:waypoint x="220" y="225" /><di:waypoint x="220" y="290" /><di:waypoint x="310" y="290" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="410" y="120" /><di:waypoint x="472" y="120" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f5_di" bpmnElement="f5"><di:waypoint x="410" y="290" /><di:waypoint x="472" y="290" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** The properties panel's section headers' toggles: each one's size in CSS px. */
async function toggleSizes(panel: Locator): Promise<{ title: string; width: number; height: number }[]> {
  return panel.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('.bio-properties-panel-group-header')].map((h) => {
      const b = h.querySelector<HTMLElement>('.bio-properties-panel-group-header-button')!.getBoundingClientRect();
      return { title: h.querySelector('.bio-properties-panel-group-header-title')?.textContent?.trim() ?? '', width: b.width, height: b.height };
    }),
  );
}

/**
 * Selects the gateway by a tap on it, as a person does, tapping again if the
 * first tap came while the editor was still settling its first view (the
 * panel then still shows the process: a person would tap once more).
 */
async function selectGateway(page: Page, editor: Locator): Promise<Locator> {
  const gateway = editor.locator('.djs-element[data-element-id="Covered"]').first();
  const panel = editor.getByRole('complementary', { name: 'Properties' });
  await expect(async () => {
    await gateway.scrollIntoViewIfNeeded();
    await gateway.click({ force: true });
    await expect(panel).toContainText('Covered?', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return panel;
}

for (const [width, height] of [
  [375, 812],
  [1440, 900],
] as const) {
  test(`the properties panel at ${width} px: every section opens from a tappable toggle of 24 px or more; a gateway's documentation is saved with the version and shown again`, async ({ page }) => {
    await signInAs(page, 'ops@example.com');
    const id = await uploadBpmn(page, `claim-${width}.bpmn`, decisionBpmn);
    await page.setViewportSize({ width, height });
    const editor = await editFromRecent(page, id, 'Covered');
    const panel = await selectGateway(page, editor);

    const sizes = await toggleSizes(panel);
    expect(sizes.map((s) => s.title)).toEqual(expect.arrayContaining(['General', 'Documentation']));
    expect(sizes.filter((s) => s.width < 24 || s.height < 24), `section toggles under 24 px at ${width} px`).toEqual([]);
    for (const t of await panel.getByRole('button', { name: 'Toggle section' }).all()) await expectTappable(page, t, `a section toggle at ${width} px`);

    // Open Documentation with its toggle and type a note on the gateway.
    const docHeader = panel.locator('.bio-properties-panel-group-header', { hasText: 'Documentation' });
    await docHeader.getByRole('button', { name: 'Toggle section' }).click();
    const doc = panel.getByRole('textbox', { name: 'Element documentation' });
    // The opened section comes into view by itself: at 375 px it opened at the screen's bottom edge, its box below the fold.
    await expect
      .poll(async () => {
        const b = await doc.boundingBox();
        return b !== null && b.y >= 0 && b.y + b.height <= height;
      }, { message: `the documentation box shows whole once its section is opened at ${width} px` })
      .toBe(true);
    await expectTappable(page, doc, `the documentation box at ${width} px`);
    await doc.fill('Covered when the policy was active on the day of the loss.');
    await doc.blur();
    await snap(page, `properties-panel-documentation-${width}`, false);

    await editor.getByRole('button', { name: 'Save version' }).click();
    const bench = page.getByTestId('model-workbench');
    await expect(bench.getByRole('status').filter({ hasText: 'Saved as version 2' })).toBeVisible({ timeout: 30_000 });
    const saved = (await (await page.request.get(`/api/analyses/${id}/versions/2`)).json()) as { bpmn_xml: string };
    expect(saved.bpmn_xml, 'the saved version keeps the documentation').toContain('Covered when the policy was active on the day of the loss.');

    // Opened again, the editor shows it on the gateway.
    await bench.getByRole('button', { name: 'Edit diagram' }).click();
    await expect(editor.locator('.djs-element[data-element-id="Covered"]')).toBeVisible({ timeout: 60_000 });
    const again = await selectGateway(page, editor);
    const docAgain = again.getByRole('textbox', { name: 'Element documentation' });
    if (!(await docAgain.isVisible().catch(() => false))) await again.locator('.bio-properties-panel-group-header', { hasText: 'Documentation' }).getByRole('button', { name: 'Toggle section' }).click();
    await expect(docAgain).toHaveValue('Covered when the policy was active on the day of the loss.');
  });
}
