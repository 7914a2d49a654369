import { expect, test } from './fixtures';
import { acceptCookies, appReady, snap } from './helpers';

test.describe('public pages', () => {
  test('landing page: hero, scrolling buttons, sections, metadata', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Meet SPADE');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your New Digital Analyst');
    await expect(page.getByText('The web app is not built')).toHaveCount(0);
    await snap(page, 'landing-1440-with-banner');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Try Now!' }).click();
    await expect(page.locator('#demo')).toBeInViewport();
    await page.getByRole('button', { name: 'Watch Demo' }).click();
    await expect(page.locator('#how-it-works')).toBeInViewport();
    for (const h of ['Key Features', 'Three Simple Steps', 'BPMN Elements', 'SIPOC Analysis', 'Edit BPMN']) {
      await expect(page.getByRole('heading', { name: h })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Play demo video' })).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(ld ?? '{}')['@type']).toBe('SoftwareApplication');
    await snap(page, 'landing-1440');
  });

  test('on a phone, Try Now! and Watch Demo bring their section\'s title into view below the fixed header', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await appReady(page);
    await acceptCookies(page);
    for (const [button, title] of [
      ['Try Now!', 'Try It Yourself'],
      ['Watch Demo', 'Three Simple Steps'],
    ]) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: button }).click();
      const heading = page.getByRole('heading', { level: 2, name: title });
      // Smooth scrolling passes the title on its way: judge where the page comes to rest (the same scroll position 250 ms apart).
      let last = -1;
      await expect
        .poll(
          async () => {
            const y = await page.evaluate(() => window.scrollY);
            const still = y === last && y > 0;
            last = y;
            return still;
          },
          { intervals: [250], message: `the page comes to rest after ${button}` },
        )
        .toBe(true);
      // Its top is below the header and a tap on it reaches it, not the header (before: 48 px from the top, 16 px under the header).
      const seen = await heading.evaluate((h) => {
        const r = h.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + 2);
        return { below: r.top >= header.bottom, onTop: hit !== null && (hit === h || h.contains(hit)) };
      });
      expect(seen, `${title} after ${button}`).toEqual({ below: true, onTop: true });
    }
    await snap(page, 'landing-watch-demo-375', false);
  });

  test('first paint loads no bpmn-js and stays within the JS budget', async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: new URL(res.url()).pathname, bytes: body.length });
    });
    await page.goto('/');
    await appReady(page);
    await expect(page.getByTestId('demo-document')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const names = scripts.map((s) => s.url);
    expect(names.some((n) => /NavigatedViewer|bpmn-js|diagram-js/i.test(n)), names.join(', ')).toBe(false);
    const total = scripts.reduce((n, s) => n + s.bytes, 0);
    test.info().annotations.push({ type: 'landing scripts (uncompressed bytes)', description: `${total}: ${names.join(', ')}` });
  });

  test('cookie banner stays dismissed for 150 days', async ({ page, context }) => {
    await page.goto('/');
    await appReady(page);
    await page.getByRole('button', { name: 'I understand' }).click();
    const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(cookie?.value).toBe('true');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(149);
    expect(days).toBeLessThan(151);
    await page.reload();
    await appReady(page);
    await expect(page.getByRole('button', { name: 'I understand' })).toHaveCount(0);
  });

  test('pricing, about, contact', async ({ page }) => {
    await page.goto('/pricing');
    await appReady(page);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: '14-Day Free Trial' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free with Your Own API Key' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Standard' })).toBeVisible();
    await snap(page, 'pricing-1440');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    await expect(page.getByText('Coming Q3 2025')).toBeVisible();
    await expect(page.getByText('Coming Q4 2025')).toBeVisible();
    await snap(page, 'about-1440');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByText('9AM-5PM Mon to Fri')).toBeVisible();
    await expect(page.getByText('LATAM:')).toBeVisible();
    await expect(page.getByRole('link', { name: 'SPADE on LinkedIn' })).toHaveAttribute('target', '_blank');
    // No internet here: the scheduling widget falls back to a link.
    await expect(page.getByTestId('scheduler-fallback')).toBeVisible({ timeout: 10_000 });
    await snap(page, 'contact-1440');
  });

  test('blog list, post and unknown slug', async ({ page }) => {
    await page.goto('/blog');
    await appReady(page);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: 'Latest Blog Posts' })).toBeVisible();
    await expect(page.getByText('Expert Content')).toBeVisible();
    await expect(page.getByText('Actionable Tips')).toBeVisible();
    await expect(page.getByTestId('featured-post')).toContainText('Read More');
    await expect(page.getByTestId('grid-post')).toHaveCount(2);
    await snap(page, 'blog-1440');

    await page.getByTestId('featured-post').click();
    await expect(page).toHaveURL(/\/blog\/process-mapping-ai$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How AI Is Changing Process Mapping');
    await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The blank-canvas problem' })).toBeVisible();
    await expect(page).toHaveTitle('How AI Is Changing Process Mapping | SPADE Blog');
    await expect(page.getByRole('progressbar', { name: 'Reading progress' })).toBeAttached();
    await snap(page, 'blog-post-1440');

    await page.goto('/blog/workflow-diagram');
    await expect(page.locator('table')).toBeVisible();

    await page.goto('/blog/no-such-post');
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto('/blog/');
    await expect(page).toHaveURL(/\/blog\/?$/);
  });

  test('protected routes send visitors home and remember the path', async ({ page }) => {
    await page.goto('/settings');
    await appReady(page);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_return_path'))).toBe('/settings');
    await page.goto('/disclaimer');
    await expect(page).toHaveURL(/\/$/);
  });

  test('footer links open in a new tab', async ({ page }) => {
    await page.goto('/about');
    await appReady(page);
    for (const name of ['Terms & Conditions', 'Privacy Policy']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
  });
});
