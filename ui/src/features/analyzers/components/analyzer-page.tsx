import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { UploadErrorPanel, type UploadError } from '../../../components/upload-error-panel';
import { ApiError } from '../../../lib/api-client';
import { useAccountStore } from '../../../stores/account-store';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LimitModal } from '../../../components/limit-modal';
import { TrialExpiredModal } from '../../../components/trial-expired-modal';
import type { LimitInfo } from '../../../lib/membership/limit';
import { resolveLimitInfo } from '../../../lib/membership/resolve-limit';
import { clearMembership } from '../../../lib/membership/user-cache';
import {
  deleteAnalysis,
  exportAnalysis,
  exportFilename,
  getAnalysis,
  listRecent,
  saveBlob,
  startAnalysis,
} from '../api/analysis-api';
import type { Analysis, AnalyzerKind, ExportType, RecentItem } from '../api/types';
import { useGraphStatus } from '../hooks/use-graph-status';
import { useIsMobile } from '../hooks/use-is-mobile';
import { cacheAnalysis, cachedAnalysis, clearAnalysisCache } from '../lib/cache';
import { TEXTS } from '../lib/file-rules';
import { filterRecent } from '../lib/filters';
import { isFinished, pollUntilDone, wait } from '../lib/poll';
import { splitSections } from '../lib/sections';
import { AnalyzerDropzone } from './analyzer-dropzone';
import { BpmnTabs } from './bpmn-tabs';
import { ExportOptions } from './export-options';
import { ProcessTabs } from './process-tabs';
import { ProgressPanel } from './progress-panel';
import { RecentList } from './recent-list';
import { ResultsFooter } from './results-footer';
import { ResultsHeader } from './results-header';
import { SectionsView } from './sections-view';
import '../analyzers.css';

/** Page states (spec §4). */
export type ViewState = 'initial' | 'selected' | 'analyzing' | 'complete';

/** Copy of each analyzer page. */
const pages: Record<AnalyzerKind, { title: string; intro: string; more?: { to: string; label: string; text: string } }> = {
  document: {
    title: 'Document Analyzer',
    intro: 'Extract BPMN and SIPOC elements, systems, Work Time (WT) and Wait Time (wt) from your process documents.',
    more: { to: '/image-analyzer', label: 'Image Analyzer', text: 'Have a picture of a process diagram? Turn it into an editable model.' },
  },
  image: {
    title: 'Image Analyzer',
    intro: 'Turn images of process diagrams into editable structured formats: BPMN, SIPOC and a process summary.',
    more: { to: '/document-analyzer', label: 'Document Analyzer', text: 'Have a written procedure or a call transcript? Analyze the document.' },
  },
  bpmn: {
    title: 'BPMN Analyzer',
    intro: 'Validate your BPMN process models against modelling best practices: inventory, complexity, quality issues, a quality score and suggestions.',
  },
};

const exportFormats: Record<AnalyzerKind, ExportType[]> = {
  document: ['txt', 'xlsx', 'bpmn'],
  image: ['txt', 'xlsx', 'bpmn'],
  bpmn: ['txt', 'docx', 'pdf'],
};

/** Delay between 'completed successfully' and the results (spec §9). */
const COMPLETE_DELAY_MS = 1000;

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

