/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { fileURLToPath } from 'node:url';
import { blogIndex } from './vite-plugins/blog-index';

// Chromium flags measured on this machine: without the networking flags the
// browser keeps probing a network it cannot reach.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// react-router's package exports only its development build (warnings and
// dev-only checks kept in the bundle, 0.6 KB gz more in the entry every
// page loads, as measured); production builds use the production build it ships beside it.
const routerProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), blogIndex()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: {
    // `npm run dev` talks to a local `spade serve` for the API.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    // Chrome, Edge and Firefox (the supported browsers) all support modulepreload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: scripts/route-js.mjs sums what each public route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every module the first page load needs (React, the router, the
        // shell, the API client) in one chunk: left to itself the bundler
        // cuts the small ones that lazy pages share into chunks of their
        // own, each gzipped apart (about 1 KB gz more for every page).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // One jsdom and one module graph per worker instead of per file:
          // setting up jsdom was half of the run (28 of 57 s in CI, 56 of
          // 103 s under load). src/test/setup.ts puts the page, the storage,
          // the module caches, the timers and the globals back after each
          // test; the suite passes in any order (--sequence.shuffle).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.{ts,tsx}'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
}));
