import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectTappable, snap, textBreaks } from './helpers';
import { filesDir, signInAs, svgLabelText, writeProcessTxt } from './analyzers-helpers';

test.setTimeout(240_000);

/** Calls the API from the page, as the app does (session cookie + account header). */
async function apiCall(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const acc = JSON.parse(localStorage.getItem('selected_account') ?? '{}') as { account_id?: string };
      const r = await fetch(path, {
        method,
        headers: { 'X-Account-ID': acc.account_id ?? '', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

async function download(page: Page, type: string): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId(`export-${type}`).click()]);
  const path = join(filesDir, `versions-${dl.suggestedFilename()}`);
  await dl.saveAs(path);
  return readFileSync(path, 'utf8');
}

test('refine in words, edit in the modeller, compare, restore; a stale save gets 409', async ({ page, pageProblems }) => {
  // One refusal is part of the journey: the stale save (409). "delete the moon" is checked first
  // (200 with understood false and the reason), never refused with a 422.
  pageProblems.allow(/409.*\/versions/);
  // The analyzer journeys spend the analyst's 5 analyses of the day (more
  // when one of them is retried); the operator's are used only by the viewer
  // and workbench journeys.
  await signInAs(page, 'ops@example.com');
  await page.goto('/document-analyzer');
  await page.getByTestId('document-file-input').setInputFiles(writeProcessTxt('versions-process.txt'));
  const graphResp = page.waitForResponse((r) => /\/api\/graph\//.test(r.url()) && r.ok(), { timeout: 170_000 });
  const started = page.waitForResponse((r) => r.url().endsWith('/api/analyze') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  const id = ((await (await started).json()) as { id: string }).id;
  await expect(page.getByTestId('analysis-results')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('export-bpmn')).toBeEnabled({ timeout: 90_000 });
  const model = (await (await graphResp).json()) as { activities: { id: string; name: string }[] };
  const first = model.activities[0];
  const last = model.activities[model.activities.length - 1];
  const originalText = (await apiCall(page, 'GET', `/api/document/${id}`)).json.formatted_text as string;

  await page.getByRole('tab', { name: 'Process Model' }).click();
  const bench = page.getByTestId('model-workbench');
  await expect(bench.locator('[data-testid="bpmn-canvas"] svg g.djs-element').first()).toBeAttached({ timeout: 30_000 });
  for (const name of ['Edit diagram', 'Refine in words', 'Versions']) {
    await expectTappable(page, bench.getByRole('button', { name, exact: false }).first(), name);
  }

  // Refine in words with the built-in grammar: each instruction is a version.
  await bench.getByRole('button', { name: 'Refine in words' }).click();
  const box = bench.getByLabel('Describe a change');
  await box.fill(`rename '${first.name}' to 'Receive the invoice by mail'`);
  const t0 = Date.now();
  await bench.getByRole('button', { name: 'Apply' }).click();
  await expect(bench.getByRole('status').filter({ hasText: 'Version 2' })).toBeVisible();
  await expect.poll(() => svgLabelText(page), { timeout: 15_000 }).toContain('Receivetheinvoicebymail');
  console.log(`refine → redrawn diagram: ${Date.now() - t0} ms`);
  await box.fill(`add step 'Archive invoice copy' after '${last.name}'`);
  await bench.getByRole('button', { name: 'Apply' }).click();
  await expect(bench.getByRole('status').filter({ hasText: 'Version 3' })).toBeVisible();
  await expect(bench.getByRole('status')).toContainText("Added step \"Archive invoice copy\" after");
  await snap(page, 'versions-refined-1440', false);
  await box.fill('delete the moon');
  await bench.getByRole('button', { name: 'Apply' }).click();
  await expect(bench.getByRole('alert')).toContainText('There is no step, decision or event called');
  // Undo the last refinement: a new version equal to version 2.
  await box.fill(`delete 'Archive invoice copy'`);
  await bench.getByRole('button', { name: 'Apply' }).click();
  await expect(bench.getByRole('status').filter({ hasText: 'Version 4' })).toBeVisible();
  await bench.getByRole('button', { name: 'Undo' }).click();
  await expect(bench.getByRole('status').filter({ hasText: 'Undone' })).toBeVisible();

  // The SIPOC tab follows the latest version.
  await page.getByRole('tab', { name: 'SIPOC' }).click();
  await expect(page.getByTestId('sipoc-table')).toContainText('Archive invoice copy');
  await expect(page.getByTestId('sipoc-table')).toContainText('Receive the invoice by mail');

  // Edit in the modeller: rename a task in place, save.
  await page.getByRole('tab', { name: 'Process Model' }).click();
  const saveT0 = Date.now();
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  const shape = editor.locator(`.djs-element[data-element-id="${last.id}"]`);
  await expect(shape).toBeAttached({ timeout: 30_000 });
  await shape.dblclick();
  const editing = page.locator('.djs-direct-editing-parent');
  await expect(editing).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Pay the supplier');
  await editor.locator('.djs-container svg').first().click({ position: { x: 5, y: 5 } });
  await snap(page, 'versions-editing-1440', false);
  const saveStart = Date.now();
  await editor.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByTestId('model-workbench').getByRole('status').filter({ hasText: 'Saved as version 6' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Process Items' }).click();
  await expect(page.getByTestId('process-items')).toContainText('Pay the supplier');
  console.log(`save → re-rendered tabs: ${Date.now() - saveStart} ms (edit session ${saveStart - saveT0} ms)`);
  expect(await download(page, 'bpmn')).toContain('Pay the supplier');

  // Two editors on the same base: the second save is refused, nothing overwritten.
  const xml = (await apiCall(page, 'GET', `/api/analyses/${id}/versions/6`)).json.bpmn_xml as string;
  const stale = await apiCall(page, 'POST', `/api/analyses/${id}/versions`, { base_version: 5, bpmn_xml: xml });
  expect(stale.status).toBe(409);
  expect(String(stale.json.detail)).toContain('Reload');

  // Versions: compare highlights the changes, restore brings version 1 back.
  await page.getByRole('tab', { name: 'Process Model' }).click();
  // Scoped to the result: the Recent list beside it holds cards named after processes too.
  await page.getByTestId('analysis-results').getByRole('button', { name: /^Versions/ }).click();
  const list = page.locator('.az-version-list');
  await expect(list.locator('li')).toHaveCount(6);
  await list.locator('li').last().getByRole('button', { name: 'Compare with current' }).click();
  await expect(page.locator('.bpmn-changed').first()).toBeAttached({ timeout: 15_000 });
  // Issue 25: the compared view opens on what changed, not at the top-left.
  await page.waitForTimeout(700); // the viewer's second fit, ~500 ms after import
  const centred = await page.evaluate(() => {
    const canvas = document.querySelector('.bpmn-canvas')!.getBoundingClientRect();
    const boxes = [...document.querySelectorAll('.bpmn-canvas .bpmn-changed')].map((e) => e.getBoundingClientRect());
    const cx = (Math.min(...boxes.map((b) => b.left)) + Math.max(...boxes.map((b) => b.right))) / 2;
    const cy = (Math.min(...boxes.map((b) => b.top)) + Math.max(...boxes.map((b) => b.bottom))) / 2;
    return { dx: Math.abs(cx - (canvas.left + canvas.width / 2)) / canvas.width, dy: Math.abs(cy - (canvas.top + canvas.height / 2)) / canvas.height };
  });
  expect(centred.dx, 'changes near the middle horizontally').toBeLessThan(0.35);
  expect(centred.dy, 'changes centred vertically').toBeLessThan(0.1);
  // Issue 25 (second sweep): every change wholly inside the canvas, and the headers of its lane and
  // pool (the pool's left edge) in view and on top, where the model fits in width at 1440 px.
  const header = await page.evaluate(() => {
    const canvas = document.querySelector('.bpmn-canvas')!.getBoundingClientRect();
    const changed = [...document.querySelectorAll('.bpmn-canvas .bpmn-changed')].map((e) => e.getBoundingClientRect()).filter((b) => b.width + b.height > 0);
    const outside = changed.filter((b) => b.left < canvas.left - 1 || b.right > canvas.right + 1 || b.top < canvas.top - 1 || b.bottom > canvas.bottom + 1).length;
    const pools = [...document.querySelectorAll<SVGGElement>('.bpmn-canvas .djs-shape[data-element-id^="Participant"], .bpmn-canvas .djs-shape[data-element-id^="Lane"]')];
    const mid = changed.length ? (Math.min(...changed.map((b) => b.top)) + Math.max(...changed.map((b) => b.bottom))) / 2 : 0;
    // The pool or lane the changes sit in: its header strip (the left 30 px of the shape, scaled).
    const holders = pools.map((p) => ({ id: p.dataset.elementId ?? '', r: p.querySelector('.djs-hit, .djs-visual > rect')!.getBoundingClientRect() })).filter(({ r }) => r.top <= mid && mid <= r.bottom);
    const hits = holders.map(({ id, r }) => {
      const x = r.left + 4;
      const y = Math.min(Math.max(mid, canvas.top + 45), canvas.bottom - 45);
      const hit = document.elementFromPoint(x, y)?.closest<SVGGElement>('.djs-element')?.dataset.elementId;
      return { id, inView: x >= canvas.left && x <= canvas.right, hit };
    });
    return { changed: changed.length, outside, pools: pools.length, hits };
  });
  expect(header.changed, 'changes drawn').toBeGreaterThan(0);
  expect(header.outside, 'changes outside the canvas').toBe(0);
  if (header.pools > 0) {
    expect(header.hits.length, 'pools or lanes holding the change').toBeGreaterThan(0);
    expect(header.hits.filter((h) => !h.inView || !h.hit), 'pool or lane headers cut off at the left or covered').toEqual([]);
  }
  await snap(page, 'versions-compare-1440', false);
  await list.locator('li').last().getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('model-workbench').getByRole('status').filter({ hasText: 'Version 1 restored' })).toBeVisible();
  const restored = (await apiCall(page, 'GET', `/api/document/${id}`)).json;
  expect(restored.version).toBe(7);
  expect(restored.formatted_text).toBe(originalText);

  // Source: sentences of the document with their elements, and the reverse.
  await page.getByRole('button', { name: 'Source' }).click();
  await expect(page.getByTestId('source-coverage')).toContainText('%');
  const covered = page.locator('.az-source-list li.is-covered').first();
  await covered.locator('.az-source-sentence').click();
  await expect(page.locator('[data-testid="bpmn-canvas"] .bpmn-changed').first()).toBeAttached({ timeout: 15_000 });
  await page.locator(`[data-testid="bpmn-canvas"] .djs-element[data-element-id="${first.id}"]`).click();
  await expect(page.locator('.az-source-list li.is-active')).toHaveCount(1);
  await snap(page, 'versions-source-1440', false);
  // Missed sentences that can become a task (a title or heading is listed without the button).
  const missed = page.locator('.az-source-list li.is-missed').filter({ has: page.getByRole('button', { name: 'Make a task' }) });
  if ((await missed.count()) > 0) {
    const before = (await apiCall(page, 'GET', `/api/document/${id}`)).json.version as number;
    await missed.first().getByRole('button', { name: 'Make a task' }).click();
    await expect.poll(async () => (await apiCall(page, 'GET', `/api/document/${id}`)).json.version, { timeout: 15_000 }).toBe(before + 1);
  }

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('tab', { name: 'Process Model' }).scrollIntoViewIfNeeded();
  await expectTappable(page, page.getByRole('button', { name: 'Refine in words' }), 'Refine in words at 375 px');
  await snap(page, 'versions-375', false);
  // Issue 25 (second sweep): the Source list at 375 px keeps "1 element" on one line, and no sentence breaks inside a word.
  if (!(await page.locator('.az-source-list').isVisible())) await page.getByRole('button', { name: 'Source' }).click();
  const sourceList = page.locator('.az-source-list');
  await expect(sourceList.locator('.az-badge').first()).toBeVisible();
  await sourceList.scrollIntoViewIfNeeded();
  expect(await textBreaks(sourceList, '.az-badge, .btn', true), 'Source list tags and buttons at 375 px').toEqual([]);
  expect(await textBreaks(sourceList, '.az-source-sentence'), 'Source list sentences at 375 px').toEqual([]);
  const overflow = await sourceList.evaluate((l) => [...l.querySelectorAll('li')].filter((li) => li.scrollWidth > li.clientWidth + 1).length);
  expect(overflow, 'Source list rows wider than the list at 375 px').toBe(0);
  await snap(page, 'versions-source-375', false);
});
