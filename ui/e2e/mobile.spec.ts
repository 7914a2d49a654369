import { expect, test } from './fixtures';
import { acceptCookies, appReady, expectTappable, snap } from './helpers';
import { signInAs } from './analyzers-helpers';

test.use({ viewport: { width: 375, height: 812 } });

test('mobile menu at 375 px: every item of the side menu and the drawer can be tapped (signed out)', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await snap(page, 'landing-375-with-banner');
  await acceptCookies(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await snap(page, 'landing-375');

  const menu = page.getByRole('navigation', { name: 'Site menu' });
  for (const label of ['About', 'Blog', 'Pricing', 'Contact Us']) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())?.width).toBeCloseTo(300, 0);
    // The panel spans the screen's height, not the 63 px header it once was clipped to.
    expect((await menu.boundingBox())?.height).toBeCloseTo(812, 0);
    const link = menu.getByRole('link', { name: label });
    await expectTappable(page, link, `side menu ${label}`);
    if (label === 'About') await snap(page, 'mobile-menu-375', false);
    await link.click();
    await expect(menu).toBeHidden();
  }
  await expect(page).toHaveURL(/\/contact$/);

  await page.getByRole('button', { name: 'Open account menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Account menu' });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBeCloseTo(280, 0);
  await expectTappable(page, drawer.getByRole('button', { name: 'Login' }), 'drawer Login');
  await expectTappable(page, drawer.getByRole('button', { name: 'Close menu' }), 'drawer close');
  await snap(page, 'mobile-drawer-375', false);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('mobile drawer at 375 px: every signed-in item can be tapped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'analyst@example.com');
  await page.setViewportSize({ width: 375, height: 812 });
  const drawer = page.getByRole('navigation', { name: 'Account menu' });
  const open = async () => {
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await expect(drawer).toBeVisible();
  };
  await open();
  expect((await drawer.boundingBox())?.height).toBeCloseTo(812, 0);
  await drawer.getByRole('button', { name: /Analyzer/ }).click();
  await snap(page, 'mobile-drawer-signed-in-375', false);
  for (const label of ['All Analyzers', 'Document Analyzer', 'Image Analyzer', 'BPMN Analyzer', 'Disclaimer', 'Settings']) {
    await expectTappable(page, drawer.getByRole('link', { name: label, exact: true }), `drawer ${label}`);
  }
  await expectTappable(page, drawer.getByRole('button', { name: 'Logout' }), 'drawer Logout');
  await expect(drawer.getByRole('link', { name: 'Operations' })).toHaveCount(0);
  await drawer.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(drawer).toBeHidden();
  await open();
  await drawer.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({ timeout: 15_000 });
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
