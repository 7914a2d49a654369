import { expect, test } from '@playwright/test';
import { acceptCookies, appReady, snap } from './helpers';

test.use({ viewport: { width: 375, height: 812 } });

test('mobile menu at 375 px', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await snap(page, 'landing-375-with-banner');
  await acceptCookies(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await snap(page, 'landing-375');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Site menu' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBeCloseTo(300, 0);
  await snap(page, 'mobile-menu-375', false);
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open account menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Account menu' });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBeCloseTo(280, 0);
  await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
  await snap(page, 'mobile-drawer-375', false);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('public pages fit 375 px without horizontal scroll', async ({ page }) => {
  for (const path of ['/', '/about', '/pricing', '/contact', '/blog', '/blog/process-intelligence-roi']) {
    await page.goto(path);
    await appReady(page);
    await acceptCookies(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await snap(page, `page-375${path.replace(/\W+/g, '-')}`);
  }
});
