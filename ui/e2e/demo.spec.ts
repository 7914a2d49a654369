import { expect, test } from './fixtures';
import { acceptCookies, appReady, diagramFit, expectTappable, snap, textBreaks } from './helpers';

const processText = `Purchase order approval process.
The requester fills in a purchase request in the ERP system and submits it to their team lead.
The team lead reviews the request. If the amount is below 5,000 USD the team lead approves it directly.
If the amount is 5,000 USD or more, the finance manager must also approve the request.
After approval, the procurement officer creates a purchase order and sends it to the supplier.
The supplier confirms the order by email. The procurement officer records the confirmation in the ERP system.
When the goods arrive, the warehouse clerk checks them against the purchase order and books the goods receipt.
`;

test('anonymous demo: upload a document and see the diagram', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await appReady(page);
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Try Now!' }).click();
  await page.getByTestId('document-input').setInputFiles({
    name: 'purchase-approval.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(processText),
  });
  await expect(page.getByTestId('document-file')).toContainText('purchase-approval.txt');
  await page.getByTestId('demo-document').getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await snap(page, 'demo-analyzing-1440');

  await expect(page.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 150_000 });
  const generate = page.getByRole('button', { name: 'Generate Process Model' });
  if (await generate.isVisible().catch(() => false)) await generate.click();
  const canvas = page.getByTestId('bpmn-canvas');
  await expect(canvas.locator('svg .djs-element').first()).toBeAttached({ timeout: 150_000 });
  await expect(canvas.locator('.bjs-powered-by')).toBeVisible();
  await expect(page.getByText('View Only')).toBeVisible();
  // Issue 25: the demo opens fitted, the whole model inside the canvas, no cue over a shape.
  await expect(page.getByTestId('bpmn-statusbar')).toContainText('%', { timeout: 15_000 });
  await expect.poll(async () => (await diagramFit(canvas)).outside, { message: 'shapes outside the demo canvas at 1440 px' }).toBe(0);
  const wide = await diagramFit(canvas);
  expect(wide.shapes).toBeGreaterThan(5);
  expect(wide.covering, 'cues over shapes at 1440 px').toBe(0);
  await snap(page, 'demo-result-1440');

  await page.getByRole('button', { name: 'BPMN Export' }).click();
  await expect(page.getByRole('heading', { name: 'Register to Export' })).toBeVisible();

  // The same device on the same day sees its previous result.
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Previous Analysis Result' })).toBeVisible();

  // On a phone the previous result opens fitted too: every shape inside, the overview closed.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Previous Analysis Result' })).toBeVisible();
  await expect(canvas.locator('svg .djs-element').first()).toBeAttached({ timeout: 30_000 });
  await expect(page.getByTestId('bpmn-statusbar')).toContainText('%', { timeout: 15_000 });
  await expect.poll(async () => (await diagramFit(canvas)).outside, { message: 'shapes outside the demo canvas at 375 px' }).toBe(0);
  const narrow = await diagramFit(canvas);
  expect(narrow.shapes).toBe(wide.shapes);
  expect(narrow.covering, 'cues over shapes at 375 px').toBe(0);
  await expect(canvas.locator('.djs-minimap.open')).toHaveCount(0);
  // Issue 25 (second sweep): the toolbar fits in two rows at 375 px, Full screen and Help under More
  // (Help sat alone on a third row); every control inside the screen and on top where it is drawn.
  const bar = page.getByRole('toolbar', { name: 'Diagram controls' });
  const rows = await bar.evaluate((b) => {
    const tops = [...b.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => Math.round(r.top));
    return [...new Set(tops)].sort((a, z) => a - z).filter((t, i, all) => i === 0 || t - all[i - 1] > 4).length;
  });
  expect(rows, 'toolbar rows at 375 px').toBeLessThanOrEqual(2);
  for (const b of await bar.getByRole('button').all()) await expectTappable(page, b, `toolbar: ${(await b.textContent())?.trim()} at 375 px`);
  expect(await textBreaks(bar, '.btn', true), 'toolbar labels at 375 px').toEqual([]);
  await bar.getByRole('button', { name: /^More/ }).click();
  const menu = page.getByRole('menu', { name: 'More diagram tools' });
  await expect(menu.getByRole('menuitemcheckbox')).toHaveText(['Full screen', 'Help']);
  for (const item of await menu.getByRole('menuitemcheckbox').all()) await expectTappable(page, item, `More: ${(await item.textContent())?.trim()} at 375 px`);
  await snap(page, 'demo-toolbar-more-375', false);
  await menu.getByRole('menuitemcheckbox', { name: 'Help' }).click();
  await expect(page.locator('.bpmn-help')).toBeVisible();
  await canvas.scrollIntoViewIfNeeded();
  await snap(page, 'demo-result-375', false);
});

test('demo validation messages', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await acceptCookies(page);
  await page.getByTestId('demo-image').getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByText('Please select an image file to analyze.')).toBeVisible();
  await page.getByTestId('document-input').setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(11 * 1024 * 1024, 1),
  });
  await expect(page.getByRole('heading', { name: 'File Too Large' })).toBeVisible();
  await expect(page.getByText('File size (11.0MB) exceeds 10MB limit')).toBeVisible();
});