/** One analyzer page: upload, progress, recent list, results and modals. */
export function AnalyzerPage({ kind }: { kind: AnalyzerKind }) {
  const mobile = useIsMobile();
  const dbUserId = useAccountStore((s) => s.dbUserId);
  const [view, setView] = useState<ViewState>('initial');
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [progress, setProgress] = useState(0);
  const [stage, setStage] = useState('');
  const [error, setError] = useState<UploadError | null>(null);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const [trialOpen, setTrialOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [recent, setRecent] = useState<RecentItem[]>([]);
  const [recentLoading, setRecentLoading] = useState(true);
  const [exporting, setExporting] = useState<ExportType | null>(null);
  const runRef = useRef<AbortController | null>(null);
  const resultsRef = useRef<HTMLElement>(null);

  const loadRecent = useCallback(async () => {
    setRecentLoading(true);
    const items = await listRecent(kind);
    setRecent(filterRecent(kind, items));
    setRecentLoading(false);
  }, [kind]);

  useEffect(() => {
    void loadRecent();
    // Leaving the page stops any polling.
    return () => runRef.current?.abort();
  }, [loadRecent]);

  const complete = analysis && view === 'complete' ? analysis : null;
  const graph = useGraphStatus(
    kind === 'bpmn' ? null : (complete?.id ?? null),
    complete?.graph?.status,
    complete?.completed_at ?? complete?.updated_at,
  );
  // A result replaces what the person was looking at (a card far down the
  // Recent list on a phone): bring its top into view instead of leaving the
  // page scrolled into the middle of it.
  const completeId = complete?.id;
  useEffect(() => {
    const el = resultsRef.current;
    if (!completeId || !el) return;
    const top = el.getBoundingClientRect().top;
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    if (top < header || top > window.innerHeight * 0.5) el.scrollIntoView({ block: 'start' });
  }, [completeId]);
  const sections = useMemo(() => splitSections(complete?.formatted_text), [complete?.formatted_text]);

  const reset = () => {
    runRef.current?.abort();
    setView('initial');
    setAnalysis(null);
    setFile(null);
    setProgress(0);
    setStage('');
  };

  const fail = async (err: unknown) => {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    setView('initial');
    setFile(null);
    setProgress(0);
    setStage('');
    const c = classifyFailure(err);
    if (c.kind === 'panel') setError(c.error);
    else if (c.kind === 'limit') setLimit(await resolveLimitInfo(c.detail));
    else setTrialOpen(true);
  };

  /** Follows a queued or running analysis until it finishes, then shows it after 1 s. */
  const follow = async (first: Analysis, signal: AbortSignal) => {
    const show = (a: Analysis) => {
      setAnalysis(a);
      setProgress((p) => Math.max(p, a.progress ?? 0));
      if (a.current_stage) setStage(a.current_stage);
    };
    show(first);
    const done = isFinished(first) ? first : await pollUntilDone((s) => getAnalysis(kind, first.id, s), show, signal);
    if (done.status === 'failed') {
      setView('initial');
      setProgress(0);
      setStage('');
      setError({ type: 'analysis_failed', message: done.detail || 'The analysis failed. Please try again.' });
      void loadRecent();
      return;
    }
    setProgress(100);
    setStage(/completed successfully/i.test(done.current_stage ?? '') ? (done.current_stage as string) : 'Analysis completed successfully');
    await wait(COMPLETE_DELAY_MS, signal);
    cacheAnalysis(done);
    setAnalysis(done);
    setFile(null);
    setProgress(0);
    setView('complete');
    void loadRecent();
  };

  const start = async () => {
    if (!file) return;
    runRef.current?.abort();
    const controller = new AbortController();
    runRef.current = controller;
    setError(null);
    setView('analyzing');
    setProgress(0);
    setStage('Uploading file...');
    try {
      const first = await startAnalysis(kind, file, controller.signal);
      clearMembership(dbUserId);
      await follow(first, controller.signal);
    } catch (err) {
      await fail(err);
    }
  };

  const pick = async (item: RecentItem) => {
    runRef.current?.abort();
    const controller = new AbortController();
    runRef.current = controller;
    setError(null);
    setFile(null);
    setView('selected');
    setAnalysis(null);
    try {
      const cached = cachedAnalysis(item.id);
      const a = cached ?? (await getAnalysis(kind, item.id, controller.signal));
      if (controller.signal.aborted) return;
      if (!a || typeof a.id !== 'string') {
        setView('initial');
        return;
      }
      if (a.status === 'completed') {
        cacheAnalysis(a);
        setAnalysis(a);
        setView('complete');
      } else if (a.status === 'failed') {
        setView('initial');
        setError({ type: 'analysis_failed', message: a.detail || 'This analysis failed. Please upload the file again.' });
      } else {
        setView('analyzing');
        await follow(a, controller.signal);
      }
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setView('initial');
      const c = classifyFailure(err);
      if (c.kind === 'panel' && !(err instanceof ApiError && err.status === 404)) setError(c.error);
    }
  };

  const chooseFile = (f: File | null) => {
    setError(null);
    setLimit(null);
    setTrialOpen(false);
    setFile(f);
    setView(f ? 'selected' : 'initial');
    if (f) setAnalysis(null);
  };

  const confirmDelete = async () => {
    if (!analysis) return;
    try {
      await deleteAnalysis(analysis.id);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) {
        window.alert('Failed to delete analysis. Please try again.');
        setDeleteOpen(false);
        return;
      }
    }
    clearAnalysisCache(analysis.id);
    setDeleteOpen(false);
    reset();
    void loadRecent();
  };

  const doExport = async (type: ExportType) => {
    if (!complete) return;
    setExporting(type);
    try {
      const blob = await exportAnalysis(type, complete);
      saveBlob(blob, exportFilename(complete.process_name, type));
    } catch (err) {
      const msg = err instanceof ApiError ? err.detail : (err as Error).message;
      window.alert(type === 'bpmn' ? `BPMN export failed: ${msg}` : `Export failed: ${msg}`);
    } finally {
      setExporting(null);
    }
  };

  /** A new version was stored: the text, SIPOC, items and exports follow it. */
  const refreshAfterChange = async () => {
    if (!complete) return;
    const fresh = await getAnalysis(kind, complete.id);
    cacheAnalysis(fresh);
    setAnalysis(fresh);
  };

  const page = pages[kind];
  const busy = view === 'analyzing';
  const recentList = (
    <RecentList kind={kind} items={recent} loading={recentLoading} selectedId={analysis?.id} onPick={(i) => void pick(i)} />
  );
  return (
    <div className={`page az-page az-${kind}`} data-state={view}>
      <header className="az-head">
        <h1>{page.title}</h1>
        <p className="muted">{page.intro}</p>
      </header>
      {complete ? (
        <div className="az-layout az-layout-result">
          <section className="card az-results" data-testid="analysis-results" ref={resultsRef}>
            <ResultsHeader mobile={mobile} onNew={reset} onDelete={() => setDeleteOpen(true)} />
            <h3 className="az-process-name" data-testid="process-name">
              {complete.process_name || 'Unnamed process'}
            </h3>
            <ExportOptions
              formats={exportFormats[kind]}
              graphReady={kind === 'bpmn' || graph.exists}
              busy={exporting}
              mobile={mobile}
              onExport={(t) => void doExport(t)}
            />
            {kind === 'bpmn' ? <BpmnTabs analysis={complete} mobile={mobile} onChanged={refreshAfterChange} /> : <ProcessTabs analysis={complete} graph={graph} mobile={mobile} onChanged={refreshAfterChange} />}
            <h3 className="az-sub">Full Report</h3>
            <SectionsView sections={sections} />
            <ResultsFooter analysis={complete} />
          </section>
        {recentList}
        </div>
      ) : (
        <div className="az-layout">
          <section className="card az-upload" aria-labelledby={`upload-${kind}`}>
            <h2 id={`upload-${kind}`}>{TEXTS[kind].title}</h2>
            {error ? (
              <UploadErrorPanel error={error} onAction={() => setError(null)} onClose={() => setError(null)} />
            ) : null}
            {view === 'selected' && !file ? (
              <p className="muted" role="status">
                <span className="spinner az-inline-spinner" aria-hidden="true" /> Loading analysis...
              </p>
            ) : (
              <AnalyzerDropzone
                kind={kind}
                file={file}
                disabled={busy}
                onFile={chooseFile}
                onInvalid={(p) => {
                  setLimit(null);
                  setTrialOpen(false);
                  setError({ type: p.type === 'size' ? 'size' : 'format', message: p.message });
                }}
              />
            )}
            {file ? (
              <button type="button" className="btn btn-primary az-start" disabled={busy || progress > 0} onClick={() => void start()}>
                {busy || progress > 0 ? 'Analyzing...' : 'Start Analysis'}
              </button>
            ) : null}
            {busy ? <ProgressPanel progress={progress} stage={stage} /> : null}
          </section>
          {recentList}
        </div>
      )}
      {page.more && !complete ? (
        <section className="card az-more">
          <h2>More Ways to Discover Your Processes</h2>
          <p>{page.more.text}</p>
          <Link className="btn btn-secondary" to={page.more.to}>
            Try the {page.more.label}
          </Link>
        </section>
      ) : null}
      <LimitModal open={limit !== null} info={limit} unit={TEXTS[kind].unit} onClose={() => setLimit(null)} />
      <TrialExpiredModal open={trialOpen} onClose={() => setTrialOpen(false)} />
      <ConfirmModal
        open={deleteOpen}
        title="Delete Analysis"
        message="Are you sure you want to delete this analysis? This action cannot be undone."
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
      />
    </div>
  );
}
