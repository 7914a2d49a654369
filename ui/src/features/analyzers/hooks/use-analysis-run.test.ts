import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { json, mockFetch } from '../../../test/fetch-mock';
import { withQuery } from '../../../test/query';
import { cachePrefix } from '../lib/cache';
import { classifyFailure, COMPLETE_DELAY_MS, useAnalysisRun, type AnalysisRunOptions } from './use-analysis-run';

function analysis(over: Record<string, unknown> = {}) {
  return {
    id: 'a1',
    timestamp: '2026-03-10T10:00:00Z',
    status: 'completed',
    current_stage: 'Analysis completed successfully',
    progress: 100,
    process_name: 'Invoice approval',
    formatted_text: '=== Process Purpose ===\nProcess Name: Invoice approval\n',
    analyzer_type: 'document',
    ...over,
  };
}

const docx = () => new File(['hello'], 'invoice.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

/** The hook with a 1 s poll and spies for its callbacks. */
function setup(over: AnalysisRunOptions = {}) {
  const onAccepted = vi.fn();
  const onSettled = vi.fn();
  const hook = renderHook(() => useAnalysisRun('document', { onAccepted, onSettled, delay: () => 1000, ...over }), { wrapper: withQuery() });
  return { ...hook, onAccepted, onSettled };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useAnalysisRun', () => {
  it('runs initial → selected → analyzing (server progress, never backwards) → complete, and caches the result', async () => {
    let polls = 0;
    mockFetch({
      'POST /api/analyze': json(analysis({ status: 'queued', current_stage: 'Queued', progress: 10 }), 202),
      'GET /api/document/a1': () => {
        polls++;
        if (polls === 1) return json(analysis({ status: 'running', current_stage: 'Extracting text', progress: 40 }));
        if (polls === 2) return json(analysis({ status: 'running', current_stage: 'Extracting text', progress: 20 }));
        return json(analysis());
      },
    });
    const { result, onAccepted, onSettled } = setup();
    expect(result.current.view).toBe('initial');
    act(() => result.current.choose(docx()));
    expect(result.current.view).toBe('selected');
    expect(result.current.file?.name).toBe('invoice.docx');

    let started!: Promise<void>;
    act(() => {
      started = result.current.start();
    });
    expect(result.current.view).toBe('analyzing');
    expect(result.current.stage).toBe('Uploading file...');
    await tick(0);
    expect(onAccepted).toHaveBeenCalledTimes(1);
    expect(result.current.stage).toBe('Queued');
    await tick(1000);
    expect(result.current.stage).toBe('Extracting text');
    expect(result.current.progress).toBe(40);
    await tick(1000);
    expect(result.current.progress).toBe(40); // a lower server figure does not move the bar back
    await tick(1000);
    expect(result.current.progress).toBe(100);
    expect(result.current.stage).toBe('Analysis completed successfully');
    expect(result.current.view).toBe('analyzing'); // the success is shown for a moment first
    await tick(COMPLETE_DELAY_MS);
    await act(() => started);
    expect(result.current.view).toBe('complete');
    expect(result.current.analysis?.id).toBe('a1');
    expect(result.current.file).toBeNull();
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(cachePrefix.data + 'a1') ?? '{}').status).toBe('completed');
  });

  it('keeps following through a dropped connection', async () => {
    let polls = 0;
    mockFetch({
      'POST /api/analyze': json(analysis({ status: 'queued', progress: 0 }), 202),
      'GET /api/document/a1': () => {
        polls++;
        if (polls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return json(analysis());
      },
    });
    const { result } = setup();
    act(() => result.current.choose(docx()));
    await act(() => {
      void result.current.start();
      return vi.advanceTimersByTimeAsync(10_000);
    });
    expect(polls).toBe(2);
    expect(result.current.view).toBe('complete');
    expect(result.current.error).toBeNull();
  });

  it('goes back to initial with the server’s reason when the analysis fails', async () => {
    mockFetch({
      'POST /api/analyze': json(analysis({ status: 'queued', progress: 0 }), 202),
      'GET /api/document/a1': json(analysis({ status: 'failed', detail: 'The document has no text.' })),
    });
    const { result, onSettled } = setup();
    act(() => result.current.choose(docx()));
    await act(() => {
      void result.current.start();
      return vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.view).toBe('initial');
    expect(result.current.error).toEqual({ type: 'analysis_failed', message: 'The document has no text.' });
    expect(result.current.progress).toBe(0);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('opens the limit modal on 429 and the trial modal on 403; choosing a file closes them', async () => {
    mockFetch({
      'POST /api/analyze': json({ detail: 'Daily limit of 5 analyze calls reached for your Free membership' }, 429),
      'GET /api/membership/usage': json({ membership_type: 'Free', daily_limit: 5 }),
    });
    const { result, onAccepted } = setup();
    act(() => result.current.choose(docx()));
    await act(() => result.current.start());
    expect(onAccepted).not.toHaveBeenCalled();
    expect(result.current.view).toBe('initial');
    expect(result.current.limit).toMatchObject({ limit: 5 });
    act(() => result.current.choose(docx()));
    expect(result.current.limit).toBeNull();

    mockFetch({ 'POST /api/analyze': json({ detail: 'Your trial has ended' }, 403) });
    await act(() => result.current.start());
    expect(result.current.trialOpen).toBe(true);
    act(() => result.current.closeTrial());
    expect(result.current.trialOpen).toBe(false);
  });

  it('opens a completed analysis from the cache without asking the server', async () => {
    localStorage.setItem(cachePrefix.data + 'a1', JSON.stringify(analysis()));
    const calls = mockFetch({});
    const { result } = setup();
    await act(() => result.current.open({ id: 'a1' } as never));
    expect(result.current.view).toBe('complete');
    expect(result.current.analysis?.process_name).toBe('Invoice approval');
    expect(calls).toHaveLength(0);
  });

  it('a reset, another pick or leaving the page stops following the run before', async () => {
    let polls = 0;
    mockFetch({
      'GET /api/document/a1': () => {
        polls++;
        return json(analysis({ status: 'running', progress: 30 }));
      },
    });
    const { result, unmount } = setup();
    await act(() => {
      void result.current.open({ id: 'a1' } as never);
      return vi.advanceTimersByTimeAsync(2500);
    });
    expect(result.current.view).toBe('analyzing');
    const seen = polls;
    act(() => result.current.reset());
    expect(result.current.view).toBe('initial');
    expect(result.current.analysis).toBeNull();
    await tick(10_000);
    expect(polls).toBe(seen);

    await act(() => {
      void result.current.open({ id: 'a1' } as never);
      return vi.advanceTimersByTimeAsync(1500);
    });
    const before = polls;
    unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls).toBe(before);
  });

  it('a missing analysis (404) returns quietly to the empty page', async () => {
    mockFetch({ 'GET /api/document/gone': json({ detail: 'Analysis not found' }, 404) });
    const { result } = setup();
    await act(() => result.current.open({ id: 'gone' } as never));
    expect(result.current.view).toBe('initial');
    expect(result.current.error).toBeNull();
  });
});

describe('classifyFailure', () => {
  it.each([
    [new ApiError(429, 'Daily limit of 5 analyze calls reached for your Free membership'), 'limit', undefined],
    [new ApiError(403, 'trial'), 'trial', undefined],
    [new ApiError(0, 'Network error'), 'panel', 'Analysis failed. Check connection or file.'],
    [new ApiError(400, 'The file is empty.'), 'panel', 'The file is empty.'],
    [new ApiError(500, 'Request failed with status 500'), 'panel', 'Analysis failed with status 500'],
    [new ApiError(413, 'File size exceeds 10MB limit'), 'panel', 'File size exceeds 10MB limit'],
    [new Error('boom'), 'panel', 'An unexpected error occurred while processing your file'],
  ])('%s', (err, kind, message) => {
    const c = classifyFailure(err);
    expect(c.kind).toBe(kind);
    if (c.kind === 'panel') expect(c.error.message).toBe(message);
  });
});
