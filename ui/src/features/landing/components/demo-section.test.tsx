import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DemoSection } from './demo-section';
import { json, mockFetch } from '../../../test/fetch-mock';
import { recordUsage } from '../lib/demo-usage';
import { deviceId } from '../lib/device-id';

vi.mock('../../../components/bpmn-viewer', () => ({
  BpmnViewer: ({ xml }: { xml: string }) => <div data-testid="viewer">{xml}</div>,
}));

// The files share one module graph and mock registry (isolate: false): the
// files after this one get the real viewer back.
afterAll(() => {
  vi.doUnmock('../../../components/bpmn-viewer');
});

const XML = '<definitions id="d"/>';

function renderDemo() {
  const router = createMemoryRouter([{ path: '*', element: <DemoSection /> }]);
  render(<RouterProvider router={router} />);
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('demo section', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for a file first', async () => {
    renderDemo();
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[0]);
    expect(screen.getByText('Please select a document file to analyze.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[1]);
    expect(screen.getByText('Please select an image file to analyze.')).toBeInTheDocument();
  });

  it('rejects a wrong file type with the format panel', async () => {
    renderDemo();
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    await u.upload(screen.getByTestId('document-input'), new File(['x'], 'p.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('heading', { name: 'Invalid File Format' })).toBeInTheDocument();
    expect(screen.getByText('Please upload a PDF, DOC, DOCX, or TXT file')).toBeInTheDocument();
  });

  it('uploads, shows progress and then the diagram', async () => {
    const calls = mockFetch({
      'POST /api/demo/analyze': json({ id: 'd1', status: 'completed', bpmn_xml: XML, process_name: 'Order to Cash' }),
    });
    renderDemo();
    await user.upload(screen.getByTestId('document-input'), new File(['a process'], 'process.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('document-file')).toHaveTextContent('process.txt');
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[0]);
    const form = calls[0].init.body as FormData;
    expect(form.get('analysis_type')).toBe('document');
    expect((form.get('file') as File).name).toBe('process.txt');
    expect(new Headers(calls[0].init.headers).get('X-Device-ID')).toBe(deviceId());
    expect(calls[0].init.credentials).toBe('omit');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await advance(1000);
    expect(screen.getByRole('heading', { name: 'Analysis Complete' })).toBeInTheDocument();
    expect(screen.getByText('Order to Cash')).toBeInTheDocument();
    expect(await screen.findByTestId('viewer')).toHaveTextContent(XML);
    await user.click(screen.getByRole('button', { name: 'BPMN Export' }));
    expect(screen.getByRole('heading', { name: 'Register to Export' })).toBeInTheDocument();
    expect(screen.getAllByText('BPMN export is available for registered users.').length).toBeGreaterThan(0);
  });

  it('maps 429 to the daily limit panel', async () => {
    mockFetch({ 'POST /api/demo/analyze': json({ detail: 'Demo limit of 1 analysis per day reached.' }, 429) });
    renderDemo();
    await user.upload(screen.getByTestId('image-input'), new File(['img'], 'diagram.png', { type: 'image/png' }));
    await screen.findByTestId('image-file');
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[1]);
    expect(await screen.findByRole('heading', { name: 'Daily Analysis Limit Reached' })).toBeInTheDocument();
    expect(screen.getByText('Demo limit of 1 analysis per day reached.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeInTheDocument();
  });

  it('shows the timeout variant and really retries with Generate Process Model', async () => {
    let polls = 0;
    mockFetch({
      'POST /api/demo/analyze': json({ id: 'd9', status: 'timeout', message: 'BPMN generation taking longer than expected' }),
      'GET /api/demo/analyze/d9': () => (++polls < 2 ? json({ id: 'd9', status: 'running' }) : json({ id: 'd9', status: 'completed', bpmn_xml: XML })),
    });
    renderDemo();
    await user.upload(screen.getByTestId('document-input'), new File(['a'], 'p.txt', { type: 'text/plain' }));
    await screen.findByTestId('document-file');
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[0]);
    await advance(1000);
    expect(screen.getByText('BPMN generation taking longer than expected')).toBeInTheDocument();
    expect(screen.queryByText('No process model available')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate Process Model' }));
    expect(screen.getByText(/Generating process model/)).toBeInTheDocument();
    await advance(2100);
    expect(await screen.findByTestId('viewer')).toHaveTextContent(XML);
    expect(polls).toBe(2);
  });

  it('polls a queued demo through a dropped connection and a busy server', async () => {
    let polls = 0;
    mockFetch({
      'POST /api/demo/analyze': json({ id: 'd2', status: 'queued' }),
      'GET /api/demo/analyze/d2': () => {
        polls++;
        if (polls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (polls === 2) return json({ detail: 'busy' }, 503);
        return polls < 4 ? json({ id: 'd2', status: 'running', progress: 40 }) : json({ id: 'd2', status: 'completed', bpmn_xml: XML });
      },
    });
    renderDemo();
    await user.upload(screen.getByTestId('document-input'), new File(['a'], 'p.txt', { type: 'text/plain' }));
    await screen.findByTestId('document-file');
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[0]);
    await advance(20_000);
    expect(polls).toBe(4);
    expect(screen.getByRole('heading', { name: 'Analysis Complete' })).toBeInTheDocument();
    expect(await screen.findByTestId('viewer')).toHaveTextContent(XML);
  });

  it('stops polling when the page is left', async () => {
    let polls = 0;
    mockFetch({
      'POST /api/demo/analyze': json({ id: 'd3', status: 'queued' }),
      'GET /api/demo/analyze/d3': () => {
        polls++;
        return json({ id: 'd3', status: 'running' });
      },
    });
    const router = createMemoryRouter([{ path: '*', element: <DemoSection /> }]);
    const view = render(<RouterProvider router={router} />);
    await user.upload(screen.getByTestId('document-input'), new File(['a'], 'p.txt', { type: 'text/plain' }));
    await screen.findByTestId('document-file');
    await user.click(screen.getAllByRole('button', { name: 'Start Analysis' })[0]);
    await advance(4000);
    expect(polls).toBeGreaterThan(0);
    const seen = polls;
    view.unmount();
    await advance(20_000);
    expect(polls).toBe(seen);
  });

  it("replaces the upload step with today's previous result", async () => {
    recordUsage(deviceId(), { fileName: 'old.pdf', bpmnXml: XML, timestamp: new Date().toISOString(), processName: 'Hiring' });
    renderDemo();
    expect(screen.getByRole('heading', { name: 'Previous Analysis Result' })).toBeInTheDocument();
    expect(screen.getByText(/old\.pdf/)).toBeInTheDocument();
    // The viewer is lazy: it is there at once only when an earlier test loaded it.
    expect(await screen.findByTestId('viewer')).toHaveTextContent(XML);
    expect(screen.queryByRole('button', { name: 'Start Analysis' })).toBeNull();
  });
});
