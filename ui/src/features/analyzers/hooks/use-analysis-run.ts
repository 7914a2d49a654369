import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UploadError } from '../../../components/upload-error-panel';
import { ApiError } from '../../../lib/api-client';
import type { LimitInfo } from '../../../lib/membership/limit';
import { resolveLimitInfo } from '../../../lib/membership/resolve-limit';
import { isAbort, wait } from '../../../lib/poll';
import { queryKeys } from '../../../lib/query/query-keys';
import { watchQuery } from '../../../lib/query/watch-query';
import { getAnalysis, startAnalysis, type UploadPurpose } from '../api/analysis-api';
import type { Analysis, AnalyzerKind, RecentItem } from '../api/types';
import { cacheAnalysis, cachedAnalysis } from '../lib/cache';
import { isFinished, pollDelay } from '../lib/delays';

/** Page states (spec §4). */
export type ViewState = 'initial' | 'selected' | 'analyzing' | 'complete';

/** Delay between 'completed successfully' and the results (spec §9). */
export const COMPLETE_DELAY_MS = 1000;

/** Turns an analyze failure into the page's reaction (spec §8). */
export function classifyFailure(err: unknown): { kind: 'limit' | 'trial'; detail: string } | { kind: 'panel'; error: UploadError } {
  if (err instanceof ApiError) {
    if (err.status === 429) return { kind: 'limit', detail: err.detail };
    if (err.status === 403) return { kind: 'trial', detail: err.detail };
    if (err.status === 0) return { kind: 'panel', error: { type: 'network', message: 'Analysis failed. Check connection or file.' } };
    const message = err.detail && !/^Request failed with status/.test(err.detail) ? err.detail : `Analysis failed with status ${err.status}`;
    if (err.status === 413) return { kind: 'panel', error: { type: 'size', message } };
    if (err.status === 415) return { kind: 'panel', error: { type: 'format', message } };
    return { kind: 'panel', error: { type: 'other', message } };
  }
  return { kind: 'panel', error: { type: 'other', message: 'An unexpected error occurred while processing your file' } };
}

/** Everything the page shows about the current run. */
export interface RunState {
  view: ViewState;
  /** The chosen file, until its analysis is shown. */
  file: File | null;
  /** The analysis being followed or shown. */
  analysis: Analysis | null;
  /** 0–100; never goes back while a run lasts. */
  progress: number;
  /** The server's stage text (or ours while uploading). */
  stage: string;
  /** What the upload panel shows. */
  error: UploadError | null;
  /** The daily limit was reached: the limit modal's content. */
  limit: LimitInfo | null;
  /** The trial is over: the trial modal is open. */
  trialOpen: boolean;
}

const initialState: RunState = {
  view: 'initial',
  file: null,
  analysis: null,
  progress: 0,
  stage: '',
  error: null,
  limit: null,
  trialOpen: false,
};

/** What the page can do with a run. */
export interface AnalysisRun extends RunState {
  /** A file was chosen (or cleared): a new run starts from 'selected'. */
  choose: (file: File | null) => void;
  /** The dropzone refused a file. */
  refuse: (error: UploadError) => void;
  /**
   * Uploads the chosen file (or the one given, chosen and started at once) and follows its analysis to the result;
   * purpose 'edit' (a file or blank diagram opened in the editor) counts no daily analysis.
   */
  start: (file?: File, purpose?: UploadPurpose) => Promise<void>;
  /** Opens an analysis from the Recent list (cache first); a running one is followed. */
  open: (item: RecentItem) => Promise<void>;
  /** Back to the empty page; stops following. */
  reset: () => void;
  /** The shown analysis changed on the server (a new model version). */
  replace: (a: Analysis) => void;
  dismissError: () => void;
  closeLimit: () => void;
  closeTrial: () => void;
}

/** Hooks of a run into the rest of the page. */
export interface AnalysisRunOptions {
  /** The server accepted an upload (it counts against the daily limit). */
  onAccepted?: () => void;
  /** A run ended with a result or a failure the server recorded (the Recent list changed). */
  onSettled?: () => void;
  /** Pause before poll n; tests pass a shorter one. */
  delay?: (n: number) => number;
}

/**
 * The analyzer page's state machine: initial → selected → analyzing →
 * complete (or back to initial with an error, the limit modal or the trial
 * modal). One run at a time: starting or opening another, resetting, or
 * leaving the page aborts the one before, its requests included.
 */
