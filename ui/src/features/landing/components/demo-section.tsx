import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { UploadErrorPanel, type UploadError } from '../../../components/upload-error-panel';
import { useRegisterNow } from '../../../components/use-register-now';
import { ApiError } from '../../../lib/api-client';
import { isAbort, poll, PollTimeoutError, wait } from '../../../lib/poll';
import { analyzeDemo, demoError, getDemoAnalysis, type DemoAnalysis } from '../api/demo-api';
import { deviceId } from '../lib/device-id';
import { limitReached, recordUsage, todaysUsage, updateLastAnalysis, type DemoUsage } from '../lib/demo-usage';
import { demoTexts, type DemoKind } from '../lib/file-rules';
import { DemoDropzone } from './demo-dropzone';
import { Icon } from '../../../components/icons';
import '../landing.css';

// The viewer is fetched only once there is a diagram to show: a first-time
// visitor's landing page loads no diagram code (initial JS ≤ 110 KB gz).
const BpmnViewer = lazy(() => import('../../../components/bpmn-viewer').then((m) => ({ default: m.BpmnViewer })));

function DemoDiagram({ xml }: { xml: string }) {
  return (
    <Suspense fallback={<div className="demo-viewer-loading" style={{ height: 480 }} aria-busy="true">Loading the diagram…</div>}>
      <BpmnViewer xml={xml} height={480} />
    </Suspense>
  );
}

/** Progress and message timing (spec part 2 §4, §9). */
export const PROGRESS_STEP_MS = 150;
export const PROGRESS_CAP = 95;
export const MESSAGE_ROTATE_MS = 5000;
export const RESULTS_DELAY_MS = 1000;
const POLL_MS = 1500;
const GENERATE_POLL_MS = 2000;
const GENERATE_MAX_MS = 10 * 60 * 1000;

export const progressMessages = [
  'Initializing process symphony...',
  'Decrypting your process DNA...',
  'Assembling the BPMN puzzle pieces...',
  'Almost there! Polishing the final details...',
];

const pendingStatuses = new Set(['queued', 'pending', 'running', 'processing', 'started']);
/** Failed polls in a row (network, 5xx) after which the demo gives up and says so. */
const DEMO_MAX_FAILURES = 5;

/** True once the demo analysis will not change: it has its diagram or is no longer pending. */
function isSettled(r: DemoAnalysis): boolean {
  return Boolean(r.bpmn_xml) || !pendingStatuses.has(r.status ?? '');
}

interface DemoResult {
  id?: string;
  fileName: string;
  processName: string;
  bpmnXml: string;
  status: string;
  message: string;
}

type Step = 'upload' | 'analyzing' | 'results';

