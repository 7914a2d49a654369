import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../test/fetch-mock';
import { Component as OpsPage } from './ops-page';
import { useAuthStore } from '../../stores/auth-store';
import { testUser } from '../../test/fixtures';
import { withQuery } from '../../test/query';

const queue = (name: string, over: Record<string, unknown> = {}) => ({
  name, weight: 1, size: 0, pending: 0, active: 0, scheduled: 0, retry: 0, archived: 0,
  processed_today: 0, failed_today: 0, paused: false, latency_ms: 0, ...over,
});

const failedItem = {
  id: 'an-1', account_name: 'acme', analyzer_type: 'document', original_filename: 'invoice.txt',
  status: 'failed', graph_status: 'none', detail: 'The model refused this document.', attempts: 1,
  updated_at: '2026-11-20T10:00:00Z', task: null,
};

describe('Operations page', () => {
  beforeEach(() => useAuthStore.setState({ isAuthenticated: true, user: testUser({ id: 'op', is_operator: true }) }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows queue depth and failed analyses, retries and pauses', async () => {
    let failed = [failedItem];
    let paused = false;
    const calls = mockFetch({
      'GET /api/ops/queues': () => json({ queues: [queue('analysis', { pending: 7, paused }), queue('reprocess')] }),
      'GET /api/ops/failed': () => json({ items: failed }),
      'GET /api/ops/reprocess': () => json({ runs: [] }),
      'POST /api/ops/analyses/an-1/retry': () => {
        failed = [];
        return json({ id: 'an-1', status: 'queued' }, 202);
      },
      'POST /api/ops/queues/analysis/pause': () => {
        paused = true;
        return json(queue('analysis', { paused: true }));
      },
    });
    render(<OpsPage />, { wrapper: withQuery() });
    expect(await screen.findByTestId('queue-analysis-pending')).toHaveTextContent('7');
    expect(await screen.findByText('The model refused this document.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('No failed analyses.')).toBeInTheDocument());
    expect(calls.some((c) => c.url.endsWith('/api/ops/analyses/an-1/retry'))).toBe(true);
    await userEvent.click(screen.getAllByRole('button', { name: 'Pause' })[0]);
    expect(await screen.findByText('paused')).toBeInTheDocument();
  });

  it('counts a dry run and shows errors from the server', async () => {
    mockFetch({
      'GET /api/ops/queues': () => json({ queues: [] }),
      'GET /api/ops/failed': () => json({ items: [] }),
      'GET /api/ops/reprocess': () => json({ runs: [] }),
      'POST /api/ops/reprocess': (_u, init) => {
        const body = JSON.parse(String(init.body));
        if (body.rate === 'fast') return json({ detail: 'Cannot read the rate "fast": use N/s, N/m or N/h.' }, 400);
        return json({ dry_run: true, matched: 12, pending: 5 });
      },
    });
    render(<OpsPage />, { wrapper: withQuery() });
    await userEvent.click(await screen.findByRole('button', { name: 'Count' }));
    expect(await screen.findByTestId('ops-reprocess-result')).toHaveTextContent('12 analyses match; 5 would be enqueued.');
    await userEvent.type(screen.getByPlaceholderText('e.g. 2/s (no limit)'), 'fast');
    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot read the rate');
  });

  it('shows why a retry was refused', async () => {
    mockFetch({
      'GET /api/ops/queues': () => json({ queues: [] }),
      'GET /api/ops/failed': () => json({ items: [failedItem] }),
      'GET /api/ops/reprocess': () => json({ runs: [] }),
      'POST /api/ops/analyses/an-1/retry': () => json({ detail: 'This analysis is running again already.' }, 409),
    });
    render(<OpsPage />, { wrapper: withQuery() });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This analysis is running again already.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('tells a non-operator they need the role and polls nothing', async () => {
    useAuthStore.setState({ user: testUser({ id: 'u1', firstName: 'Ana' }) });
    const calls = mockFetch({});
    render(<OpsPage />, { wrapper: withQuery() });
    expect(screen.getByRole('heading', { name: 'You need the operator role' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.url.includes('/api/ops/'))).toHaveLength(0);
  });

  it('explains a 403 when the role was taken away and stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch({
      'GET /api/ops/queues': () => json({ detail: 'This page is for operators.' }, 403),
      'GET /api/ops/failed': () => json({ detail: 'This page is for operators.' }, 403),
      'GET /api/ops/reprocess': () => json({ detail: 'This page is for operators.' }, 403),
    });
    render(<OpsPage />, { wrapper: withQuery() });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for operators.');
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.length).toBe(before);
    vi.useRealTimers();
  });
});
