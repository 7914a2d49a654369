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

/** Samples the stage text until the results show; returns every distinct stage seen. */
export async function watchStages(page: Page, timeoutMs = 90_000): Promise<string[]> {
  const seen: string[] = [];
  const stage = page.getByTestId('analysis-stage');
  const results = page.getByTestId('analysis-results');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await results.isVisible().catch(() => false)) return seen;
    const t = await stage.textContent({ timeout: 200 }).catch(() => null);
    if (t && seen.at(-1) !== t) seen.push(t);
    const alert = page.getByRole('alert');
    if (await alert.first().isVisible().catch(() => false)) {
      throw new Error(`analysis failed: ${await alert.first().textContent()}`);
    }
    await page.waitForTimeout(150);
  }
  throw new Error(`no results after ${timeoutMs} ms; stages seen: ${seen.join(' | ')}`);
}
