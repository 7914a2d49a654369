import { expect, test } from './fixtures';
import { snap } from './helpers';
import { signInAs } from './analyzers-helpers';

test('settings: profile, membership with trial status, accounts, API key, access tokens', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'analyst@example.com');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText('analyst@example.com');
  await expect(page.getByTestId('membership-type')).toHaveText('Free');
  await expect(page.getByTestId('trial-status')).toHaveText(/Active \(1[34] days remaining\)/);
  await expect(page.getByTestId('active-account')).toContainText('Analyst Workspace');
  await snap(page, 'settings-1440');

  // API key: add, masked, delete with confirmation.
  await page.getByRole('button', { name: 'Add API Key' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Add API Key' })).toBeVisible();
  await page.getByRole('button', { name: 'Add API Key' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel('API key').fill('AIzaSettingsKey-1111');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('masked-key')).toContainText('1111');
  await page.locator('section', { hasText: 'API Integration' }).getByRole('button', { name: 'Delete' }).click();
  const dlg = page.getByRole('dialog', { name: 'Delete API Key' });
  await expect(dlg).toContainText('Are you sure you want to delete your API key? You will use the system default key after deletion.');
  await dlg.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Add API Key' })).toBeVisible();

  // Personal access token: create, shown once, works as a bearer token, revoke.
  await page.getByLabel('Token name').fill('e2e token');
  await page.getByRole('button', { name: 'Create Token' }).click();
  const secret = (await page.getByTestId('token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^spade_pat_/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await snap(page, 'settings-token-1440');
  const ok = await page.request.get('/api/recent?limit=1', { headers: { Authorization: `Bearer ${secret}` } });
  expect(ok.status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('token-secret')).toHaveCount(0);
  await expect(page.getByTestId('token-list')).toContainText('e2e token');
  await page.getByTestId('token-list').getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke Token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No access tokens.')).toBeVisible();
  const revoked = await page.request.get('/api/recent?limit=1', { headers: { Authorization: `Bearer ${secret}` } });
  expect(revoked.status()).toBe(401);
});

test('settings: a user with two accounts switches account with the picker', async ({ page }) => {
  await signInAs(page, 'consultant@example.com');
  await page.goto('/settings');
  const active = page.getByTestId('active-account');
  const before = (await active.textContent()) ?? '';
  await page.getByRole('button', { name: 'Switch Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Your Account' });
  await expect(dialog.locator('.account-card')).toHaveCount(2);
  await snap(page, 'settings-switch-account-1440', false);
  const other = dialog.locator('.account-card:not(.selected)').first();
  const name = ((await other.locator('.account-name').textContent()) ?? '').trim();
  await other.click();
  await expect(dialog).toHaveCount(0);
  await expect(active).toContainText(name);
  expect(before).not.toContain(name);
  expect(await page.evaluate(() => localStorage.getItem('selected_account'))).toContain(name);
});
