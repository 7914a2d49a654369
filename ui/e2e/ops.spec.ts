import { expect, test } from './fixtures';
import { snap } from './helpers';
import { signInAs } from './analyzers-helpers';

// Operations page (issue 8): an operator watches queue depth move, sees a
// failed analysis with its detail and retries it. Needs `spade serve` with
// the built-in provider, whose ops@example.com is an operator. That a
// retried analysis completes is proven on real Redis and PostgreSQL by
// TestOpsRetryAndReprocess (cmd/spade/ops_test.go).

const TXT = [
  'Invoice approval procedure.',
  'The clerk receives the supplier invoice by email.',
  'The manager approves the invoice.',
  'The accountant pays the invoice.',
].join('\n');

test('operations: queue depth, pause/resume, failed analysis with Retry, reprocess dry run', async ({ page }) => {
  await signInAs(page, 'ops@example.com');
  // Operators reach the page from the user menu.
  await page.locator('.auth-bar .dropdown').last().getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Operations' }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
  const analysisRow = page.getByTestId('queue-analysis');
  await expect(analysisRow).toBeVisible();

  // Pause the analysis queue: an upload waits in it, depth shows 1.
  await analysisRow.getByRole('button', { name: 'Pause' }).click();
  await expect(analysisRow).toContainText('paused');
  const up = await page.request.post('/api/analyze', {
    multipart: { file: { name: 'ops-e2e.txt', mimeType: 'text/plain', buffer: Buffer.from(TXT) } },
  });
  expect(up.status()).toBe(202);
  const { id } = (await up.json()) as { id: string };
  await expect(page.getByTestId('queue-analysis-pending')).not.toHaveText('0', { timeout: 10_000 });
  await snap(page, 'ops-paused-1440');

  // Resume: the queue drains and the analysis completes.
  await analysisRow.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('queue-analysis-pending')).toHaveText('0', { timeout: 20_000 });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/document/${id}`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('completed');

  // A broken upload fails with a detail and shows in the failed list.
  const bad = await page.request.post('/api/analyze', {
    multipart: {
      file: {
        name: 'broken-e2e.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from('PK\x03\x04garbage-not-a-zip'),
      },
    },
  });
  expect(bad.status()).toBe(202);
  const badId = ((await bad.json()) as { id: string }).id;
  const item = page.getByTestId(`failed-${badId}`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText('broken-e2e.docx');
  await expect(item.locator('.ops-detail')).not.toHaveText('No detail recorded.');
  await snap(page, 'ops-failed-1440');
  const retried = page.waitForResponse((r) => r.url().endsWith(`/api/ops/analyses/${badId}/retry`));
  await item.getByRole('button', { name: 'Retry' }).click();
  expect((await retried).status()).toBe(202);

  // Reprocess: a dry run counts the stored graphs.
  await page.getByRole('button', { name: 'Count' }).click();
  await expect(page.getByTestId('ops-reprocess-result')).toContainText(/\d+ analyses match; \d+ would be enqueued\./);
});

test('operations: other users get a clear refusal', async ({ page }) => {
  await signInAs(page, 'analyst@example.com');
  const opsCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/ops/')) opsCalls.push(r.url());
  });
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'You need the operator role' })).toBeVisible();
  await page.waitForTimeout(2500); // longer than one refresh period: nothing may be polled
  expect(opsCalls).toEqual([]);
  await page.locator('.auth-bar .dropdown').last().getByRole('button').click();
  await expect(page.getByRole('menuitem', { name: 'Operations' })).toHaveCount(0);
  const res = await page.request.get('/ops/queues');
  expect(res.status()).toBe(403);
});
