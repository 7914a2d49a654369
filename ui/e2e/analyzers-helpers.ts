import { expect, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptCookies, appReady, signIn } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** Repository root (ui/e2e → ../..). */
export const repoRoot = join(here, '..', '..');
/** Shared test data, beside the repository. */
export const testdata = join(repoRoot, '..', 'shared', 'testdata');
/** Downloads and generated inputs of the analyzer journeys. */
export const filesDir = join(here, 'artifacts', 'files');
mkdirSync(filesDir, { recursive: true });

/** Signs in as email and, for users with several accounts, picks the first account. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await appReady(page);
  await acceptCookies(page);
  await signIn(page, email);
  if (/\/account$/.test(page.url())) {
    const dialog = page.getByRole('dialog', { name: 'Select Your Account' });
    await dialog.locator('.account-card').first().click();
    await expect(page).not.toHaveURL(/\/account$/, { timeout: 15_000 });
  }
}

/** A short process description the builtin analyzer understands. */
export function writeProcessTxt(name = 'invoice-process.txt'): string {
  const path = join(filesDir, name);
  writeFileSync(
    path,
    [
      'Invoice approval procedure.',
      'The clerk receives the supplier invoice by email.',
      'The clerk enters the invoice in the ERP system.',
      'If the amount exceeds 1000 EUR, the manager approves the invoice.',
      'The accountant pays the invoice through the banking portal.',
      'The accountant archives the invoice.',
    ].join('\n'),
  );
  return path;
}

/**
 * Renders a small flow chart (start, three labelled boxes, end) in the
 * browser and saves it as PNG, so the image journey needs no binary fixture.
 */
export async function makeDiagramPng(page: Page, labels: string[]): Promise<string> {
  const boxes = labels
    .map((l) => `<div class="box">${l}</div><div class="arrow">&#8594;</div>`)
    .join('');
  await page.setViewportSize({ width: 1400, height: 400 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">
    <div id="d" style="display:flex;align-items:center;gap:24px;padding:60px;font:bold 30px Arial, sans-serif;background:#fff;width:max-content">
      <div class="circle">Start</div><div class="arrow">&#8594;</div>${boxes}<div class="circle">End</div>
    </div>
    <style>.box{border:3px solid #000;padding:28px 30px;border-radius:10px}.circle{border:3px solid #000;border-radius:50%;padding:30px 20px}.arrow{font-size:40px}</style>
    </body></html>`);
  const path = join(filesDir, 'diagram.png');
  await page.locator('#d').screenshot({ path });
  return path;
}

/** Text of every label in the rendered BPMN SVG, whitespace removed (bpmn-js wraps labels into lines). */
export async function svgLabelText(page: Page): Promise<string> {
  return (await page.locator('[data-testid="bpmn-canvas"] svg').first().evaluate((svg) => svg.textContent ?? '')).replace(/\s+/g, '');
}

/** Records every stage text the page shows (MutationObserver), from now on. */
export async function recordStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __stages: string[] };
    w.__stages = [];
    const read = () => {
      const t = document.querySelector('[data-testid="analysis-stage"]')?.textContent;
      if (t && w.__stages.at(-1) !== t) w.__stages.push(t);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Waits for the results (or fails on an error panel); returns the stage texts recordStages saw. */
export async function watchStages(page: Page, timeoutMs = 120_000): Promise<string[]> {
  const results = page.getByTestId('analysis-results');
  const alert = page.locator('.upload-error');
  const dialog = page.getByRole('dialog');
  await expect(results.or(alert).or(dialog).first()).toBeVisible({ timeout: timeoutMs });
  if (await alert.isVisible()) throw new Error(`analysis failed: ${await alert.textContent()}`);
  if (await dialog.isVisible()) throw new Error(`analysis refused: ${await dialog.textContent()}`);
  return page.evaluate(() => (window as unknown as { __stages?: string[] }).__stages ?? []);
}
