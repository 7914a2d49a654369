import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectTappable, snap } from './helpers';
import { filesDir, signInAs } from './analyzers-helpers';
import { chainBpmn, insideViewport, latestVersion, openInEditor, stillAlive } from './bpmn-chain';

// Issue 25, "Bad input": a diagram of thousands of elements opens in the
// editor with a note instead of a frozen page and saves; its SVG downloads
// and a 10× PNG is drawn within the browser's limits with a note (or
// refused with a message), never a crashed tab.

test.setTimeout(600_000);
// A trace snapshots the whole DOM (here 8,000+ SVG nodes) at every action
// and poll: measured, it made opening the editor take 200 s instead of 44.
test.use({ trace: 'off' });

test('a 2,000-task diagram opens in the editor with a note, saves, and exports as SVG and a bounded 10× PNG', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  await page.setViewportSize({ width: 1440, height: 900 });
  const path = join(filesDir, 'large-chain.bpmn');
  writeFileSync(path, chainBpmn(2000, 'Large chain'));
  console.log(`large diagram: 2,002 shapes, 2,001 flows, ${statSync(path).size} bytes`);

  const t0 = Date.now();
  // What the editor says while it loads, recorded as it changes: drawing
  // holds the page, so a poll from the test cannot see it then, but the
  // note is painted before the draw starts.
  const id = await openInEditor(page, path, () =>
    page.evaluate(() => {
      const w = window as unknown as { __loading: string[] };
      w.__loading = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="bpmn-editor"] [role="status"]');
        const text = el?.textContent?.trim();
        if (text && w.__loading.at(-1) !== text) w.__loading.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }),
  );
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="Task_2000"]')).toBeAttached({ timeout: 300_000 });
  console.log(`large diagram: upload → editor drawn in ${Date.now() - t0} ms`);
  const said = await page.evaluate(() => (window as unknown as { __loading: string[] }).__loading);
  expect(said, 'the editor said it was opening a large diagram before drawing it').toContain(
    'Opening a large diagram (4,004 elements): drawing it takes a few seconds…',
  );
  await snap(page, 'bad-input-large-editor-1440', false);
  await expect(editor.getByRole('button', { name: 'Save version' })).toBeEnabled();
  // Lint is paused (it would re-check 4,000 elements after every change) and says so, with a way to run it.
  const problems = editor.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('Lint is paused');
  await expectTappable(page, problems.getByRole('button', { name: 'Check the diagram' }), 'Check the diagram');
  await stillAlive(page);

  // Find a step by name (Ctrl+F, as the Help lists) and remove it, as a person does in a large diagram.
  const canvas = editor.getByTestId('bpmn-editor-canvas');
  const cbox = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: cbox.width - 30, y: 30 } });
  await page.keyboard.press('Control+f');
  const search = editor.locator('.djs-search-input input, input.djs-search-input').first();
  await expect(search).toBeVisible();
  // The search pad reads key presses, as a person types them.
  await search.pressSequentially('Step 1000');
  await expect(editor.locator('.djs-search-result').first()).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Enter');
  await expect(editor.locator('.djs-shape.selected[data-element-id="Task_1000"]')).toBeAttached({ timeout: 30_000 });
  await page.keyboard.press('Delete');
  await expect(editor.locator('.djs-shape[data-element-id="Task_1000"]')).toHaveCount(0);
  await snap(page, 'bad-input-large-editing-1440', false);

  await editor.getByRole('button', { name: 'Save version' }).click();
  const bench = page.getByTestId('model-workbench');
  await expect(bench.getByRole('status').filter({ hasText: 'Saved as version 2' })).toBeVisible({ timeout: 180_000 });
  expect(await latestVersion(page, id)).toBe(2);
  const saved = (await (await page.request.get(`/api/analyses/${id}/versions/2`)).json()) as { bpmn_xml: string };
  expect(saved.bpmn_xml).toContain('Step 1999');
  expect(saved.bpmn_xml, 'the removed step is gone from the saved version').not.toContain('"Step 1000"');

  // The viewer draws the saved diagram; SVG downloads whole.
  const viewer = bench.locator('.bpmn-viewer');
  await expect(viewer.locator('.djs-shape[data-element-id="Task_2000"]')).toBeAttached({ timeout: 120_000 });
  const svgButton = viewer.getByRole('button', { name: 'Download the diagram as SVG' });
  await expect(svgButton).toBeEnabled({ timeout: 30_000 });
  const [svgDl] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), svgButton.click()]);
  const svgPath = join(filesDir, `bad-input-${svgDl.suggestedFilename()}`);
  await svgDl.saveAs(svgPath);
  const svg = readFileSync(svgPath, 'utf8');
  expect(svgDl.suggestedFilename()).toBe('Large-chain.svg');
  expect(svg.startsWith('<?xml') || svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('Step 2000');
  console.log(`SVG of the 2,000-task diagram: ${svg.length} bytes`);
  await stillAlive(page);

  // PNG at 10×: drawn at the largest scale the browser can hold, and the note says so.
  await viewer.getByRole('combobox', { name: 'PNG scale' }).selectOption('10');
  const [pngDl] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    viewer.getByRole('button', { name: 'Download the diagram as PNG' }).click(),
  ]);
  const pngPath = join(filesDir, `bad-input-${pngDl.suggestedFilename()}`);
  await pngDl.saveAs(pngPath);
  const png = readFileSync(pngPath);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  console.log(`PNG asked at 10×: ${width} × ${height} px, ${png.length} bytes`);
  expect(Math.max(width, height), 'a side within the browser canvas limit').toBeLessThanOrEqual(8192);
  const note = viewer.getByRole('status').filter({ hasText: 'instead of 10×' });
  await expect(note).toBeVisible();
  await expect(note).toContainText('SVG');
  await insideViewport(page, [note], 'the PNG note at 1440 px');
  await snap(page, 'bad-input-large-png-note-1440', false);
  await stillAlive(page);

  // On a phone the downloads sit under More (the viewer's bar is one row) and the note stays on screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await viewer.getByRole('toolbar', { name: 'Diagram controls' }).getByRole('button', { name: /^More/ }).click();
  await expectTappable(page, viewer.getByRole('menuitem', { name: 'Download the diagram as PNG at 10×' }), 'PNG 10× at 375 px');
  await page.keyboard.press('Escape');
  await insideViewport(page, [note], 'the PNG note at 375 px');
  await snap(page, 'bad-input-large-png-note-375', false);
});