/** Anonymous demo: upload → analyzing → results, one analysis per device per UTC day. */
export function DemoSection() {
  const device = useMemo(() => deviceId(), []);
  const registerNow = useRegisterNow();
  const [previous, setPrevious] = useState<DemoUsage | null>(() => todaysUsage(device));
  const [step, setStep] = useState<Step>('upload');
  const [files, setFiles] = useState<Record<DemoKind, File | null>>({ document: null, image: null });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DemoKind, string>>>({});
  const [error, setError] = useState<{ kind: DemoKind; error: UploadError } | null>(null);
  const [progress, setProgress] = useState(0);
  const [messageIndex, setMessageIndex] = useState(0);
  const [stageText, setStageText] = useState<string | null>(null);
  const [result, setResult] = useState<DemoResult | null>(null);
  const [generating, setGenerating] = useState(false);
  const [generateNote, setGenerateNote] = useState<string | null>(null);
  const [exportError, setExportError] = useState<UploadError | null>(null);
  // Aborted when the section goes away: polls and pauses stop, requests in flight are cancelled.
  const leave = useRef<AbortController | null>(null);
  useEffect(() => {
    const c = new AbortController();
    leave.current = c;
    return () => c.abort();
  }, []);

  // Simulated progress and rotating messages while analyzing.
  useEffect(() => {
    if (step !== 'analyzing') return;
    const p = setInterval(() => setProgress((v) => (v < PROGRESS_CAP ? v + 1 : v)), PROGRESS_STEP_MS);
    const m = setInterval(() => setMessageIndex((i) => Math.min(i + 1, progressMessages.length - 1)), MESSAGE_ROTATE_MS);
    return () => {
      clearInterval(p);
      clearInterval(m);
    };
  }, [step]);

  const setFile = (kind: DemoKind, file: File | null) => {
    setFiles((f) => ({ ...f, [kind]: file }));
    setFieldErrors((e) => ({ ...e, [kind]: undefined }));
    setError(null);
  };

  const applyServerProgress = (res: DemoAnalysis) => {
    if (typeof res.progress === 'number' && res.progress > 0) {
      setProgress((v) => Math.max(v, Math.min(PROGRESS_CAP, Math.round(res.progress as number))));
    }
    const stage = res.current_stage || res.stage;
    if (stage) setStageText(stage);
  };

  const run = useCallback(
    async (kind: DemoKind) => {
      const file = files[kind];
      if (!file) {
        setFieldErrors((e) => ({ ...e, [kind]: demoTexts[kind].empty }));
        return;
      }
      if (limitReached(device)) {
        setError({ kind, error: { type: 'daily_limit', message: demoTexts[kind].limit } });
        return;
      }
      setError(null);
      setExportError(null);
      setProgress(0);
      setMessageIndex(0);
      setStageText(null);
      setStep('analyzing');
      const signal = leave.current?.signal ?? new AbortController().signal;
      try {
        const first = await analyzeDemo(file, kind, device, signal);
        applyServerProgress(first);
        const id = first.id;
        const res =
          id && !isSettled(first)
            ? await poll({
                fetch: (s) => getDemoAnalysis(id, device, s),
                settled: isSettled,
                onAnswer: applyServerProgress,
                delay: () => POLL_MS,
                signal,
                maxFailures: DEMO_MAX_FAILURES,
              })
            : first;
        if (res.status === 'failed' || res.status === 'error') {
          throw new ApiError(500, res.detail || res.message || 'Analysis failed with status 500');
        }
        const next: DemoResult = {
          id: res.id,
          fileName: file.name,
          processName: res.process_name || 'Process Analysis',
          bpmnXml: res.bpmn_xml ?? '',
          status: res.status ?? 'completed',
          message: res.message ?? '',
        };
        setProgress(100);
        const rec = recordUsage(device, {
          fileName: file.name,
          bpmnXml: next.bpmnXml,
          timestamp: new Date().toISOString(),
          processName: next.processName,
        });
        await wait(RESULTS_DELAY_MS, signal);
        setResult(next);
        setPrevious(rec);
        setStep('results');
      } catch (err) {
        if (isAbort(err) || signal.aborted) return;
        const mapped =
          err instanceof ApiError && err.status === 500 && !err.detail.startsWith('Request failed')
            ? { type: 'other' as const, message: err.detail }
            : demoError(err, kind);
        setError({ kind, error: mapped });
        setStep('upload');
      }
    },
    [device, files],
  );

  /** 'Generate Process Model': keeps polling the timed-out analysis until its diagram exists. */
  const generate = async () => {
    if (!result?.id || generating) return;
    const id = result.id;
    const signal = leave.current?.signal ?? new AbortController().signal;
    setGenerating(true);
    setGenerateNote(null);
    const failed = (r: DemoAnalysis) => r.status === 'failed' || r.status === 'error';
    try {
      const res = await poll({
        fetch: (s) => getDemoAnalysis(id, device, s),
        settled: (r) => Boolean(r.bpmn_xml) || failed(r),
        onAnswer: (r) => {
          if (!r.bpmn_xml && !failed(r) && r.message) setStageText(r.current_stage || r.message);
        },
        // The first check at once, then every GENERATE_POLL_MS.
        delay: (n) => (n === 0 ? 0 : GENERATE_POLL_MS),
        signal,
        maxFailures: DEMO_MAX_FAILURES,
        timeoutMs: GENERATE_MAX_MS,
      });
      if (res.bpmn_xml) {
        const next = { ...result, bpmnXml: res.bpmn_xml, status: res.status ?? 'completed', processName: res.process_name || result.processName };
        setResult(next);
        updateLastAnalysis(device, {
          fileName: next.fileName,
          bpmnXml: next.bpmnXml,
          timestamp: new Date().toISOString(),
          processName: next.processName,
        });
        setPrevious(todaysUsage(device));
      } else {
        setGenerateNote(res.detail || res.message || 'The process model could not be generated. Please try analyzing the file again.');
      }
    } catch (err) {
      if (isAbort(err) || signal.aborted) return;
      if (err instanceof PollTimeoutError) setGenerateNote('BPMN generation is still taking longer than expected. Please try again in a few minutes.');
      else setGenerateNote(demoError(err, 'document').message ?? 'Analysis failed. Check your connection and try again.');
    }
    setGenerating(false);
  };

  const errorAction = (kind: DemoKind, e: UploadError) => {
    if (e.type === 'daily_limit' || e.type === 'export_limit') return registerNow;
    if (e.type === 'network' || e.type === 'other') return () => void run(kind);
    return () => {
      setFile(kind, null);
      setError(null);
    };
  };

  const exportPanel = exportError ? (
    <UploadErrorPanel error={exportError} onAction={registerNow} onClose={() => setExportError(null)} />
  ) : null;

  if (step === 'analyzing') {
    return (
      <div className="card demo-analyzing" aria-live="polite">
        <h3>Analyzing your process...</h3>
        <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <div className="progress-bar" style={{ width: `${progress}%` }} />
        </div>
        <p>{progressMessages[messageIndex]}</p>
        {stageText ? <p className="muted">{stageText}</p> : null}
      </div>
    );
  }

  if (step === 'results' && result) {
    const timedOut = !result.bpmnXml && result.status === 'timeout';
    return (
      <div className="card demo-results">
        <div className="result-head">
          <div>
            <h3>Analysis Complete</h3>
            <p className="muted">
              <strong>{result.processName}</strong> · {result.fileName}
            </p>
          </div>
          <div className="result-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setExportError({ type: 'export_limit', message: 'BPMN export is available for registered users.' })}
            >
              BPMN Export
            </button>
            <button type="button" className="btn btn-primary" onClick={registerNow}>
              Register Now
            </button>
          </div>
        </div>
        {exportPanel}
        {result.bpmnXml ? (
          <DemoDiagram xml={result.bpmnXml} />
        ) : timedOut ? (
          <div className="notice" role="status">
            <p>{result.message || 'BPMN generation taking longer than expected'}</p>
            {generating ? (
              <p>
                <span className="spinner" aria-hidden="true" /> Generating process model...
              </p>
            ) : null}
            {generateNote ? <p>{generateNote}</p> : null}
            <button type="button" className="btn btn-primary" disabled={generating} onClick={() => void generate()}>
              Generate Process Model
            </button>
          </div>
        ) : (
          <div className="notice">{result.message || 'BPMN generation taking longer than expected'}</div>
        )}
        <p className="muted">Register to analyze up to 5 documents a day, keep your results and export them as BPMN.</p>
      </div>
    );
  }

  if (previous && previous.count > 0 && limitReached(device)) {
    const last = previous.lastAnalysis;
    return (
      <div className="card demo-previous">
        <div className="result-head">
          <div>
            <h3>Previous Analysis Result</h3>
            {last ? (
              <p className="muted">
                <strong>{last.processName || 'Process Analysis'}</strong> · {last.fileName}
              </p>
            ) : null}
          </div>
          <div className="result-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setExportError({ type: 'export_limit', message: 'BPMN export is available for registered users.' })}
            >
              BPMN Export
            </button>
            <button type="button" className="btn btn-primary" onClick={registerNow}>
              Register Now
            </button>
          </div>
        </div>
        <p className="notice">
          You have used today's free demo analysis (1 per day). Register for more uses — 5 analyses per day during your
          14-day free trial.
        </p>
        {exportPanel}
        {last?.bpmnXml ? <DemoDiagram xml={last.bpmnXml} /> : null}
      </div>
    );
  }

  return (
    <div className="demo-panels">
      {(['document', 'image'] as const).map((kind) => (
        <div className="card demo-panel" key={kind} data-testid={`demo-${kind}`}>
          <h3>
            <Icon name={kind} />
            {kind === 'document' ? 'Document Analyzer' : 'Image Analyzer'}
          </h3>
          <p className="muted">
            {kind === 'document'
              ? 'Upload a process description, SOP or call transcript and get a BPMN diagram.'
              : 'Upload a photo or screenshot of a process diagram and get a clean BPMN model.'}
          </p>
          <DemoDropzone
            kind={kind}
            file={files[kind]}
            onFile={(f) => setFile(kind, f)}
            onInvalid={(e) => {
              if (e.type === 'many') setFieldErrors((fe) => ({ ...fe, [kind]: e.message }));
              else setError({ kind, error: { type: e.type, message: e.message } });
            }}
          />
          {fieldErrors[kind] ? (
            <p className="form-error" role="alert">
              {fieldErrors[kind]}
            </p>
          ) : null}
          {error && error.kind === kind ? (
            <UploadErrorPanel error={error.error} onAction={errorAction(kind, error.error)} onClose={() => setError(null)} />
          ) : null}
          <button type="button" className="btn btn-primary" onClick={() => void run(kind)}>
            Start Analysis
          </button>
        </div>
      ))}
    </div>
  );
}

export default DemoSection;