export function useAnalysisRun(kind: AnalyzerKind, { onAccepted, onSettled, delay = pollDelay }: AnalysisRunOptions = {}): AnalysisRun {
  const client = useQueryClient();
  const [state, setState] = useState<RunState>(initialState);
  const runRef = useRef<AbortController | null>(null);
  const set = (patch: Partial<RunState> | ((s: RunState) => Partial<RunState>)) =>
    setState((s) => ({ ...s, ...(typeof patch === 'function' ? patch(s) : patch) }));

  // Leaving the page stops any polling.
  useEffect(() => () => runRef.current?.abort(), []);

  /** Aborts the run before and hands out the signal of a new one. */
  const newRun = () => {
    runRef.current?.abort();
    const controller = new AbortController();
    runRef.current = controller;
    return controller.signal;
  };

  const fail = async (err: unknown) => {
    if (isAbort(err)) return;
    set({ view: 'initial', file: null, progress: 0, stage: '' });
    const c = classifyFailure(err);
    if (c.kind === 'panel') set({ error: c.error });
    else if (c.kind === 'limit') {
      const info = await resolveLimitInfo(c.detail);
      set({ limit: info });
    } else set({ trialOpen: true });
  };

  /** Follows a queued or running analysis until it finishes, then shows it after 1 s. */
  const follow = async (first: Analysis, signal: AbortSignal) => {
    const show = (a: Analysis) =>
      set((s) => ({ analysis: a, progress: Math.max(s.progress, a.progress ?? 0), stage: a.current_stage || s.stage }));
    show(first);
    const done = isFinished(first)
      ? first
      : await watchQuery(client, {
          queryKey: queryKeys.analysis(kind, first.id),
          queryFn: ({ signal: sig }) => getAnalysis(kind, first.id, sig),
          first,
          settled: isFinished,
          onAnswer: show,
          delay,
          signal,
        });
    if (done.status === 'failed') {
      set({ view: 'initial', progress: 0, stage: '', error: { type: 'analysis_failed', message: done.detail || 'The analysis failed. Please try again.' } });
      onSettled?.();
      return;
    }
    set({
      progress: 100,
      stage: /completed successfully/i.test(done.current_stage ?? '') ? (done.current_stage as string) : 'Analysis completed successfully',
    });
    await wait(COMPLETE_DELAY_MS, signal);
    cacheAnalysis(done);
    set({ analysis: done, file: null, progress: 0, view: 'complete' });
    onSettled?.();
  };

  const start = async (given?: File, purpose: UploadPurpose = 'analyze') => {
    const file = given ?? state.file;
    if (!file) return;
    const signal = newRun();
    set({ error: null, limit: null, trialOpen: false, file, analysis: null, view: 'analyzing', progress: 0, stage: 'Uploading file...' });
    try {
      const first = await startAnalysis(kind, file, signal, purpose);
      onAccepted?.();
      await follow(first, signal);
    } catch (err) {
      await fail(err);
    }
  };

  const open = async (item: RecentItem) => {
    const signal = newRun();
    set({ error: null, file: null, view: 'selected', analysis: null });
    try {
      const a = cachedAnalysis(item.id) ?? (await getAnalysis(kind, item.id, signal));
      if (signal.aborted) return;
      if (!a || typeof a.id !== 'string') {
        set({ view: 'initial' });
        return;
      }
      if (a.status === 'completed') {
        cacheAnalysis(a);
        set({ analysis: a, view: 'complete' });
      } else if (a.status === 'failed') {
        set({ view: 'initial', error: { type: 'analysis_failed', message: a.detail || 'This analysis failed. Please upload the file again.' } });
      } else {
        set({ view: 'analyzing' });
        await follow(a, signal);
      }
    } catch (err) {
      if (isAbort(err)) return;
      set({ view: 'initial' });
      const c = classifyFailure(err);
      if (c.kind === 'panel' && !(err instanceof ApiError && err.status === 404)) set({ error: c.error });
    }
  };

  const reset = useCallback(() => {
    runRef.current?.abort();
    setState((s) => ({ ...s, view: 'initial', analysis: null, file: null, progress: 0, stage: '' }));
  }, []);

  return {
    ...state,
    choose: (file) =>
      set((s) => ({ error: null, limit: null, trialOpen: false, file, view: file ? 'selected' : 'initial', analysis: file ? null : s.analysis })),
    refuse: (error) => set({ limit: null, trialOpen: false, error }),
    start,
    open,
    reset,
    replace: (a) => {
      cacheAnalysis(a);
      set({ analysis: a });
    },
    dismissError: () => set({ error: null }),
    closeLimit: () => set({ limit: null }),
    closeTrial: () => set({ trialOpen: false }),
  };
}
