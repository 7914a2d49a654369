import { expect, test } from './fixtures';
import { acceptCookies, appReady, signIn, snap } from './helpers';

test.describe('sign-in and accounts', () => {
  test('consultant (two accounts) chooses an account, lands on /settings, logs out', async ({ page, context }) => {
    await page.goto('/');
    await appReady(page);
    await acceptCookies(page);
    await signIn(page, 'consultant@example.com');
    await expect(page).toHaveURL(/\/account$/);
    const dialog = page.getByRole('dialog', { name: 'Select Your Account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Choose which account you'd like to use for this session")).toBeVisible();
    const cards = dialog.locator('.account-card');
    await expect(cards).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await snap(page, 'account-selection-1440', false);
    await cards.nth(1).click();
    // No stored return path: /account → analyzer default is /analyzer via login, origin /analyzer.
    await expect(page).not.toHaveURL(/\/account$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: /^Analyzer/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('selected_account'))).toContain('account_id');
    expect(await page.evaluate(() => localStorage.getItem('db_user_id'))).toBeTruthy();
    await snap(page, 'signed-in-1440');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

    // Logout clears everything and returns home.
    const userMenu = page.locator('.auth-bar .dropdown').nth(1).getByRole('button');
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => !k.startsWith('system_') && !k.startsWith('vite-') && k !== 'health_check_cache')).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === 'auth_indicator')).toBeUndefined();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/$/);

    // Issue 13.8: signing in again shows when the chosen account was last opened,
    // read fresh from the server (not from the list cached before the first choice).
    await signIn(page, 'consultant@example.com');
    await expect(page).toHaveURL(/\/account$/);
    const again = page.getByRole('dialog', { name: 'Select Your Account' }).locator('.account-card');
    await expect(again).toHaveCount(2);
    // At least the account chosen above; the other one too if an earlier journey opened it.
    const dated = again.filter({ hasText: 'Last accessed' });
    expect(await dated.count()).toBeGreaterThanOrEqual(1);
    await expect(dated.first().locator('.account-last')).toHaveText(/Last accessed \w{3} \d{1,2}, \d{4}/);
    await snap(page, 'account-selection-last-accessed-1440', false);
  });

  test('return path: a protected page asked for before sign-in opens after it', async ({ page }) => {
    await page.goto('/image-analyzer');
    await appReady(page);
    await expect(page).toHaveURL(/\/$/);
    await acceptCookies(page);
    await signIn(page, 'analyst@example.com');
    await expect(page).toHaveURL(/\/image-analyzer$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Image Analyzer' })).toBeVisible();
  });

  test('analyst (one account) goes straight to /analyzer, and /account returns to /settings', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await acceptCookies(page);
    await signIn(page, 'analyst@example.com');
    await expect(page).toHaveURL(/\/analyzer$/, { timeout: 20_000 });
    await page.goto('/account');
    await expect(page).toHaveURL(/\/settings$/, { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Disclaimer' })).toBeVisible();
    await page.getByRole('link', { name: 'Disclaimer' }).click();
    await expect(page.getByText('2025-06-01')).toBeVisible();
  });
});

test.describe('unsupported browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('Login opens the Browser Not Supported modal', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Login' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Browser Not Supported' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Safari (Mobile)');
    await expect(dialog).toContainText('Mobile browsers are not currently supported. Please use a desktop browser.');
    await expect(dialog).toContainText('You can still navigate our website with your current browser.');
    await snap(page, 'browser-not-supported-1440', false);
    await dialog.getByRole('button', { name: 'I Understand' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });
});
