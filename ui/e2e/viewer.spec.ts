import { expect, test, type Page } from './fixtures';
import { expectTappable, shapeText, snap } from './helpers';
import { signInAs } from './analyzers-helpers';

// Issue 13.2: the diagram opens readable. A long process must not open as a
// strip of 5 px text running off the right edge with nothing saying so.

test.setTimeout(180_000);

const roles = ['clerk', 'manager', 'accountant', 'buyer'];
function longProcess(steps: number): string {
  const lines = ['Purchase to pay procedure.'];
  for (let i = 1; i <= steps; i++) lines.push(`The ${roles[i % roles.length]} completes purchasing step ${i} in the ERP system.`);
  return lines.join('\n');
}
const SHORT = ['Leave request.', 'The employee submits the leave request.', 'The manager approves the request.'].join('\n');

/** Uploads a TXT through the API and waits until its diagram exists. */
async function analyse(page: Page, name: string, text: string): Promise<string> {
  const up = await page.request.post('/api/analyze', {
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  expect(up.status()).toBe(202);
  const { id } = (await up.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/check-graph/${id}`)).json()) as { exists: boolean }).exists, {
      timeout: 120_000,
    })
    .toBe(true);
  return id;
}

/** Opens an analysis from the Recent list and shows its Process Model tab. */
async function openModel(page: Page, id: string) {
  await page.goto('/document-analyzer');
  await page.locator(`[data-testid="recent-item"][data-id="${id}"]`).click();
  await page.getByRole('tab', { name: 'Process Model' }).click();
  await expect(page.locator('.bpmn-canvas .djs-element').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Zoom In' })).toBeEnabled();
  await page.waitForTimeout(700); // the spec's second fit, ~500 ms after import
}

/** The diagram's scale on screen and the smallest text size among labels inside the canvas, in CSS px. */
async function measure(page: Page) {
  return shapeText(page.locator('.bpmn-canvas'));
}

/**
 * Steps, events, gateways and labels the open overview (minimap) is drawn
 * over, by hit-testing: a point of such a shape inside the canvas where the
 * overview is on top. Pools and lanes (SPADE names them Participant_ and
 * Lane_) frame the steps: the overview over their empty area hides nothing.
 */
async function underOverview(page: Page) {
  return page.evaluate(() => {
    const map = document.querySelector('.bpmn-stage .djs-minimap.open');
    if (!map) return [];
    const m = map.getBoundingClientRect();
    const c = document.querySelector('.bpmn-canvas')!.getBoundingClientRect();
    const hidden: string[] = [];
    document.querySelectorAll('.bpmn-canvas .djs-shape[data-element-id]').forEach((s) => {
      const id = s.getAttribute('data-element-id')!;
      if (/^(Participant|Lane)_/.test(id)) return;
      const r = s.getBoundingClientRect();
      const left = Math.max(r.left, m.left, c.left);
      const right = Math.min(r.right, m.right, c.right);
      const top = Math.max(r.top, m.top, c.top);
      const bottom = Math.min(r.bottom, m.bottom, c.bottom);
      if (left >= right || top >= bottom) return;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && map.contains(hit)) hidden.push(id);
    });
    return hidden;
  });
}

/** Shapes (and flows) whose box leaves the canvas; status-bar cues that overlap a shape. */
async function inside(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.bpmn-canvas')!.getBoundingClientRect();
    const shapes = [...document.querySelectorAll('.bpmn-canvas .djs-shape, .bpmn-canvas .djs-connection')].map((e) => e.getBoundingClientRect());
    const outside = shapes.filter((r) => r.left < canvas.left - 0.5 || r.top < canvas.top - 0.5 || r.right > canvas.right + 0.5 || r.bottom > canvas.bottom + 0.5).length;
    const covering = [...document.querySelectorAll('.bpmn-cue')]
      .map((c) => c.getBoundingClientRect())
      .filter((c) => shapes.some((r) => c.left < Math.min(r.right, canvas.right) && c.right > Math.max(r.left, canvas.left) && c.top < Math.min(r.bottom, canvas.bottom) && c.bottom > Math.max(r.top, canvas.top))).length;
    return { outside, covering };
  });
}

test('a long diagram opens fitted, zooms to read in one click, says it continues, zooms quickly and keeps the zoom', async ({ page }) => {
  // ops@ has the Standard plan (no daily limit), so this journey never competes with the trial users' 5 a day.
  await signInAs(page, 'ops@example.com');
  const longId = await analyse(page, 'long-purchase.txt', longProcess(30));
  const shortId = await analyse(page, 'short-leave.txt', SHORT);

  // Issue 25: it opens fitted (every shape inside the canvas, no cue, no overview on top);
  // the readable scale of issue 13 is one click away ("Zoom to read").
  await openModel(page, longId);
  const whole = await inside(page);
  expect(whole.outside, 'shapes outside the canvas').toBe(0);
  await expect(page.getByRole('button', { name: 'continues →' })).toHaveCount(0);
  await expect(page.locator('.bpmn-stage .djs-minimap.open')).toHaveCount(0);
  await snap(page, 'viewer-long-fitted-1440', false);
  const toRead = page.getByRole('button', { name: 'Zoom to read' });
  await expectTappable(page, toRead, 'zoom to read');
  await toRead.click();
  const first = await measure(page);
  expect(first.visible).toBeGreaterThan(3);
  expect(first.smallest, 'smallest label on screen, px').toBeGreaterThanOrEqual(8.99);
  const cue = page.getByRole('button', { name: 'continues →' });
  await expectTappable(page, cue, 'continues cue');
  expect((await inside(page)).covering, 'cues over shapes').toBe(0);
  // The app opens the overview after Zoom to read unless it would be drawn over a step or a
  // label (it opened over them before): whether it stays open depends on where the shapes fall
  // under its corner, so either it is open over none of them, or it is closed with its toggle.
  const map = page.locator('.bpmn-stage .djs-minimap.open');
  await expect(page.getByRole('button', { name: /^(Hide|Show) overview$/ })).toBeVisible();
  const mapOpen = (await map.count()) > 0;
  if (mapOpen) expect(await underOverview(page), 'shapes under the overview after Zoom to read').toEqual([]);
  await page.locator('.bpmn-stage').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, 'viewer-long-1440', false);

  // The overview's toggle is reached with Tab from the toolbar and works with Enter and Space.
  const hide = page.getByRole('button', { name: 'Hide overview' });
  const show = page.getByRole('button', { name: 'Show overview' });
  const toggle = mapOpen ? hide : show;
  await page.getByRole('button', { name: 'Help', exact: true }).focus();
  for (let i = 0; i < 12 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(map).toHaveCount(mapOpen ? 0 : 1);
  const back = mapOpen ? show : hide;
  await expect(back).toBeFocused();
  await expect(back).toHaveAttribute('aria-expanded', mapOpen ? 'false' : 'true');
  await page.keyboard.press(' ');
  await expect(map).toHaveCount(mapOpen ? 1 : 0);
  await expect(toggle).toHaveAttribute('aria-expanded', mapOpen ? 'true' : 'false');

  // The cue brings the next part into view.
  const before = await page.evaluate(() => (document.querySelector('.bpmn-canvas .viewport') as SVGGElement).getScreenCTM()!.e);
  await cue.click();
  const after = await page.evaluate(() => (document.querySelector('.bpmn-canvas .viewport') as SVGGElement).getScreenCTM()!.e);
  expect(after).toBeLessThan(before - 200);
  await expect(page.getByRole('button', { name: '← continues' })).toBeVisible();

  // Keyboard zoom: three presses of + zoom by about 2x; 0 shows 100 %.
  await page.locator('.bpmn-canvas svg').first().click({ position: { x: 10, y: 10 } });
  const s0 = (await measure(page)).scale;
  for (let i = 0; i < 3; i++) await page.keyboard.press('+');
  expect((await measure(page)).scale / s0).toBeCloseTo(1.25 ** 3, 1);
  await page.keyboard.press('0');
  expect((await measure(page)).scale).toBeCloseTo(1, 2);
  await page.getByRole('button', { name: 'Fit Content' }).click();
  const fitted = (await measure(page)).scale;
  expect(fitted).toBeLessThan(0.8);
  await page.getByRole('button', { name: 'Zoom to 100 %' }).click();
  expect((await measure(page)).scale).toBeCloseTo(1, 2);

  // Ctrl + wheel reaches a readable size from the fitted overview in a few notches.
  await page.getByRole('button', { name: 'Fit Content' }).click();
  await page.locator('.bpmn-stage').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const box = (await page.locator('.bpmn-stage').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(async () => (await measure(page)).scale).toBeGreaterThan(fitted * 1.8);

  // The zoom is kept per analysis for the session.
  await page.getByRole('button', { name: 'Zoom to 100 %' }).click();
  await openModel(page, shortId);
  const short = await measure(page);
  expect(short.smallest).toBeGreaterThanOrEqual(8.99);
  await expect(page.getByRole('button', { name: 'continues →' })).toHaveCount(0);
  await expect(page.locator('.bpmn-stage .djs-minimap.open')).toHaveCount(0);
  await snap(page, 'viewer-short-1440', false);
  await openModel(page, longId);
  expect((await measure(page)).scale).toBeCloseTo(1, 2);

  // Mobile: fitted whole, the 30-step row was a 260 × 30 px strip of 0.55 px text (5 %), nothing a
  // person can read or tell apart; it opens readable at its start like the field book
  // (MIN_OVERVIEW_TEXT_PX in bpmn-view.ts), the cues say it goes on and Whole diagram shows it all.
  await page.evaluate(() => sessionStorage.clear());
  await page.setViewportSize({ width: 375, height: 812 });
  await openModel(page, longId);
  const opened = await measure(page);
  expect(opened.visible, 'labels on screen at 375 px').toBeGreaterThan(2);
  expect(opened.smallest, 'smallest label on screen at 375 px, px').toBeGreaterThanOrEqual(8.99);
  expect((await inside(page)).covering, 'cues over shapes at 375 px').toBe(0);
  await expect(page.locator('.bpmn-stage .djs-minimap.open')).toHaveCount(0);
  await page.locator('.bpmn-stage').scrollIntoViewIfNeeded();
  await snap(page, 'viewer-long-start-375', false);
  const wholeCue = page.getByRole('button', { name: 'Whole diagram' });
  await expectTappable(page, wholeCue, 'Whole diagram at 375 px');
  await wholeCue.click();
  expect((await inside(page)).outside, 'shapes outside the canvas after Whole diagram at 375 px').toBe(0);
  await page.locator('.bpmn-stage').scrollIntoViewIfNeeded();
  await snap(page, 'viewer-long-fitted-375', false);
  await page.getByRole('button', { name: 'Zoom to read' }).click();
  expect((await measure(page)).smallest).toBeGreaterThanOrEqual(8.99);
  await expect(page.locator('.bpmn-stage .djs-minimap.open')).toHaveCount(0);
  await page.getByRole('button', { name: 'continues →' }).scrollIntoViewIfNeeded();
  await expectTappable(page, page.getByRole('button', { name: 'continues →' }), 'continues cue 375');
  await snap(page, 'viewer-long-375', false);

  // The editor follows the viewer's first view: on a phone the 30-step row opens readable at its start, right of the palette.
  await page.getByRole('button', { name: 'Edit diagram' }).click();
  const editor = page.getByTestId('bpmn-editor');
  await expect(editor.locator('.djs-shape').first()).toBeVisible({ timeout: 60_000 });
  const editorScale = await editor.locator('svg .viewport').first().evaluate((g) => (g as SVGGElement).getScreenCTM()!.a);
  expect(editorScale, 'the editor\'s opening zoom at 375 px (names at 9 px or more)').toBeGreaterThanOrEqual(9 / 11 - 0.001);
  const firstStep = await editor.evaluate((root) => {
    const c = root.querySelector('[data-testid="bpmn-editor-canvas"]')!.getBoundingClientRect();
    const palette = root.querySelector('.djs-palette')!.getBoundingClientRect();
    // The start event: of the events (circles), the one nearest the diagram's top-left corner.
    const events = [...root.querySelectorAll('.djs-shape[data-element-id]')].filter((s) => s.querySelector(':scope > .djs-visual > circle'));
    const box = (s: Element) => s.getBoundingClientRect();
    const r = events.map(box).sort((a, b) => a.left + a.top - (b.left + b.top))[0];
    return { clearOfPalette: r.left > palette.right, inside: r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom };
  });
  expect(firstStep, 'the start event in the editor at 375 px').toEqual({ clearOfPalette: true, inside: true });
  await editor.getByTestId('bpmn-editor-canvas').scrollIntoViewIfNeeded();
  await snap(page, 'editor-long-start-375', false);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit diagram' })).toBeVisible();

  // Issue 13.4: the Formats menu closes on Escape, a tap outside and a choice.
  const formats = page.getByRole('button', { name: 'Formats ▾' });
  const txt = page.getByTestId('export-txt');
  await formats.click();
  await expectTappable(page, txt, 'Formats → TXT');
  await page.keyboard.press('Escape');
  await expect(txt).toHaveCount(0);
  await formats.click();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(txt).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await formats.click();
  const [dl] = await Promise.all([page.waitForEvent('download'), txt.click()]);
  expect(dl.suggestedFilename()).toMatch(/\.txt$/);
  await expect(txt).toHaveCount(0);
});

test('results keep the Recent list alongside; a phone scrolls to the result; file names wrap at separators', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  const id = await analyse(page, 'short-leave.txt', SHORT);
  // A broken upload fails; its card names the file.
  const bad = await page.request.post('/api/analyze', {
    multipart: {
      file: {
        name: 'expense_process_quarterly_review_final.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from('PK\x03\x04garbage-not-a-zip'),
      },
    },
  });
  expect(bad.status()).toBe(202);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openModel(page, id);
  const results = (await page.getByTestId('analysis-results').boundingBox())!;
  const recent = page.locator('.az-recent');
  await expect(recent).toBeVisible();
  const side = (await recent.boundingBox())!;
  expect(side.x, 'Recent list beside the result').toBeGreaterThanOrEqual(results.x + results.width);
  await snap(page, 'result-with-recent-1440', false);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/document-analyzer');
  const card = page.locator(`[data-testid="recent-item"][data-id="${id}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.click();
  const res = page.getByTestId('analysis-results');
  await expect(res).toBeVisible();
  await expect
    .poll(async () => (await res.boundingBox())!.y, { message: 'result top in view below the header' })
    .toBeGreaterThanOrEqual(60);
  expect((await res.boundingBox())!.y).toBeLessThan(812 / 2);

  // Every piece between separators stays on one line: no "…final.do / cx".
  await page.goto('/document-analyzer');
  const name = page.locator('.az-recent-name', { hasText: 'expense_' }).first();
  await expect(name).toBeVisible({ timeout: 30_000 });
  const broken = await name.evaluate((el) =>
    [...el.querySelectorAll(':scope > span')].filter((s) => s.getClientRects().length > 1).map((s) => s.textContent),
  );
  expect(broken).toEqual([]);
  await name.scrollIntoViewIfNeeded();
  await snap(page, 'recent-failed-name-375', false);
});
