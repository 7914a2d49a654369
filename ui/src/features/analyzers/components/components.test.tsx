import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { withQuery } from '../../../test/query';
import type { RecentItem } from '../api/types';
import { AnalyzerDropzone } from './analyzer-dropzone';
import { ExportOptions } from './export-options';
import { ProcessModelPanel } from './process-model-panel';
import { fileTypeLabel, RecentList } from './recent-list';
import { footerValues } from './results-footer';
import { SectionsView } from './sections-view';
import { testRecentItem } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('ExportOptions', () => {
  it('disables BPMN with a spinner until the graph exists', () => {
    const { rerender } = render(<ExportOptions formats={['txt', 'xlsx', 'bpmn']} graphReady={false} busy={null} mobile={false} onExport={() => undefined} />);
    expect(screen.getByTestId('export-bpmn')).toBeDisabled();
    expect(screen.getByTestId('export-bpmn').querySelector('.spinner')).not.toBeNull();
    expect(screen.getByTestId('export-txt')).toBeEnabled();
    rerender(<ExportOptions formats={['txt', 'xlsx', 'bpmn']} graphReady busy={null} mobile={false} onExport={() => undefined} />);
    expect(screen.getByTestId('export-bpmn')).toBeEnabled();
  });
  it('puts the formats in a dropdown on mobile', async () => {
    const onExport = vi.fn();
    render(<ExportOptions formats={['txt', 'docx', 'pdf']} graphReady busy={null} mobile onExport={onExport} />);
    expect(screen.queryByTestId('export-pdf')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Formats ▾' }));
    await userEvent.click(screen.getByTestId('export-pdf'));
    expect(onExport).toHaveBeenCalledWith('pdf');
    expect(screen.queryByTestId('export-pdf')).not.toBeInTheDocument();
  });
  it('closes the mobile Formats menu on Escape and on a tap outside', async () => {
    render(
      <div>
        <p>outside</p>
        <ExportOptions formats={['txt', 'xlsx']} graphReady busy={null} mobile onExport={() => undefined} />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Formats ▾' }));
    expect(screen.getByTestId('export-txt')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('export-txt')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Formats ▾' }));
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByTestId('export-txt')).not.toBeInTheDocument();
  });
});

describe('RecentList', () => {
  const item: RecentItem = testRecentItem({
    id: 'r1',
    timestamp: '2026-03-10T10:00:00Z',
    process_name: 'Order to cash',
    process_purpose: 'Get paid',
    original_filename: 'o2c.pdf',
    input_tokens: 0,
    output_tokens: 0,
    total_tokens: 0,
    analyzer_type: 'document',
  });
  it.each([
    ['document', 'Recent Documents'],
    ['image', 'Recent Images'],
    ['bpmn', 'Recent BPMN Reports'],
  ] as const)('%s title', (kind, title) => {
    render(<RecentList kind={kind} items={[]} loading={false} onPick={() => undefined} />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(/No analyses yet/)).toBeInTheDocument();
  });
  it('shows name, date and purpose and picks on click', async () => {
    const onPick = vi.fn();
    render(<RecentList kind="document" items={[item, { ...item, id: 'r2', status: 'failed' }]} loading={false} onPick={onPick} />);
    const cards = screen.getAllByTestId('recent-item');
    expect(cards[0]).toHaveTextContent('Order to cash');
    expect(cards[0]).toHaveTextContent('Get paid');
    expect(cards[0]).toHaveTextContent('2026');
    expect(within(cards[1]).getByText('failed')).toBeInTheDocument();
    await userEvent.click(cards[0]);
    expect(onPick).toHaveBeenCalledWith(item);
  });
  it('tells a .txt and a .docx of the same text apart by file name and type', () => {
    render(
      <RecentList
        kind="document"
        items={[
          { ...item, id: 't', original_filename: 'claims.txt' },
          { ...item, id: 'd', original_filename: 'claims.docx' },
          { ...item, id: 'u', original_filename: 'unknown' },
        ]}
        loading={false}
        onPick={() => undefined}
      />,
    );
    const files = screen.getAllByTestId('recent-file');
    expect(files).toHaveLength(2);
    expect(files[0]).toHaveTextContent('TXTclaims.txt');
    expect(files[1]).toHaveTextContent('DOCXclaims.docx');
  });
  it.each([
    ['report.PDF', 'PDF'],
    ['flow.bpmn', 'BPMN'],
    ['noext', null],
    ['unknown', null],
    [undefined, null],
  ])('fileTypeLabel(%s) = %s', (name, want) => {
    expect(fileTypeLabel(name)).toBe(want);
  });
});

describe('ProcessModelPanel', () => {
  const graph = (over: Partial<{ exists: boolean; status: 'pending' | 'failed' | 'none' | 'completed' }>) => ({
    exists: false,
    status: 'pending' as const,
    recheck: vi.fn(),
    ...over,
  });
  it('loading, none, failed with Retry', async () => {
    const { rerender } = render(<ProcessModelPanel analysisId="a" graph={graph({})} mobile={false} />, { wrapper: withQuery() });
    expect(screen.getByText('Generating process model...')).toBeInTheDocument();
    rerender(<ProcessModelPanel analysisId="a" graph={graph({ status: 'none' })} mobile={false} />);
    expect(screen.getByText('No process model is available for this analysis.')).toBeInTheDocument();
    const g = graph({ status: 'failed' });
    rerender(<ProcessModelPanel analysisId="a" graph={g} mobile={false} />);
    expect(screen.getByText('Failed to load process model. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(g.recheck).toHaveBeenCalled();
  });
  it('a refused XML fetch shows the retry view at once (4xx is not retried)', async () => {
    mockFetch({ 'GET /api/bpmn/a': json({ detail: 'gone' }, 404) });
    render(<ProcessModelPanel analysisId="a" graph={graph({ exists: true, status: 'completed' })} mobile />, { wrapper: withQuery() });
    expect(await screen.findByText('Failed to load process model. Please try again.')).toBeInTheDocument();
  });
});

describe('AnalyzerDropzone', () => {
  it('shows the chosen file with its size to 2 decimals and removes it', async () => {
    const onFile = vi.fn();
    const file = new File([new Uint8Array(1024 * 1024 * 1.5)], 'flow.png', { type: 'image/png' });
    render(<AnalyzerDropzone kind="image" file={file} onFile={onFile} onInvalid={() => undefined} />);
    expect(screen.getByTestId('selected-file')).toHaveTextContent('1.50 MB');
    await userEvent.click(screen.getByRole('button', { name: 'Remove flow.png' }));
    expect(onFile).toHaveBeenCalledWith(null);
  });
  it('reports a too-large image with the spec text', async () => {
    const onInvalid = vi.fn();
    render(<AnalyzerDropzone kind="image" file={null} onFile={() => undefined} onInvalid={onInvalid} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(screen.getByTestId('image-file-input'), big);
    await vi.waitFor(() => expect(onInvalid).toHaveBeenCalledWith({ type: 'size', message: 'File size (21.0MB) exceeds 20MB limit' }));
  });
});

describe('SectionsView and footer', () => {
  it('collapsible sections, first open', () => {
    render(<SectionsView sections={[{ title: 'A', body: 'x' }, { title: 'B', body: 'y' }]} />);
    const details = screen.getByTestId('result-sections').querySelectorAll('details');
    expect(details).toHaveLength(2);
    expect(details[0]).toHaveAttribute('open');
    expect(details[1]).not.toHaveAttribute('open');
  });
  it('footer defaults', () => {
    expect(footerValues({ metadata: {}, input_tokens: 0, output_tokens: 0, total_tokens: 0 })).toEqual({
      model: 'Unknown',
      source: 'Unknown',
      input: 0,
      output: 0,
      total: 0,
      reused: false,
    });
    expect(footerValues({ metadata: { model: 'm', usage: { input_tokens: 2, output_tokens: 3, total_tokens: 0 } }, input_tokens: 0, output_tokens: 0, total_tokens: 0 })).toMatchObject({
      model: 'm',
      total: 5,
    });
  });
  it('footer says when the result was reused from an identical analysis (0 tokens)', async () => {
    const { ResultsFooter } = await import('./results-footer');
    const a = { id: 'a2', timestamp: '', status: 'completed', input_tokens: 0, output_tokens: 0, total_tokens: 0, metadata: { model_name: 'gpt-4o-mini', extra: { reused_from: 'a1' } } };
    render(<ResultsFooter analysis={a as never} />);
    expect(screen.getByTestId('results-footer')).toHaveTextContent('reused from an identical analysis');
    expect(screen.getByTestId('results-footer')).toHaveTextContent('Total Tokens0');
  });
});

describe('Tabs', () => {
  it('arrow keys move between tabs', async () => {
    const { Tabs } = await import('./tabs');
    const onChange = vi.fn();
    render(
      <Tabs tabs={[{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }]} active="a" onChange={onChange}>
        <p>panel</p>
      </Tabs>,
    );
    screen.getByRole('tab', { name: 'A' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith('b');
    await userEvent.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('b');
  });
});
