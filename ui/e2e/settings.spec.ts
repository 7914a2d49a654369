import { expect, test, type Page } from './fixtures';
import { appReady, expectTappable, snap } from './helpers';
import { signInAs, writeProcessTxt } from './analyzers-helpers';

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

/** Goes to a signed-in page through the header as a person does: the menus at 1440 px, the account drawer at 375 px (no reload). */
async function goVia(page: Page, to: 'Settings' | 'Document Analyzer'): Promise<void> {
  const narrow = page.viewportSize()!.width < 768;
  if (narrow) {
    await page.getByRole('button', { name: 'Open account menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Account menu' });
    if (to === 'Document Analyzer') await drawer.getByRole('button', { name: /Analyzer/ }).click();
    const link = drawer.getByRole('link', { name: to, exact: true });
    await expectTappable(page, link, `${to} in the account drawer`);
    await link.click();
  } else {
    const menu = to === 'Settings' ? page.locator('button[aria-controls="user-menu"]') : page.locator('button[aria-controls="analyzer-menu"]');
    await menu.click();
    const item = page.getByRole('menuitem', { name: to, exact: true });
    await expectTappable(page, item, `${to} in the header menu`);
    await item.click();
  }
  await expect(page.getByRole('heading', { level: 1, name: to === 'Settings' ? 'Settings' : 'Document Analyzer' })).toBeVisible();
}

test('settings after an analysis: usage on screen follows the server after the analysis and after the own key is saved and deleted (1440 and 375 px, no reload)', async ({ page }) => {
  test.setTimeout(300_000);
  // ops@ has the Standard plan: its calls are counted (usage today) but never refused, so this
  // journey's two analyses do not compete with the trial users' 5 a day on a server shared by every journey.
  await signInAs(page, 'ops@example.com');
  const server = async () => ((await (await page.request.get('/api/membership/usage')).json()) as { remaining_calls: number; usage_today: number });
  const shown = (n: number) => (n < 0 ? 'Unlimited' : String(n));
  const remaining = page.getByTestId('remaining-calls');
  const usage = page.getByTestId('usage-today');
  const followsServer = async (when: string) => {
    const s = await server();
    await expect(remaining, `remaining calls ${when}`).toHaveText(shown(s.remaining_calls));
    await expect(usage, `usage today ${when}`).toHaveText(String(s.usage_today));
  };
  const file = writeProcessTxt('settings-usage-invoice.txt');
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings');
    await appReady(page);
    await followsServer(`on first opening Settings at ${width} px`);
    const before = await server();

    // An analysis, opened on its Process Model, uses one daily call.
    await goVia(page, 'Document Analyzer');
    await page.getByTestId('document-file-input').setInputFiles(file);
    await page.getByRole('button', { name: 'Start Analysis' }).click();
    await expect(page.getByTestId('analysis-results')).toBeVisible({ timeout: 150_000 });
    await page.getByRole('tab', { name: 'Process Model' }).click();
    await expect(page.locator('[data-testid="bpmn-canvas"] .djs-shape').first()).toBeVisible({ timeout: 90_000 });
    expect((await server()).usage_today, 'the analysis used a daily call').toBe(before.usage_today + 1);

    // Back in Settings without a reload: the figures are the server's, not those shown before the analysis.
    await goVia(page, 'Settings');
    await followsServer(`after an analysis at ${width} px`);
    await snap(page, `settings-after-analysis-${width}`, false);

    const section = page.locator('section', { hasText: 'API Integration' });
    await section.getByRole('button', { name: 'Add API Key' }).click();
    await page.getByLabel('API key').fill(`AIzaAfterAnalysis-${width}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('masked-key')).toContainText(String(width).slice(-4));
    await followsServer(`with an own key at ${width} px`);
    const del = section.getByRole('button', { name: 'Delete' });
    await expectTappable(page, del, `Delete key at ${width} px`);
    await del.click();
    const confirm = page.getByRole('dialog', { name: 'Delete API Key' }).getByRole('button', { name: 'Delete' });
    await expectTappable(page, confirm, `Delete in the confirmation at ${width} px`);
    await confirm.click();
    await expect(section.getByRole('button', { name: 'Add API Key' })).toBeVisible();
    await followsServer(`after the own key was deleted at ${width} px`);
    await expect(page.getByText(/SPADE_[A-Z_]+/)).toHaveCount(0);
    await snap(page, `settings-after-analysis-key-deleted-${width}`, false);
  }
});
