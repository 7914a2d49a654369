import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query/query-keys';
import { Link } from 'react-router';
import { UploadErrorPanel } from '../../../components/upload-error-panel';
import { ApiError } from '../../../lib/api-client';
import { useAccountStore } from '../../../stores/account-store';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LimitModal } from '../../../components/limit-modal';
import { TrialExpiredModal } from '../../../components/trial-expired-modal';
import { forgetUsage } from '../../../lib/membership/forget-usage';
import { deleteAnalysis, exportAnalysis, exportFilename, getAnalysis, saveBlob } from '../api/analysis-api';
import type { AnalyzerKind, ExportType } from '../api/types';
import { useAnalysisRun } from '../hooks/use-analysis-run';
import { useGraphStatus } from '../hooks/use-graph-status';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useRecent } from '../hooks/use-recent';
import { clearAnalysisCache } from '../lib/cache';
import { TEXTS } from '../lib/file-rules';
import { splitSections } from '../lib/sections';
import { blankDiagramFile } from '../lib/blank-diagram';
import { AnalyzerDropzone } from './analyzer-dropzone';
import { EditorStart } from './editor-start';
import { BpmnTabs } from './bpmn-tabs';
import { ExportOptions } from './export-options';
import { ProcessTabs } from './process-tabs';
import { ProgressPanel } from './progress-panel';
import { RecentList } from './recent-list';
import { ResultsFooter } from './results-footer';
import { ResultsHeader } from './results-header';
import { SectionsView } from './sections-view';
import '../analyzers.css';

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

/** One analyzer page: upload, progress, recent list, results and modals. */
export function AnalyzerPage({ kind }: { kind: AnalyzerKind }) {
  const mobile = useIsMobile();
  const dbUserId = useAccountStore((s) => s.dbUserId);
  const recent = useRecent(kind);
  const client = useQueryClient();
  const run = useAnalysisRun(kind, {
    onAccepted: () => void forgetUsage(client, dbUserId),
    // A failed analysis may have had its daily call given back: the next
    // look at usage asks the server.
    onSettled: () => {
      void forgetUsage(client, dbUserId);
      recent.reload();
    },
  });
  const { view, file, analysis, progress, stage, error, limit, trialOpen } = run;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportType | null>(null);
  // Set by "Open BPMN file in editor" and "New blank diagram": the result
  // opens on the Process Model tab in Edit mode instead of the report.
  const [startInEditor, setStartInEditor] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);

  const complete = analysis && view === 'complete' ? analysis : null;
  // One check for every kind: the Process Model tab and the BPMN export wait on it.
  const graph = useGraphStatus(complete?.id ?? null, complete?.graph?.status, complete?.completed_at ?? complete?.updated_at);
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

  // A 404 means it is gone already: that is what the person wanted.
  const removal = useMutation({
    mutationFn: (id: string) =>
      deleteAnalysis(id).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }),
    onSuccess: (_, id) => {
      clearAnalysisCache(id);
      client.removeQueries({ queryKey: queryKeys.graph(id) });
      void client.invalidateQueries({ queryKey: queryKeys.recent(kind) });
    },
  });
  const confirmDelete = async () => {
    if (!analysis) return;
    try {
      await removal.mutateAsync(analysis.id);
    } catch {
      window.alert('Failed to delete analysis. Please try again.');
      setDeleteOpen(false);
      return;
    }
    setDeleteOpen(false);
    run.reset();
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
    run.replace(await getAnalysis(kind, complete.id));
  };

  const page = pages[kind];
  const busy = view === 'analyzing';
  const recentList = (
    <RecentList
      kind={kind}
      items={recent.items}
      loading={recent.loading}
      selectedId={analysis?.id}
      onPick={(i) => {
        setStartInEditor(false);
        void run.open(i);
      }}
    />
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
            <ResultsHeader
              mobile={mobile}
              onNew={() => {
                setStartInEditor(false);
                run.reset();
              }}
              onDelete={() => setDeleteOpen(true)}
            />
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
            {kind === 'bpmn' ? (
              <BpmnTabs key={complete.id} analysis={complete} graph={graph} mobile={mobile} onChanged={refreshAfterChange} startInEditor={startInEditor} />
            ) : <ProcessTabs analysis={complete} graph={graph} mobile={mobile} onChanged={refreshAfterChange} />}
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
              <UploadErrorPanel error={error} onAction={run.dismissError} onClose={run.dismissError} />
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
                onFile={run.choose}
                onInvalid={(p) => run.refuse({ type: p.type === 'size' ? 'size' : 'format', message: p.message })}
              />
            )}
            {file ? (
              <button type="button" className="btn btn-primary az-start" disabled={busy || progress > 0} onClick={() => void run.start()}>
                {busy || progress > 0 ? 'Analyzing...' : 'Start Analysis'}
              </button>
            ) : null}
            {busy ? <ProgressPanel progress={progress} stage={stage} /> : null}
            {kind === 'bpmn' && !busy && !file ? (
              <EditorStart
                disabled={busy}
                onOpen={(f) => {
                  setStartInEditor(true);
                  void run.start(f, 'edit');
                }}
                onInvalid={(message) => run.refuse({ type: 'format', message })}
                onBlank={() => {
                  setStartInEditor(true);
                  void run.start(blankDiagramFile(), 'edit');
                }}
              />
            ) : null}
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
      <LimitModal open={limit !== null} info={limit} unit={TEXTS[kind].unit} onClose={run.closeLimit} />
      <TrialExpiredModal open={trialOpen} onClose={run.closeTrial} />
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
