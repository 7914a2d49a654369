import { defineConfig, devices } from '@playwright/test';

// Journeys run against a running `spade serve` (built-in OIDC provider).
// scripts/e2e.sh starts one server per worker and lists them in
// SPADE_E2E_URLS; e2e/fixtures.ts points each worker at its own.
export const serverURLs = (process.env.SPADE_E2E_URLS || process.env.SPADE_E2E_URL || 'http://127.0.0.1:8080').split(',');
const baseURL = serverURLs[0];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The journeys of one file run in order in one worker; files spread over
  // the workers, one per server (users, ledgers and queues are per server).
  fullyParallel: false,
  workers: serverURLs.length,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './e2e/artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // A trace snapshots the DOM at every action and every poll of an
    // expect: recorded for every journey ('retain-on-failure') it costs CPU
    // the journeys share with the server and, in `go tool task test`, with
    // vitest and the soak tests (large-diagram.spec.ts measured 200 s
    // instead of 44 with one). CI retries a failed journey once and records
    // the trace of that retry; a local run (no retries) keeps the trace of
    // a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
