import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { withQuery } from '../../../test/query';
import { cachePrefix } from '../lib/cache';
import { AnalyzerPage } from './analyzer-page';

const text = `=== Process Purpose ===
Process Name: Invoice approval
=== Participants ===
- Clerk
=== Process Flow Summary ===
Start: Invoice received
Step 1: Enter invoice (Clerk)
End: Invoice paid
=== SIPOC Summary ===
Suppliers:
- Vendor
Systems:
- ERP
`;

function analysis(over: Record<string, unknown> = {}) {
  return {
    id: 'a1',
    timestamp: '2026-03-10T10:00:00Z',
    status: 'completed',
    current_stage: 'Analysis completed successfully',
    progress: 100,
    process_name: 'Invoice approval',
    process_purpose: 'Pay invoices',
    original_filename: 'invoice.docx',
    formatted_text: text,
    input_tokens: 10,
    output_tokens: 20,
    total_tokens: 30,
    analyzer_type: 'document',
    metadata: { model_name: 'builtin-rules', api_key_source: 'builtin' },
    graph: { status: 'pending' },
    ...over,
  };
}

function renderPage(kind: 'document' | 'image' | 'bpmn' = 'document') {
  return render(
    <MemoryRouter>
      <AnalyzerPage kind={kind} />
    </MemoryRouter>,
    { wrapper: withQuery() },
  );
}

