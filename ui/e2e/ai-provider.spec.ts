import { expect, test, type Browser } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, signInAs } from './analyzers-helpers';
import { snap } from './helpers';

// The paying user's AI-provider journey (issue 14) against a `spade serve`
// of its own whose Gemini endpoint is a local server speaking Gemini's wire
// format: a wrong key is refused when saved, a good one accepted, and an
// analysis that the provider rate-limits twice shows the retry, then the
// result. The shared e2e server runs the builtin analyzer, so this journey
// starts its own.

const goodKey = 'AIza-e2e-good-key-4242';
const answer = readFileSync(join(repoRoot, 'pkg', 'llm', 'testdata', 'claim-answer.json'), 'utf8');

let fake: Server;
let serve: ChildProcess;
let base = '';
let dataDir = '';
let generateCalls = 0;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function freePort(): Promise<number> {
  const s = createServer();
  return listen(s).then((p) => new Promise((resolve) => s.close(() => resolve(p))));
}

test.beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      const key = req.headers['x-goog-api-key'];
      if (req.method === 'GET' && req.url?.startsWith('/v1beta/models/')) {
        // models.get: what SPADE asks when a key is saved.
        if (key === goodKey) {
          res.end(JSON.stringify({ name: 'models/gemini-2.0-flash', displayName: 'Gemini 2.0 Flash' }));
          return;
        }
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
              details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
            },
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url?.includes(':generateContent')) {
        generateCalls++;
        if (generateCalls <= 2) {
          res.statusCode = 429;
          res.setHeader('Retry-After', '4');
          res.end(JSON.stringify({ error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } }));
          return;
        }
        res.end(
          JSON.stringify({
            candidates: [{ content: { role: 'model', parts: [{ text: answer }] }, finishReason: 'STOP', index: 0 }],
            usageMetadata: { promptTokenCount: 2100, candidatesTokenCount: 3400, totalTokenCount: 5500 },
            modelVersion: 'gemini-2.0-flash-001',
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  const fakePort = await listen(fake);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'spade-e2e-ai-'));
  serve = spawn(join(repoRoot, 'bin', 'spade'), ['serve'], {
    env: {
      ...process.env,
      SPADE_ADDR: `127.0.0.1:${port}`,
      SPADE_PUBLIC_URL: base,
      SPADE_DATA_DIR: dataDir,
      SPADE_UI_DIR: join(repoRoot, 'ui', 'dist'),
      SPADE_CACHE_DIR: join(tmpdir(), 'spade-test-cache'),
      SPADE_LLM_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'system-key-e2e',
      SPADE_LLM_BASE_URL: `http://127.0.0.1:${fakePort}`,
      SPADE_LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('spade serve did not start');
});

test.afterAll(async () => {
  serve?.kill('SIGTERM');
  await new Promise((r) => fake?.close(r));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function pageOn(browser: Browser) {
  const context = await browser.newContext({ baseURL: base });
  return context.newPage();
}

test('expired user: a wrong key is refused, a good key accepted; a rate-limited analysis shows the retry, then the result', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await pageOn(browser);
  await signInAs(page, 'expired@example.com');
  await page.goto('/settings');
  await expect(page.getByTestId('trial-status')).toHaveText('Expired');

  await page.getByRole('button', { name: 'Add API Key' }).click();
  const input = page.getByLabel('API key');
  await input.fill('AIza-e2e-wrong-key-0000');
  await input.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Gemini rejected this key: API key not valid');
  await snap(page, 'settings-key-refused-1440');

  await input.fill(goodKey);
  await input.press('Enter');
  await expect(page.getByTestId('masked-key')).toContainText('4242');
  const saved = page.getByRole('status').filter({ hasText: 'API key saved' });
  await expect(saved).toHaveText('API key saved. Your analyses now use your own key.');
  await expect(saved).toHaveClass(/st-notice-success/);
  await snap(page, 'settings-key-accepted-1440');

  await page.goto('/document-analyzer');
  await page.getByTestId('document-file-input').setInputFiles({
    name: 'claim.txt',
    mimeType: 'text/plain',
    buffer: readFileSync(join(repoRoot, 'pkg', 'llm', 'testdata', 'claim.txt')),
  });
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByTestId('analysis-stage')).toHaveText(/The AI provider is busy \(rate limit\)\. Retry [12] of 5 in 4 s/, { timeout: 30_000 });
  await snap(page, 'analysis-provider-retry-1440');
  await expect(page.getByTestId('analysis-results')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('process-name')).toHaveText('Motor claim handling');
  expect(generateCalls).toBeGreaterThanOrEqual(3);
  await snap(page, 'analysis-after-retries-1440');
});
