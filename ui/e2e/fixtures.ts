import { test as base, expect } from '@playwright/test';

export { expect };
export type { Locator, Page, Response } from '@playwright/test';

/**
 * The servers scripts/e2e.sh started, one per worker (SPADE_E2E_URLS, as in
 * playwright.config.ts). Each worker talks to its own, so users, daily-call
 * ledgers, the queue and analyses are never shared between journeys running
 * at the same time. A worker started again after a failure keeps its
 * parallelIndex, so it keeps its server.
 */
const serverURLs = (process.env.SPADE_E2E_URLS || process.env.SPADE_E2E_URL || '').split(',').filter(Boolean);

/** Console messages that are not faults of the app, each with its reason. */
const allowedConsole: RegExp[] = [
  // The contact page embeds Calendly's widget from its CDN; the test machines have no internet.
  // …and the app's CSP (api/headers.go) refuses that script anyway: an open product decision
  // (widget or plain link) reported to the coordinator, not a fault of a journey.
  /https:\/\/assets\.calendly\.com\/assets\/external\/widget\.js/,
];

/**
 * Every journey fails on a console error or warning from the app, and on a
 * failed same-origin request (4xx/5xx other than those a test expects, or a
 * request that never completed). A page can look right while it logs errors
 * and polls endpoints that answer 403; people's browsers see both.
 * Tests that provoke an error on purpose allow it: `pageProblems.allow(/403 GET \/ops\/queues/)`.
 */
export const test = base.extend<{ pageProblems: { allow: (pattern: RegExp) => void } }>({
  // `provide`, not `use`: ESLint's react-hooks rule reads use() in a function named baseURL as a hook.
  baseURL: async ({ baseURL }, provide, testInfo) => {
    await provide(serverURLs.length ? serverURLs[testInfo.parallelIndex % serverURLs.length] : baseURL);
  },
  pageProblems: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const allowed: RegExp[] = [...allowedConsole];
      const problems: string[] = [];
      const note = (text: string) => {
        if (!allowed.some((r) => r.test(text))) problems.push(text);
      };
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => note(`page error: ${e.message}`));
      page.on('response', (r) => {
        if (r.status() >= 400 && new URL(r.url()).origin === origin) {
          note(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
        }
      });
      page.on('requestfailed', (r) => {
        const u = new URL(r.url());
        const reason = r.failure()?.errorText ?? '';
        // Navigations and downloads abort their own requests.
        if (u.origin === origin && !/ERR_ABORTED/.test(reason)) note(`request failed: ${r.method()} ${u.pathname} ${reason}`);
      });
      await use({ allow: (p) => allowed.push(p) });
      // Judge only what happened before the test ended, after problems allowed later in the test.
      const left = problems.filter((t) => !allowed.some((r) => r.test(t)));
      expect(left, 'console errors and failed same-origin requests').toEqual([]);
    },
    { auto: true },
  ],
});