const docx = () => new File(['hello'], 'invoice.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

describe('AnalyzerPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('goes initial → selected → analyzing (server stage and progress) → complete, polling at most once a second', async () => {
    let polls = 0;
    const calls = mockFetch({
      'GET /api/recent': json([]),
      'POST /api/analyze': json(analysis({ status: 'queued', current_stage: 'Queued', progress: 0 }), 202),
      'GET /api/document/a1': () => {
        polls++;
        return polls < 3 ? json(analysis({ status: 'running', current_stage: 'Extracting text', progress: 30 })) : json(analysis());
      },
      'GET /api/check-graph/a1': json({ exists: false, status: 'building' }),
    });
    renderPage();
    expect(screen.getByText('Upload Your Process Document')).toBeInTheDocument();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    expect(await screen.findByTestId('selected-file')).toHaveTextContent('invoice.docx');
    expect(screen.getByTestId('selected-file')).toHaveTextContent('0.00 MB');
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('Extracting text')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Analysis completed successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('Analysis Results')).toBeInTheDocument();
    expect(screen.getByTestId('process-name')).toHaveTextContent('Invoice approval');
    expect(screen.getByTestId('results-footer')).toHaveTextContent('builtin-rules');
    expect(screen.getByTestId('results-footer')).toHaveTextContent('30');
    // BPMN export waits for the graph.
    expect(screen.getByTestId('export-bpmn')).toBeDisabled();
    expect(screen.getByTestId('export-txt')).toBeEnabled();
    // Sequential polling: exactly one request per elapsed second at most.
    expect(calls.filter((c) => c.url.startsWith('/api/document/')).length).toBe(3);
    expect(JSON.parse(localStorage.getItem(cachePrefix.data + 'a1') ?? '{}').id).toBe('a1');
  });

  it('shows the tabs: overview, process items, SIPOC with Systems row, process model states', async () => {
    localStorage.setItem(cachePrefix.data + 'a1', JSON.stringify(analysis({ graph: { status: 'none' } })));
    mockFetch({
      'GET /api/recent': json([analysis()]),
      'GET /api/check-graph/a1': json({ exists: false, status: 'none' }),
    });
    renderPage();
    await user().click(await screen.findByTestId('recent-item'));
    expect(await screen.findByTestId('overview-filename')).toHaveTextContent('invoice.docx');
    expect(screen.getByText('Clerk')).toBeInTheDocument();
    await user().click(screen.getByRole('tab', { name: 'Process Items' }));
    const items = screen.getByTestId('process-items');
    expect(within(items).getByText(/Invoice received/)).toBeInTheDocument();
    expect(within(items).getByText('1')).toBeInTheDocument();
    await user().click(screen.getByRole('tab', { name: 'SIPOC' }));
    const table = screen.getByTestId('sipoc-table');
    expect(within(table).getByRole('rowheader', { name: 'Systems' })).toBeInTheDocument();
    expect(within(table).getByText('ERP')).toBeInTheDocument();
    await user().click(screen.getByRole('tab', { name: 'Process Model' }));
    expect(await screen.findByText('No process model is available for this analysis.')).toBeInTheDocument();
  });

  it('shows "Generating process model..." while the graph is being built', async () => {
    localStorage.setItem(cachePrefix.data + 'a1', JSON.stringify(analysis()));
    mockFetch({
      'GET /api/recent': json([analysis()]),
      'GET /api/check-graph/a1': json({ exists: false, status: 'building' }),
    });
    renderPage();
    await user().click(await screen.findByTestId('recent-item'));
    await user().click(await screen.findByRole('tab', { name: 'Process Model' }));
    expect(screen.getByText('Generating process model...')).toBeInTheDocument();
  });

  it('opens the limit modal from the 429 detail', async () => {
    mockFetch({
      'GET /api/recent': json([]),
      'POST /api/analyze': json({ detail: 'Daily limit of 5 analyze calls reached for your Free membership' }, 429),
    });
    renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    expect(await screen.findByRole('dialog', { name: 'Daily API Limit Reached' })).toBeInTheDocument();
    expect(screen.getByTestId('limit-text')).toHaveTextContent("You've reached your daily limit of 5 document for your Free membership.");
    expect(screen.getByTestId('limit-countdown').textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(screen.getByRole('button', { name: 'Upgrade Membership' })).toBeInTheDocument();
  });

  it('asks the membership service when the 429 detail does not match', async () => {
    mockFetch({
      'GET /api/recent': json([]),
      'POST /api/analyze': json({ detail: 'slow down' }, 429),
      'GET /api/membership/usage': json({ membership_type: 'Team', daily_limit: '20' }),
    });
    renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    expect(await screen.findByTestId('limit-text')).toHaveTextContent('daily limit of 20 document for your Team membership');
  });

  it('opens Free Trial Expired on 403', async () => {
    mockFetch({ 'GET /api/recent': json([]), 'POST /api/analyze': json({ detail: 'trial over' }, 403) });
    renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    const dlg = await screen.findByRole('dialog', { name: 'Free Trial Expired' });
    expect(dlg).toHaveTextContent('Your 14-day free trial period has ended.');
    expect(within(dlg).getByRole('button', { name: 'Add API Key' })).toBeInTheDocument();
    expect(within(dlg).getByRole('button', { name: 'Upgrade Plan' })).toBeInTheDocument();
  });

  it('shows Upload Failed with the server detail and returns to initial; a new file clears it', async () => {
    mockFetch({ 'GET /api/recent': json([]), 'POST /api/analyze': json({ detail: 'The document has no text.' }, 400) });
    renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload Failed');
    expect(alert).toHaveTextContent('The document has no text.');
    await user().upload(screen.getByTestId('document-file-input'), docx());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the provider retry while it waits, then "Analysis failed" (not Upload Failed) with what to do', async () => {
    let polls = 0;
    const retry = 'The AI provider is busy (rate limit). Retry 2 of 5 in 40 s';
    const detail = 'The AI provider is busy (rate limit). SPADE tried 6 times over 4 min 50 s. Please try again later.';
    mockFetch({
      'GET /api/recent': json([]),
      'POST /api/analyze': json(analysis({ status: 'queued', current_stage: 'Queued', progress: 0 }), 202),
      'GET /api/document/a1': () => {
        polls++;
        return polls < 2
          ? json(analysis({ status: 'running', stage: 'waiting_for_provider', current_stage: retry, progress: 45 }))
          : json(analysis({ status: 'failed', stage: 'failed', current_stage: 'Analysis failed', detail }));
      },
    });
    renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(retry)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analysis failed');
    expect(alert).not.toHaveTextContent('Upload Failed');
    expect(alert).toHaveTextContent(detail);
    expect(alert).not.toHaveTextContent('will be retried');
  });

  it('uses "Analysis failed with status N" without a detail, and the failed analysis detail', async () => {
    mockFetch({ 'GET /api/recent': json([]), 'POST /api/analyze': () => new Response('', { status: 502 }) });
    renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Analysis failed with status 502');
  });

  it('refuses a wrong file type with the spec text', async () => {
    mockFetch({ 'GET /api/recent': json([]) });
    renderPage();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false }).upload(
      screen.getByTestId('document-file-input'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a PDF, DOC, DOCX, or TXT file');
  });

  it('deletes after confirmation, clears the caches and goes back to initial', async () => {
    localStorage.setItem(cachePrefix.data + 'a1', JSON.stringify(analysis()));
    localStorage.setItem(cachePrefix.hasGraph + 'a1', 'true');
    localStorage.setItem(cachePrefix.bpmn + 'a1', '<x/>');
    let deleted = false;
    const calls = mockFetch({
      'GET /api/recent': () => json(deleted ? [] : [analysis()]),
      'DELETE /api/cached-analysis/a1': () => {
        deleted = true;
        return json({ success: true });
      },
    });
    renderPage();
    await user().click(await screen.findByTestId('recent-item'));
    await user().click(await screen.findByRole('button', { name: 'Delete' }));
    const dlg = screen.getByRole('dialog', { name: 'Delete Analysis' });
    expect(dlg).toHaveTextContent('Are you sure you want to delete this analysis? This action cannot be undone.');
    await user().click(within(dlg).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Upload Your Process Document')).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(true);
    expect(localStorage.getItem(cachePrefix.data + 'a1')).toBeNull();
    expect(localStorage.getItem(cachePrefix.hasGraph + 'a1')).toBeNull();
    expect(localStorage.getItem(cachePrefix.bpmn + 'a1')).toBeNull();
    expect(await screen.findByText(/No analyses yet/)).toBeInTheDocument();
  });

  it('stops polling when the page is left', async () => {
    const calls = mockFetch({
      'GET /api/recent': json([]),
      'POST /api/analyze': json(analysis({ status: 'queued' }), 202),
      'GET /api/document/a1': json(analysis({ status: 'running', current_stage: 'Reading', progress: 10 })),
    });
    const { unmount } = renderPage();
    await user().upload(screen.getByTestId('document-file-input'), docx());
    await user().click(await screen.findByRole('button', { name: 'Start Analysis' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    unmount();
    const before = calls.length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls.length).toBe(before);
  });

  it('BPMN analyzer: a result that completed with its graph pending checks the graph until it is there, then loads the diagram', async () => {
    // The analysis completes with graph "pending" and the graph task marks it
    // completed a moment later: the last analysis poll may come in between.
    const bpmn = analysis({ id: 'b1', analyzer_type: 'bpmn', original_filename: 'chain.bpmn', graph: { status: 'pending' } });
    localStorage.setItem(cachePrefix.data + 'b1', JSON.stringify(bpmn));
    let checks = 0;
    const calls = mockFetch({
      'GET /api/recent': json([bpmn]),
      'GET /api/check-graph/b1': () => (++checks < 2 ? json({ exists: false, status: 'pending' }) : json({ exists: true, status: 'completed' })),
      'GET /api/bpmn/b1': () => new Response('<definitions/>', { status: 200, headers: { 'Content-Type': 'application/xml' } }),
    });
    renderPage('bpmn');
    await user().click(await screen.findByTestId('recent-item'));
    await user().click(await screen.findByRole('tab', { name: 'Process Model' }));
    expect(screen.getByText('Generating process model...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const paths = calls.map((c) => c.url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]);
    expect(paths.filter((p) => p === '/api/check-graph/b1')).toHaveLength(2);
    expect(paths).toContain('/api/bpmn/b1');
    // Settled: no more checks.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(checks).toBe(2);
  });

  it.each([
    { kind: 'document' as const, status: 'completed' as const },
    { kind: 'document' as const, status: 'none' as const },
    { kind: 'bpmn' as const, status: 'completed' as const },
    { kind: 'bpmn' as const, status: 'failed' as const },
  ])('$kind analyzer: a result whose graph is $status already is taken at its word (no graph check)', async ({ kind, status }) => {
    const a = analysis({ analyzer_type: kind, original_filename: kind === 'bpmn' ? 'chain.bpmn' : 'invoice.docx', graph: { status } });
    localStorage.setItem(cachePrefix.data + 'a1', JSON.stringify(a));
    const calls = mockFetch({
      'GET /api/recent': json([a]),
      'GET /api/check-graph/a1': json({ exists: status === 'completed', status }),
      'GET /api/graph/a1': json({ activities: [] }),
      'GET /api/bpmn/a1': () => new Response('<definitions/>', { status: 200, headers: { 'Content-Type': 'application/xml' } }),
    });
    renderPage(kind);
    await user().click(await screen.findByTestId('recent-item'));
    await user().click(await screen.findByRole('tab', { name: 'Process Model' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls.filter((c) => c.url.includes('/api/check-graph/'))).toHaveLength(0);
    expect(screen.queryByText('Generating process model...')).toBeNull();
    if (kind === 'document') expect(screen.getByTestId('export-bpmn')).toHaveProperty('disabled', status !== 'completed');
  });

  it('BPMN analyzer: quality score grid, issues and DOCX/PDF exports', async () => {
    const bpmn = analysis({
      id: 'b1',
      analyzer_type: 'bpmn',
      original_filename: 'A.2.0.bpmn',
      formatted_text: '=== Process Overview ===\nProcess name: A\n=== Analysis Overview ===\nAnalysed A.2.0.bpmn',
      metadata: {
        model_name: 'spade-bpmn-quality',
        quality: {
          score: {
            overall: 84,
            categories: [
              { title: 'Correctness', weight_percent: 40, score: 36, total: 40, rationale: 'ok' },
              { title: 'Clarity and Labels', weight_percent: 25, score: 15, total: 25, rationale: 'labels' },
              { title: 'Structure and Modularity', weight_percent: 20, score: 20, total: 20, rationale: 'ok' },
              { title: 'Layout', weight_percent: 15, score: 13, total: 15, rationale: 'ok' },
            ],
          },
          issues: [{ number: 1, title: 'Unlabelled gateway', elements: ['Gateway_1'], problem: 'No label', recommendation: 'Add a question' }],
          recommendations: [{ priority: 'High', text: 'Label gateways' }],
        },
        process_complexity_data: { rating: 'Low', score: 2, score_denominator: 10, metrics: { tasks: 3, gateways: 1, paths: 2 } },
      },
    });
    localStorage.setItem(cachePrefix.data + 'b1', JSON.stringify(bpmn));
    mockFetch({ 'GET /api/recent': json([bpmn]) });
    renderPage('bpmn');
    expect(screen.getByText('Recent BPMN Reports')).toBeInTheDocument();
    await user().click(await screen.findByTestId('recent-item'));
    expect(await screen.findByText('Metrics & Complexity')).toBeInTheDocument();
    expect(screen.getByTestId('complexity')).toHaveTextContent('Low (2/10)');
    expect(screen.getByTestId('export-docx')).toBeEnabled();
    expect(screen.getByTestId('export-pdf')).toBeEnabled();
    expect(screen.queryByTestId('export-bpmn')).not.toBeInTheDocument();
    await user().click(screen.getByRole('tab', { name: 'Quality Score' }));
    expect(screen.getByTestId('overall-score')).toHaveTextContent('84');
    expect(screen.getByTestId('quality-score')).toHaveTextContent('Excellent');
    expect(screen.getByTestId('quality-score').querySelectorAll('.az-score-card')).toHaveLength(4);
    expect(screen.getByText('Clarity and Labels').closest('.az-score-card')).toHaveClass('band-60');
    await user().click(screen.getByRole('tab', { name: 'Quality Issues' }));
    expect(screen.getByTestId('quality-issues')).toHaveTextContent('Unlabelled gateway');
    await user().click(screen.getByRole('tab', { name: 'Suggestions' }));
    expect(screen.getByText('Label gateways')).toBeInTheDocument();
  });
});
