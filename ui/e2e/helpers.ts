import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const shotDir = join(here, 'artifacts', 'screenshots');
mkdirSync(shotDir, { recursive: true });

/** Saves a full-page screenshot as e2e/artifacts/screenshots/<name>.png. */
export async function snap(page: Page, name: string, fullPage = true): Promise<void> {
  // The header is fixed; scroll to the top so full-page shots show it once, at the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage });
}

/** Accepts the cookie banner so it does not cover content in screenshots. */
export async function acceptCookies(page: Page): Promise<void> {
  const btn = page.getByRole('button', { name: 'I understand' });
  if (await btn.isVisible().catch(() => false)) await btn.click();
}

/** Waits until the start-up spinner is gone. */
export async function appReady(page: Page): Promise<void> {
  await expect(page.getByText('Loading application...')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Signs in through the built-in OIDC provider: clicks Login, then on the
 * provider's page picks the demo user (a button/link naming the email, or
 * the username field plus submit). Ends back in the app.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Login' }).first().click();
  await page.waitForURL((u) => !u.pathname.startsWith('/callback') && u.origin + u.pathname !== `${origin}/`, {
    timeout: 15_000,
  }).catch(() => {});
  if (new URL(page.url()).origin === origin && !/\/(login|authorize|oauth|oidc|provider)/i.test(new URL(page.url()).pathname)) {
    return;
  }
  const choice = page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') });
  const link = page.getByRole('link', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') });
  if (await choice.first().isVisible().catch(() => false)) {
    await choice.first().click();
  } else if (await link.first().isVisible().catch(() => false)) {
    await link.first().click();
  } else {
    const field = page.locator('input[name="username"], input[name="email"], input[name="login"], input[type="email"]').first();
    await field.fill(email);
    const pw = page.locator('input[type="password"]');
    if (await pw.count()) await pw.first().fill('demo');
    await page.locator('button[type="submit"], input[type="submit"]').first().click();
  }
  await page.waitForURL((u) => u.origin === origin && !u.pathname.startsWith('/callback'), { timeout: 20_000 });
}

/**
 * Asserts that a person can tap the element: its box lies inside the
 * viewport and the point at its centre hits the element itself (or a child),
 * not something drawn over it or a clipping ancestor.
 */
export async function expectTappable(page: Page, target: import('@playwright/test').Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  // A person scrolls the page to reach it; what matters is that it is then inside the viewport and on top.
  await target.scrollIntoViewIfNeeded();
  // Panels slide in; judge the settled position.
  await expect(async () => {
    const box = await target.boundingBox();
    expect(box, what).not.toBeNull();
    const vp = page.viewportSize()!;
    expect(box!.x, `${what}: left edge inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box!.y, `${what}: top edge inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: right edge inside the viewport`).toBeLessThanOrEqual(vp.width + 0.5);
    expect(box!.y + box!.height, `${what}: bottom edge inside the viewport`).toBeLessThanOrEqual(vp.height + 0.5);
    const hit = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && (top === el || el.contains(top));
    });
    expect(hit, `${what}: hit-testing its centre reaches it`).toBe(true);
  }).toPass({ timeout: 5_000 });
}

/**
 * How the diagram in `canvas` (a BpmnViewer's canvas) is framed: how many
 * shapes and flows are drawn, how many lie (with their labels) partly
 * outside the canvas' box, and how many of the viewer's cues overlap a
 * drawn shape inside it.
 */
export async function diagramFit(canvas: import('@playwright/test').Locator) {
  return canvas.evaluate((el) => {
    const c = el.getBoundingClientRect();
    const shapes = [...el.querySelectorAll('.djs-shape, .djs-connection')].map((s) => s.getBoundingClientRect()).filter((r) => r.width > 0 || r.height > 0);
    const outside = shapes.filter((r) => r.left < c.left - 0.5 || r.top < c.top - 0.5 || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5).length;
    const root = el.closest('.bpmn-viewer') ?? document.body;
    const cues = [...root.querySelectorAll('.bpmn-cue')].map((q) => q.getBoundingClientRect());
    const covering = cues.filter((q) => shapes.some((r) => q.left < Math.min(r.right, c.right) && q.right > Math.max(r.left, c.left) && q.top < Math.min(r.bottom, c.bottom) && q.bottom > Math.max(r.top, c.top))).length;
    return { shapes: shapes.length, outside, covering, cues: cues.length };
  });
}

/**
 * The diagram's scale on screen in `canvas` (a BpmnViewer's canvas), how
 * many shape texts lie inside the canvas and the smallest of them, in CSS px.
 */
export async function shapeText(canvas: import('@playwright/test').Locator) {
  return canvas.evaluate((el) => {
    const c = el.getBoundingClientRect();
    const scale = (el.querySelector('.viewport') as SVGGElement).getScreenCTM()!.a;
    let smallest = Infinity;
    let visible = 0;
    el.querySelectorAll('.djs-visual text').forEach((t) => {
      if (!t.textContent?.trim()) return;
      const r = t.getBoundingClientRect();
      if (r.right < c.left || r.left > c.right || r.bottom < c.top || r.top > c.bottom) return;
      visible++;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
    });
    return { scale, smallest, visible };
  });
}

/**
 * Text under `scope` matching `selector` that a person would find broken:
 * a word split over two lines, or, with `oneLine`, a label that wraps at
 * all ("1 element" as "1" over "element"). Each problem as a sentence.
 */
export async function textBreaks(scope: import('@playwright/test').Locator, selector: string, oneLine = false): Promise<string[]> {
  return scope.evaluate(
    (root, { selector, oneLine }) => {
      const out: string[] = [];
      // Lines are boxes that do not overlap vertically: a glyph of another font ("▾") sits a little higher on the same line.
      const lineTops = (range: Range) => {
        const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
        let lines = 0;
        let bottom = -Infinity;
        for (const r of rects) {
          if (r.top >= bottom - 1) lines++;
          bottom = r.top >= bottom - 1 ? r.bottom : Math.max(bottom, r.bottom);
        }
        return lines;
      };
      for (const el of root.querySelectorAll<HTMLElement>(selector)) {
        if (!el.getClientRects().length) continue;
        const label = el.textContent?.trim() ?? '';
        const whole = document.createRange();
        whole.selectNodeContents(el);
        if (oneLine && lineTops(whole) > 1) out.push(`"${label}" wraps onto ${lineTops(whole)} lines`);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            const r = document.createRange();
            r.setStart(node, m.index);
            r.setEnd(node, m.index + m[0].length);
            if (lineTops(r) > 1) out.push(`"${m[0]}" in "${label.slice(0, 60)}" is broken over two lines`);
          }
        }
      }
      return out;
    },
    { selector, oneLine },
  );
}
