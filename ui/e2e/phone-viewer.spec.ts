import { expect, test, type Page } from './fixtures';
import { expectTappable, snap } from './helpers';
import { signInAs } from './analyzers-helpers';
import { chainBpmn, uploadBpmn } from './bpmn-chain';

// Issue 25 on phones: a small model fills the canvas' width, and a
// simulation started from the editor's More menu stops with one tap.

test.setTimeout(240_000);

async function analyseTxt(page: Page, name: string, text: string): Promise<string> {
  const up = await page.request.post('/api/analyze', { multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } } });
  expect(up.status()).toBe(202);
  const { id } = (await up.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/check-graph/${id}`)).json()) as { exists: boolean }).exists, { timeout: 120_000 })
    .toBe(true);
  return id;
}

async function openModel(page: Page, path: string, id: string) {
  await page.goto(path);
  await page.locator(`[data-testid="recent-item"][data-id="${id}"]`).click();
  await page.getByRole('tab', { name: 'Process Model' }).click();
  await expect(page.locator('.bpmn-canvas .djs-shape').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Zoom In' })).toBeEnabled();
  await page.waitForTimeout(800); // the second fit, ~500 ms after import
}

/** The drawn diagram against the canvas: shapes outside it, its width's share of the canvas' width, the zoom. */
async function framing(page: Page) {
  return page.evaluate(() => {
    const c = document.querySelector('.bpmn-canvas')!.getBoundingClientRect();
    const rs = [...document.querySelectorAll('.bpmn-canvas .djs-shape, .bpmn-canvas .djs-connection')]
      .map((s) => s.getBoundingClientRect())
      .filter((r) => r.width + r.height > 0);
    const outside = rs.filter((r) => r.left < c.left - 0.5 || r.top < c.top - 0.5 || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5).length;
    const width = Math.max(...rs.map((r) => r.right)) - Math.min(...rs.map((r) => r.left));
    const scale = (document.querySelector('.bpmn-canvas .viewport') as SVGGElement).getScreenCTM()!.a;
    return { shapes: rs.length, outside, widthShare: width / c.width, scale, canvasHeight: Math.round(c.height) };
  });
}

const LEAVE = ['Leave request.', 'The employee submits the leave request.', 'The manager approves the request.', 'The HR clerk records the leave in the HR system.'].join('\n');

test('a 3-5 task model opens inside the canvas and across its width at 375 and 1440 px (at most 100 %)', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const models = [
    { name: 'leave request (lanes)', path: '/document-analyzer', id: await analyseTxt(page, 'leave.txt', LEAVE) },
    { name: '3-task chain', path: '/bpmn-analyzer', id: await uploadBpmn(page, 'chain3.bpmn', chainBpmn(3, 'Chain 3')) },
    { name: '5-task chain', path: '/bpmn-analyzer', id: await uploadBpmn(page, 'chain5.bpmn', chainBpmn(5, 'Chain 5')) },
  ];
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width, height });
    for (const m of models) {
      await page.evaluate(() => sessionStorage.clear());
      await openModel(page, m.path, m.id);
      const f = await framing(page);
      console.log(`${m.name} at ${width} px: ${JSON.stringify(f)}`);
      expect(f.canvasHeight, `the viewer's height at ${width} px (spec: 400 mobile, 600 desktop)`).toBe(width === 375 ? 400 : 600);
      expect(f.shapes).toBeGreaterThan(4);
      expect(f.outside, `shapes outside the canvas: ${m.name} at ${width} px`).toBe(0);
      expect(f.scale, `zoom of ${m.name} at ${width} px`).toBeLessThanOrEqual(1.001);
      // Across the canvas' width, unless already drawn at 100 %, the largest a fit draws.
      if (f.scale < 0.999) expect(f.widthShare, `share of the canvas' width: ${m.name} at ${width} px`).toBeGreaterThanOrEqual(0.9);
      await page.locator('.bpmn-stage').scrollIntoViewIfNeeded();
      await snap(page, `small-model-${m.name.replace(/\W+/g, '-')}-${width}`, false);
    }
  }
});

test('the editor at 375 px: a simulation started under More stops with one tap on Stop in the toolbar', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await uploadBpmn(page, 'chain4.bpmn', chainBpmn(4, 'Chain 4'));
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, '/bpmn-analyzer', id);
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape').first()).toBeVisible({ timeout: 60_000 });
  const bar = editor.getByRole('toolbar', { name: 'Editing tools' });
  const stop = bar.getByRole('button', { name: 'Stop simulation', exact: true });
  await expect(stop).toHaveCount(0);
  await bar.getByRole('button', { name: 'More', exact: true }).click();
  await editor.getByRole('menuitemcheckbox', { name: 'Simulate', exact: true }).click();
  await expect(editor.getByTestId('bpmn-sim-dock')).toBeVisible({ timeout: 30_000 });
  await expectTappable(page, stop, 'Stop simulation in the toolbar at 375 px');
  const rows = await bar.evaluate((b) => new Set([...b.children].filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => Math.round(c.getBoundingClientRect().top))).size);
  console.log(`editor toolbar rows while simulating at 375 px: ${rows}`);
  expect(rows, 'rows of the editor toolbar while simulating at 375 px').toBeLessThanOrEqual(3);
  await bar.scrollIntoViewIfNeeded();
  await snap(page, 'editor-stop-simulation-375', false);
  await stop.click();
  await expect(editor.getByTestId('bpmn-sim-dock')).toBeHidden();
  await expect(stop).toHaveCount(0);
  await expect(editor.locator('.bts-token')).toHaveCount(0);
});

test("the hub's BPMN Validation box links to the BPMN Analyzer, a tappable link at 375 and 1440 px", async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/analyzer');
    const box = page.getByRole('complementary', { name: 'BPMN Validation' });
    await expect(box).toBeVisible();
    const link = box.getByRole('link', { name: 'Validate a BPMN file' });
    await expectTappable(page, link, `Validate a BPMN file at ${width} px`);
    const size = (await link.boundingBox())!;
    expect(Math.min(size.width, size.height), `the link's least side at ${width} px`).toBeGreaterThanOrEqual(24);
    // Drawn at full strength: faded, the box read as a disabled teaser.
    expect(await box.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await snap(page, `analyzer-hub-validation-${width}`, false);
    await link.click();
    await expect(page).toHaveURL(/\/bpmn-analyzer$/);
    await expect(page.getByTestId('bpmn-file-input')).toBeAttached();
  }
});
