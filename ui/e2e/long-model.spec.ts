import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from './fixtures';
import { appReady, diagramFit, expectTappable, snap } from './helpers';
import { filesDir, signInAs, testdata } from './analyzers-helpers';
import { chainBpmn, openInEditor } from './bpmn-chain';

// Issue 25, item 1 for long models, and the editor on a phone:
// - a 79-step procedure (the APPN field book) is drawn in rows, not in one
//   row 35 times wider than high that fits at 5–9 %;
// - at 375 px the editor's palette is one narrow column of tappable tools,
//   not two columns taking a third of the canvas.

test.setTimeout(240_000);

const fieldbook = join(testdata, 'docs', 'appn', 'APPN_HIRES_FieldBook_Rev1.1.docx');

/** Uploads a document through the API and waits until its diagram exists. */
async function analyse(page: Page, path: string, mimeType: string): Promise<string> {
  const up = await page.request.post('/api/analyze', {
    multipart: { file: { name: path.split('/').pop()!, mimeType, buffer: readFileSync(path) } },
  });
  expect(up.status()).toBe(202);
  const { id } = (await up.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/check-graph/${id}`)).json()) as { exists: boolean }).exists, { timeout: 150_000 })
    .toBe(true);
  return id;
}

/** Opens an analysis from the Recent list on its Process Model tab, after the second fit. */
async function openModel(page: Page, id: string): Promise<Locator> {
  await page.goto('/document-analyzer');
  await appReady(page);
  await page.locator(`[data-testid="recent-item"][data-id="${id}"]`).click();
  await page.getByRole('tab', { name: 'Process Model' }).click();
  const canvas = page.locator('.bpmn-canvas');
  await expect(canvas.locator('.djs-element').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Zoom In' })).toBeEnabled();
  await page.waitForTimeout(700); // the spec's second fit, ~500 ms after import
  await canvas.scrollIntoViewIfNeeded();
  return canvas;
}

/** The diagram's scale on screen, and its drawn size (in diagram units) with its aspect. */
async function fitted(canvas: Locator) {
  return canvas.evaluate((el) => {
    const vp = el.querySelector('.viewport') as SVGGElement;
    const scale = vp.getScreenCTM()!.a;
    const box = vp.getBBox();
    return { scale, width: box.width, height: box.height, aspect: box.width / box.height };
  });
}

test('a 79-step field book opens in rows, fitted larger than one row at 1440 px and whole at 375 px', async ({ page }) => {
  // ops@ has the Standard plan (no daily limit).
  await signInAs(page, 'ops@example.com');
  const id = await analyse(page, fieldbook, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');

  await page.setViewportSize({ width: 1440, height: 900 });
  let canvas = await openModel(page, id);
  const wide = await fitted(canvas);
  // One row was 15,501 × 445 units (aspect 35) and fitted at about 0.05 here.
  expect(wide.aspect, `drawn ${Math.round(wide.width)} × ${Math.round(wide.height)}`).toBeLessThan(4);
  expect(wide.scale, 'fitted scale at 1440 px').toBeGreaterThan(0.1);
  const whole = await diagramFit(canvas);
  expect(whole.outside, 'shapes outside the canvas').toBe(0);
  expect(whole.covering, 'cues over shapes').toBe(0);
  await snap(page, 'long-model-fieldbook-1440', false);
  // One click makes the names readable, from the process start.
  await page.getByRole('button', { name: 'Zoom to read' }).click();
  await expectTappable(page, page.getByRole('button', { name: 'continues →' }), 'continues cue at 1440 px');
  expect((await diagramFit(canvas)).covering, 'cues over shapes').toBe(0);
  await snap(page, 'long-model-fieldbook-read-1440', false);

  await page.evaluate(() => sessionStorage.clear());
  await page.setViewportSize({ width: 375, height: 812 });
  canvas = await openModel(page, id);
  const narrow = await fitted(canvas);
  // In rows (3,400 × 1,777) it fits whole on a phone at about 7 %, above the
  // least fit (5 %): the viewer shows it whole, nothing outside the canvas.
  // (Before the rows narrowed it overflowed even at 5 % and opened readable at
  // its start; whether a 7 % overview should open readable too is the viewer's
  // call, see ui/src/components/bpmn-viewer.tsx firstView.)
  expect(narrow.scale, 'opening scale at 375 px').toBeGreaterThanOrEqual(0.05);
  expect((await diagramFit(canvas)).outside, 'shapes outside the canvas at 375 px').toBe(0);
  await snap(page, 'long-model-fieldbook-375', false);
  test.info().annotations.push({
    type: 'fitted',
    description: `field book drawn ${Math.round(wide.width)} × ${Math.round(wide.height)}: fitted at ${wide.scale.toFixed(3)} at 1440 px; opens at ${narrow.scale.toFixed(3)} at 375 px`,
  });
});

/** The palette's box and its entries' boxes, in CSS px, and the canvas' width. */
async function paletteBoxes(editor: Locator) {
  return editor.evaluate((root) => {
    const canvas = root.querySelector('.bpmn-editor-canvas')!.getBoundingClientRect();
    const palette = root.querySelector('.djs-palette')!.getBoundingClientRect();
    const entries = [...root.querySelectorAll('.djs-palette .entry')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const shapes = [...root.querySelectorAll('.djs-shape')].map((s) => s.getBoundingClientRect()).filter((r) => r.width > 0);
    return {
      canvasWidth: canvas.width,
      width: palette.width,
      right: palette.right - canvas.left,
      entries: entries.length,
      smallest: Math.min(...entries.map((r) => Math.min(r.width, r.height))),
      columns: new Set(entries.map((r) => Math.round(r.left))).size,
      underPalette: shapes.filter((r) => r.left < palette.right && r.top < palette.bottom && r.bottom > palette.top).length,
    };
  });
}

test('the editor palette is one narrow column of tappable tools on a phone, as bpmn-js draws it on a desktop', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const file = join(filesDir, 'palette-chain.bpmn');
  writeFileSync(file, chainBpmn(6, 'Palette check'));

  // A desktop keeps the palette bpmn-js draws (46 px entries).
  await page.setViewportSize({ width: 1440, height: 900 });
  await openInEditor(page, file);
  let editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="Task_2"]')).toBeVisible({ timeout: 120_000 });
  await editor.locator('.bpmn-editor-canvas').scrollIntoViewIfNeeded();
  const wide = await paletteBoxes(editor);
  expect(wide.smallest, 'palette entries at 1440 px, as bpmn-js draws them').toBeGreaterThanOrEqual(44);
  expect(wide.underPalette, 'fitted shapes under the palette at 1440 px').toBe(0);
  await snap(page, 'long-model-palette-1440', false);

  await page.setViewportSize({ width: 375, height: 812 });
  await openInEditor(page, file);
  editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="Task_2"]')).toBeVisible({ timeout: 120_000 });
  await editor.locator('.bpmn-editor-canvas').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300); // the fit after the canvas' size settles
  const phone = await paletteBoxes(editor);
  test.info().annotations.push({ type: 'palette', description: `375 px: ${phone.width} px wide of ${phone.canvasWidth}; 1440 px: ${wide.width} px` });
  expect(phone.columns, 'palette columns at 375 px').toBe(1);
  expect(phone.width, 'palette width at 375 px').toBeLessThanOrEqual(40);
  // bpmn-js' own: two columns, 20 + 94 px (38 % of this canvas).
  expect(phone.right, 'palette and its margin, px').toBeLessThanOrEqual(48);
  expect(phone.right, 'palette and its margin, share of the canvas').toBeLessThanOrEqual(phone.canvasWidth * 0.16);
  expect(phone.smallest, 'smallest palette entry, px').toBeGreaterThanOrEqual(32);
  expect(phone.underPalette, 'fitted shapes under the palette').toBe(0);
  // Every tool can be reached and tapped (the column scrolls inside the canvas).
  const entries = editor.locator('.djs-palette .entry');
  const n = await entries.count();
  expect(n).toBeGreaterThan(8);
  for (let i = 0; i < n; i++) {
    const e = entries.nth(i);
    if (!(await e.isVisible())) continue;
    await expectTappable(page, e, `palette entry ${i + 1} (${await e.getAttribute('title')})`);
  }
  await editor.locator('.djs-palette').evaluate((p) => p.scrollTo(0, 0));
  await editor.locator('.bpmn-editor-canvas').scrollIntoViewIfNeeded();
  await snap(page, 'long-model-palette-375', false);
  // A tool still works: the task tool, then a tap on the canvas, adds a task.
  const tasksBefore = await editor.locator('.djs-shape[data-element-id^="Activity_"]').count();
  await editor.locator('.djs-palette .entry.bpmn-icon-task').click();
  const canvasBox = (await editor.locator('.bpmn-editor-canvas').boundingBox())!;
  await page.mouse.move(canvasBox.x + canvasBox.width * 0.6, canvasBox.y + canvasBox.height - 70);
  await page.mouse.click(canvasBox.x + canvasBox.width * 0.6, canvasBox.y + canvasBox.height - 60);
  await expect(editor.locator('.djs-shape[data-element-id^="Activity_"]')).toHaveCount(tasksBefore + 1);
});

test('long procedure documents open whole or readable at their start, at 1440 and 375 px (fitted scales recorded)', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const docs = ['QC-and-Reporting.pdf', 'Standard-Flight-Equipment-Checklist.pdf', 'HiRes-Processing-Pipeline.pdf'];
  const ids: string[] = [];
  for (const d of docs) ids.push(await analyse(page, join(testdata, 'docs', 'appn', d), 'application/pdf'));
  const figures: string[] = [];
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    for (let i = 0; i < docs.length; i++) {
      await page.evaluate(() => sessionStorage.clear());
      const canvas = await openModel(page, ids[i]);
      const f = await fitted(canvas);
      const view = await diagramFit(canvas);
      figures.push(`${docs[i]} at ${width} px: ${f.scale.toFixed(3)} (drawn ${Math.round(f.width)} × ${Math.round(f.height)})`);
      expect(view.covering, `${docs[i]} at ${width} px: cues over shapes`).toBe(0);
      // Whole inside the canvas, or (too long even for the least fit) its start at a readable size.
      if (view.outside > 0) expect(f.scale, `${docs[i]} at ${width} px: cut off and not readable`).toBeGreaterThanOrEqual(0.81);
      if (i === 0) await snap(page, `long-model-qc-${width}`, false);
    }
  }
  test.info().annotations.push({ type: 'fitted', description: figures.join('; ') });
  console.log(figures.join('\n'));
});
