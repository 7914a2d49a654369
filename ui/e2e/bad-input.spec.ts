import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from './fixtures';
import { expectTappable, snap } from './helpers';
import { filesDir, signInAs } from './analyzers-helpers';
import { chainBpmn, editFromRecent, insideViewport, latestVersion, openInEditor } from './bpmn-chain';

// Issue 25, "Bad input", as a person meets it: a save while offline loses
// nothing and works once the connection is back; two tabs saving the same
// analysis: the second is told in words and can keep its edits or reload.
// (The large diagram and its exports: large-diagram.spec.ts.)

test.setTimeout(300_000);

/** A small process of three steps, drawn by hand. */
const smallBpmn = chainBpmn(3, 'Order handling');

/** Removes a shape as a person does: click it, press Delete. */
async function removeShape(page: Page, editor: Locator, elementId: string): Promise<void> {
  await editor.locator(`.djs-shape[data-element-id="${elementId}"]`).click();
  await page.keyboard.press('Delete');
  await expect(editor.locator(`.djs-shape[data-element-id="${elementId}"]`)).toHaveCount(0);
}

test('saving offline keeps the edits with a clear message; after reconnecting the same save works', async ({ page, context }) => {
  await signInAs(page, 'ops@example.com');
  await page.setViewportSize({ width: 1440, height: 900 });
  const path = join(filesDir, 'offline-order.bpmn');
  writeFileSync(path, smallBpmn);
  const id = await openInEditor(page, path);
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape[data-element-id="Task_2"]')).toBeVisible({ timeout: 120_000 });
  await removeShape(page, editor, 'Task_2');

  await context.setOffline(true);
  await editor.getByRole('button', { name: 'Save version' }).click();
  const alert = editor.getByRole('alert');
  await expect(alert).toContainText('you seem to be offline');
  await expect(alert).toContainText('Your edits are still here');
  await expect(editor.locator('.djs-shape[data-element-id="Task_2"]'), 'the edit is still on the canvas').toHaveCount(0);
  await expectTappable(page, editor.getByRole('button', { name: 'Save version' }), 'Save version while offline');
  await snap(page, 'bad-input-offline-save-1440', false);
  await page.setViewportSize({ width: 375, height: 812 });
  await insideViewport(page, [alert], 'the offline message at 375 px');
  await snap(page, 'bad-input-offline-save-375', false);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await latestVersion(page, id), 'nothing half-saved while offline').toBe(1);

  // Back online: the same Save version stores the edits.
  await context.setOffline(false);
  await editor.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByTestId('model-workbench').getByRole('status').filter({ hasText: 'Saved as version 2' })).toBeVisible({ timeout: 60_000 });
  const saved = (await (await page.request.get(`/api/analyses/${id}/versions/2`)).json()) as { bpmn_xml: string };
  expect(saved.bpmn_xml).not.toContain('"Step 2"');
  expect(saved.bpmn_xml).toContain('Step 3');
});

test('two tabs edit the same analysis: the second save is refused in words, with Download my edits and Reload', async ({ page, context, pageProblems }) => {
  // The second tab's refused save (409) is this journey's point.
  pageProblems.allow(/409 POST \/api\/analyses\/[^/]+\/versions/);
  await signInAs(page, 'ops@example.com');
  await page.setViewportSize({ width: 1440, height: 900 });
  const path = join(filesDir, 'two-tabs-order.bpmn');
  writeFileSync(path, smallBpmn);
  const id = await openInEditor(page, path);
  await expect(page.getByTestId('bpmn-editor').locator('.djs-shape[data-element-id="Task_2"]')).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('bpmn-editor').getByRole('button', { name: 'Cancel' }).click();

  // Tab B: the same analysis, opened in another tab of the same browser.
  const tabB = await context.newPage();
  const problemsB: string[] = [];
  tabB.on('console', (m) => {
    if (m.type() === 'error' && !/409/.test(m.text())) problemsB.push(m.text());
  });
  tabB.on('pageerror', (e) => problemsB.push(e.message));
  await tabB.setViewportSize({ width: 1440, height: 900 });

  const editorA = await editFromRecent(page, id, 'Task_2');
  const editorB = await editFromRecent(tabB, id, 'Task_2');

  // A saves first.
  await removeShape(page, editorA, 'Task_1');
  await editorA.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByTestId('model-workbench').getByRole('status').filter({ hasText: 'Saved as version 2' })).toBeVisible({ timeout: 60_000 });

  // B, still on version 1, saves its own edit: refused, nothing overwritten, told in words.
  await tabB.bringToFront();
  await removeShape(tabB, editorB, 'Task_3');
  await editorB.getByRole('button', { name: 'Save version' }).click();
  const alert = editorB.getByRole('alert');
  await expect(alert).toContainText('Reload');
  await expect(alert).not.toContainText(/\b409\b|base_version|conflict/i);
  expect(await latestVersion(tabB, id), 'the second save overwrote nothing').toBe(2);
  await expect(editorB.locator('.djs-shape[data-element-id="Task_3"]'), "B's edit is still on its canvas").toHaveCount(0);
  const download = alert.getByRole('button', { name: 'Download my edits (.bpmn)' });
  const reload = alert.getByRole('button', { name: 'Reload the latest version' });
  await expectTappable(tabB, download, 'Download my edits');
  await expectTappable(tabB, reload, 'Reload the latest version');
  await snap(tabB, 'bad-input-two-tabs-conflict-1440', false);
  await tabB.setViewportSize({ width: 375, height: 812 });
  await expectTappable(tabB, download, 'Download my edits at 375 px');
  await expectTappable(tabB, reload, 'Reload the latest version at 375 px');
  await snap(tabB, 'bad-input-two-tabs-conflict-375', false);
  await tabB.setViewportSize({ width: 1440, height: 900 });
  const [dl] = await Promise.all([tabB.waitForEvent('download'), download.click()]);
  const mine = join(filesDir, `bad-input-tab-b-${dl.suggestedFilename()}`);
  await dl.saveAs(mine);
  expect(readFileSync(mine, 'utf8'), "the download holds B's edits").not.toContain('id="Task_3"');

  // Reload: B now shows A's version.
  await reload.click();
  const benchB = tabB.getByTestId('model-workbench');
  await expect(benchB.getByRole('status').filter({ hasText: 'Reloaded: version 2 is the latest.' })).toBeVisible({ timeout: 30_000 });
  const canvasB = benchB.getByTestId('bpmn-canvas');
  await expect(canvasB.locator('.djs-shape[data-element-id="Task_3"]')).toBeAttached({ timeout: 30_000 });
  await expect(canvasB.locator('.djs-shape[data-element-id="Task_1"]'), "A's removal shows in B").toHaveCount(0);
  await snap(tabB, 'bad-input-two-tabs-reloaded-1440', false);
  await tabB.close();
  expect(problemsB, 'console errors in the second tab').toEqual([]);
});
