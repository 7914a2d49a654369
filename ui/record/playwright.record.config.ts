import { defineConfig } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';

// Records the landing demo as frames for a video (scripts/record-demo.sh); not part of the e2e suite.
// Playwright's own recordVideo needs its private ffmpeg build, which is not installed here;
// screenshots at a steady rate, encoded by Debian's ffmpeg, give the same film.
export default defineConfig({
  testDir: '.',
  testMatch: 'record-demo.spec.ts',
  outputDir: '../e2e/artifacts/record',
  timeout: 240_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: process.env.SPADE_E2E_URL || 'http://127.0.0.1:8080',
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
  },
});
