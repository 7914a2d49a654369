import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Where the frames go (scripts/record-demo.sh encodes them). */
const framesDir = process.env.SPADE_FRAMES_DIR || join(process.cwd(), 'e2e', 'artifacts', 'record', 'frames');
/** Frames per second of the film. */
const FPS = 8;

// The product's own landing demo, as a visitor sees it: upload a process
// description → the analysis stages → the diagram. Paced for a viewer.

const processText = `Expense claim process.
The employee fills in the expense claim form and attaches the receipts.
The team lead reviews the claim. If the amount is above 500 EUR, the finance manager also approves it.
The accountant checks the receipts against the policy and books the claim in SAP.
The payroll officer pays the expenses with the next salary.
`;

test('landing demo', async ({ page }) => {
  rmSync(framesDir, { recursive: true, force: true });
  mkdirSync(framesDir, { recursive: true });
  let n = 0;
  let filming = true;
  // One frame per 1/FPS s of wall time, so the film runs at the real pace.
  const film = (async () => {
    const start = Date.now();
    while (filming) {
      const due = start + (n * 1000) / FPS;
      if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
      await page
        .screenshot({ path: join(framesDir, `frame-${String(n).padStart(5, '0')}.png`) })
        .catch(() => undefined);
      n++;
    }
  })();
  await page.goto('/');
  await expect(page.getByText('Loading application...')).toHaveCount(0, { timeout: 15_000 });
  const ok = page.getByRole('button', { name: 'I understand' });
  if (await ok.isVisible().catch(() => false)) await ok.click();
  await page.waitForTimeout(1200);
  await page.getByRole('button', { name: 'Try Now!' }).click();
  await page.waitForTimeout(1200);
  await page.getByTestId('document-input').setInputFiles({
    name: 'expense-claim.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(processText),
  });
  await page.waitForTimeout(1000);
  await page.getByTestId('demo-document').getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 150_000 });
  const generate = page.getByRole('button', { name: 'Generate Process Model' });
  if (await generate.isVisible().catch(() => false)) await generate.click();
  const canvas = page.getByTestId('bpmn-canvas');
  await expect(canvas.locator('svg .djs-element').first()).toBeAttached({ timeout: 150_000 });
  await canvas.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelector('.bpmn-viewer')?.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(4000);
  filming = false;
  await film;
});
