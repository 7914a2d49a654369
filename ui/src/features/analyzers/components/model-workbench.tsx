import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { BpmnViewer } from '../../../components/bpmn-viewer';
import { ApiError } from '../../../lib/api-client';
import { SourcePanel } from './source-panel';
import {
  getRelaid,
  layoutDiagram,
  getVersion,
  listVersions,
  checkRefinement,
  refineModel,
  restoreVersion,
  saveVersion,
  type SavedVersion,
  type VersionChange,
  type VersionInfo,
} from '../api/versions-api';
import { useKeyedState } from '../../../lib/use-keyed-state';

// The Modeler is a large chunk: loaded only when the user edits.
const BpmnEditor = lazy(() => import('../../../components/bpmn-editor').then((m) => ({ default: m.BpmnEditor })));

/** Props of ModelWorkbench. */
export interface ModelWorkbenchProps {
  analysisId: string;
  /** The latest version's BPMN XML. */
  xml: string;
  /** The latest version number (1 as generated). */
  version: number;
  height: number;
  /**
   * Called after a save, refinement or restore stored a new version; xml is
   * the new version's diagram when the browser already has it (an edit).
   */
  onChanged: (saved: SavedVersion, xml?: string) => Promise<void> | void;
  onRetry: () => void;
  /** Names the SVG and PNG downloads of the diagram. */
  processName?: string;
  /** Opens in Edit mode (a file opened in the editor, a blank diagram). */
  startEditing?: boolean;
  /** Offers Re-layout: SPADE's layout of the diagram, saved as a new version (or loaded into the editor). */
  canRelayout?: boolean;
}

type Mode = 'view' | 'edit';
type Panel = 'none' | 'refine' | 'versions' | 'source';

const sourceLabel: Record<string, string> = {
  analysis: 'Generated',
  edit: 'Edited',
  refine: 'Refined',
  restore: 'Restored',
};

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString();
}

/** A save that could not reach the server: the edits stay in the editor. */
const offlineText =
  'The diagram was not saved: you seem to be offline, or the server cannot be reached. Your edits are still here; save again once the connection is back.';

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.detail;
  return (err as Error).message || 'Something went wrong. Please try again.';
}

/**
 * The server's answer to an instruction it did not understand, apart: its
 * message, and the closest commands it does understand (the lines it
 * starts with "• "), which the workbench offers as buttons that fill the
 * box, instead of one paragraph with the bullets run together.
 */
export function refineAnswer(detail: string): { text: string; suggestions: string[] } {
  const lines = detail.split('\n');
  const bullet = /^\s*•\s*/;
  const suggestions = lines.filter((l) => bullet.test(l)).map((l) => l.replace(bullet, '').trim()).filter(Boolean);
  const text = lines.filter((l) => !bullet.test(l)).join(' ').replace(/\s+/g, ' ').trim();
  return { text, suggestions };
}

/**
 * What the editor shows when a save failed; the edits stay in the editor
 * either way. conflict (HTTP 409: someone saved first) makes the editor
 * offer a download of the edits and a reload of the latest version.
 */
export function saveFailure(err: unknown): Error & { conflict?: boolean } {
  if (err instanceof ApiError && err.status === 409) {
    return Object.assign(new Error(`${err.detail} Download your edits first if you want to keep them: reloading discards them.`), { conflict: true });
  }
  if (err instanceof ApiError && err.status === 0) return new Error(offlineText);
  return new Error(errorText(err));
}

/** Element id → name in a BPMN diagram (elements without a name are left out). */
export function elementNames(xml: string): Map<string, string> {
  const names = new Map<string, string>();
  if (typeof DOMParser === 'undefined') return names;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  for (const el of Array.from(doc.querySelectorAll('[id][name]'))) {
    const name = el.getAttribute('name')?.replace(/\s+/g, ' ').trim();
    if (name) names.set(el.getAttribute('id') as string, name);
  }
  return names;
}

/** The example commands shown under the refine box (the built-in grammar). */
const refineExamples = [
  "rename 'Check' to 'Check receipts'",
  "move 'Approve invoice' to Finance",
  "add step 'Archive invoice' after 'Pay invoice'",
  "delete 'Send reminder'",
  "make 'Check stock' and 'Check credit' parallel",
  "loop back from 'Review' to 'Correct claim' if incomplete",
  "after 'Review claim', if rejected, the process ends",
  "add timer '2 days' after 'Send offer'",
  "end the process after 'Send rejection letter'",
  "name the flow from 'Approved?' to 'Pay invoice' as 'Approved'",
];

/**
 * The Process Model tab's workbench: the viewer (default), Edit mode with
 * the bpmn-js Modeler, refinement in words and the version list with open,
 * compare (changed elements highlighted) and restore.
 */
export function ModelWorkbench({ analysisId, xml, version, height, onChanged, onRetry, processName, startEditing = false, canRelayout = false }: ModelWorkbenchProps) {
  const [mode, setMode] = useState<Mode>(startEditing ? 'edit' : 'view');
  const [panel, setPanel] = useState<Panel>('none');
  // The version list and an opened or compared version belong to one model
  // version and one open panel: another model or panel starts without them.
  const view = `${analysisId}@${version}:${panel}`;
  const [versions, setVersions] = useKeyedState<VersionInfo[] | null>(view, null);
  const [shown, setShown] = useKeyedState<{ version: number; xml: string; highlight: string[]; changes: VersionChange[]; compare?: number } | null>(
    view,
    null,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string; details?: string[]; suggestions?: string[] } | null>(null);
  const [instruction, setInstruction] = useState('');
  // A refusal belongs to the panel it came from: opening or closing a panel drops it (a success, with its Undo, stays).
  const dropError = () => setMessage((m) => (m?.kind === 'error' ? null : m));
  // A suggestion was chosen: the box (open again if it was closed) takes the focus once drawn.
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const [focusBox, setFocusBox] = useState(0);
  useEffect(() => {
    if (focusBox) boxRef.current?.focus();
  }, [focusBox]);
  const [lastRefine, setLastRefine] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [sourceHighlight, setSourceHighlight] = useState<string[] | undefined>(undefined);
  // Counts the person's requests to see elements (a sentence chosen, a compare opened): the viewer brings them on screen.
  const [revealKey, setRevealKey] = useState(0);
  // What the last refinement changed, shown (centred and highlighted) on the version it made.
  const [refined, setRefined] = useState<{ version: number; ids: string[] } | null>(null);
  // Names of the diagram's elements, read only while the Source panel needs them.
  const names = useMemo(() => (panel === 'source' ? elementNames(xml) : new Map<string, string>()), [panel, xml]);

  useEffect(() => {
    if (panel !== 'versions') return;
    let cancelled = false;
    listVersions(analysisId)
      .then((r) => !cancelled && setVersions(r.versions))
      .catch((err: unknown) => {
        if (cancelled) return;
        setVersions([]);
        setMessage({ kind: 'error', text: errorText(err) });
      });
    return () => {
      cancelled = true;
    };
  }, [analysisId, version, panel, setVersions]);

  const stored = async (saved: SavedVersion, text: string, details?: string[], xmlNow?: string) => {
    setMessage({ kind: 'ok', text, details });
    setShown(null);
    await onChanged(saved, xmlNow);
  };

  const save = async (edited: string) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw saveFailure(new ApiError(0, 'offline'));
    try {
      const saved = await saveVersion(analysisId, version, edited);
      setMode('view');
      setRefined(null);
      await stored(saved, `Saved as version ${saved.version}: ${saved.summary}.`, undefined, edited);
    } catch (err) {
      throw saveFailure(err);
    }
  };

  /** After a refused save: show the latest version (someone else's) instead of the edits. */
  const reload = async () => {
    const list = await listVersions(analysisId);
    setMode('view');
    setRefined(null);
    setLastRefine(null);
    setMessage({ kind: 'ok', text: `Reloaded: version ${list.latest} is the latest.` });
    setShown(null);
    // The page re-reads the analysis; the summary is not shown.
    await onChanged({ version: list.latest, summary: '', changes: [] });
  };

  /** Re-layout outside the editor: SPADE's layout of the latest version, stored as the next version. */
  const relayout = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const laid = await getRelaid(analysisId);
      if (laid.note && laid.xml.trim() === xml.trim()) {
        setMessage({ kind: 'error', text: laid.note });
        return;
      }
      const saved = await saveVersion(analysisId, version, laid.xml);
      setLastRefine(version);
      setRefined(null);
      await stored(saved, `Re-laid out as version ${saved.version}.`, laid.note ? [laid.note] : undefined, laid.xml);
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ApiError && err.status === 0 ? offlineText : errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const refine = async (given?: string) => {
    const text = (given ?? instruction).trim();
    if (!text) return;
    setBusy(true);
    setMessage(null);
    try {
      // Asked first: a sentence SPADE cannot act on is answered here, with a 200.
      const check = await checkRefinement(analysisId, text);
      if (!check.understood) {
        // A refused operation's reason may list names of its own ("• " lines), as the 422 detail does.
        const said = refineAnswer(check.message);
        setMessage({ kind: 'error', text: said.text, suggestions: check.suggestions.length ? check.suggestions : said.suggestions });
        return;
      }
      const saved = await refineModel(analysisId, version, text);
      setLastRefine(version);
      // Where the change is, so the new version opens on it; without it the diagram opens whole.
      const diff = await getVersion(analysisId, saved.version, version).catch(() => null);
      const ids = (diff?.changes ?? []).filter((c) => c.what !== 'removed').map((c) => c.id);
      setRefined(ids.length ? { version: saved.version, ids } : null);
      if (given === undefined) setInstruction('');
      const done = (saved.operations ?? []).map((o) => o.description);
      const missed = (saved.not_understood ?? []).map((s) => `Not understood: “${s}”`);
      await stored(saved, `Version ${saved.version}: ${saved.summary}.`, [...done, ...missed]);
    } catch (err) {
      setMessage({ kind: 'error', ...refineAnswer(errorText(err)) });
    } finally {
      setBusy(false);
    }
  };

  const restore = async (n: number, label?: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await restoreVersion(analysisId, n, version);
      setLastRefine(null);
      setRefined(null);
      await stored(saved, label ?? `Version ${n} restored as version ${saved.version}.`);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const open = async (n: number, compare?: number) => {
    setBusy(true);
    setMessage(null);
    try {
      const v = await getVersion(analysisId, n, compare);
      const changes = v.changes ?? [];
      setShown({
        version: n,
        xml: v.bpmn_xml,
        changes,
        compare,
        highlight: changes.filter((c) => c.what !== 'removed').map((c) => c.id),
      });
      if (compare) setRevealKey((k) => k + 1);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'edit') {
    return (
      <Suspense
        fallback={
          <p className="muted" role="status">
            <span className="spinner" aria-hidden="true" /> Loading the editor…
          </p>
        }
      >
        <BpmnEditor
          xml={xml}
          height={height}
          onSave={save}
          onCancel={() => setMode('view')}
          exportName={processName ?? ''}
          onRelayout={canRelayout ? (current) => layoutDiagram(analysisId, current) : undefined}
          onReload={reload}
        />
      </Suspense>
    );
  }

  const refinedHere = !shown && refined?.version === version ? refined.ids : undefined;
  return (
    <div className="az-workbench" data-testid="model-workbench">
      <div className="az-workbench-bar" role="toolbar" aria-label="Process model actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setMode('edit')} disabled={busy}>
          Edit diagram
        </button>
        {canRelayout ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void relayout()} disabled={busy}>
            Re-layout
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={panel === 'refine'}
          onClick={() => {
            setPanel((p) => (p === 'refine' ? 'none' : 'refine'));
            dropError();
          }}
        >
          Refine in words
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={panel === 'versions'}
          onClick={() => {
            setPanel((p) => (p === 'versions' ? 'none' : 'versions'));
            dropError();
          }}
        >
          Versions{version > 1 ? ` (${version})` : ''}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={panel === 'source'}
          onClick={() => {
            setPanel((p) => (p === 'source' ? 'none' : 'source'));
            setSourceHighlight(undefined);
            dropError();
          }}
        >
          Source
        </button>
        {version > 1 ? <span className="az-badge">Edited · version {version}</span> : null}
      </div>

      {message ? (
        <div className={`az-workbench-msg ${message.kind === 'ok' ? 'is-ok' : 'is-error'}`} role={message.kind === 'ok' ? 'status' : 'alert'}>
          <p>{message.text}</p>
          {message.details?.length ? (
            <ul>
              {message.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : null}
          {message.suggestions?.length ? (
            <ul className="az-refine-suggestions" aria-label="Commands SPADE understands">
              {message.suggestions.map((sg) => (
                <li key={sg}>
                  <button
                    type="button"
                    className="btn btn-small"
                    title="Put this command in the box to adjust and apply"
                    onClick={() => {
                      setInstruction(sg);
                      setPanel('refine');
                      setFocusBox((n) => n + 1);
                    }}
                  >
                    {sg}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {message.kind === 'ok' && lastRefine ? (
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void restore(lastRefine, `Undone: version ${lastRefine} is back.`)}>
              Undo
            </button>
          ) : null}
        </div>
      ) : null}

      {panel === 'refine' ? (
        <form
          className="az-refine"
          onSubmit={(e) => {
            e.preventDefault();
            void refine();
          }}
        >
          <label htmlFor={`refine-${analysisId}`}>Describe a change</label>
          <textarea
            ref={boxRef}
            id={`refine-${analysisId}`}
            value={instruction}
            maxLength={2000}
            rows={3}
            placeholder="move 'Approve invoice' to Finance"
            onChange={(e) => setInstruction(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void refine();
            }}
          />
          <div className="az-refine-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={busy || !instruction.trim()}>
              {busy ? 'Applying…' : 'Apply'}
            </button>
            <span className="muted">Each change is saved as a new version you can undo.</span>
          </div>
          <details className="az-refine-help">
            <summary>Commands the built-in assistant understands</summary>
            <ul>
              {refineExamples.map((ex) => (
                <li key={ex}>
                  <button type="button" className="linklike" onClick={() => setInstruction(ex)}>
                    {ex}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        </form>
      ) : null}

      {panel === 'versions' ? (
        <div className="az-versions" aria-label="Versions">
          {versions === null ? (
            <p className="muted" role="status">
              <span className="spinner" aria-hidden="true" /> Loading versions…
            </p>
          ) : (
            <ol className="az-version-list">
              {[...versions].reverse().map((v) => (
                <li key={v.version} className={v.version === version ? 'is-current' : undefined}>
                  <div className="az-version-head">
                    <strong>Version {v.version}</strong>
                    <span className="az-badge">{sourceLabel[v.source] ?? v.source}</span>
                    {v.version === version ? <span className="az-badge is-current">Current</span> : null}
                  </div>
                  <div className="muted">
                    {v.author ? `${v.author} · ` : ''}
                    {when(v.created_at)}
                  </div>
                  <div>{v.summary}</div>
                  <div className="az-version-actions">
                    <button type="button" className="btn btn-small" disabled={busy} onClick={() => void open(v.version)}>
                      Open
                    </button>
                    {v.version !== version ? (
                      <>
                        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void open(version, v.version)}>
                          Compare with current
                        </button>
                        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void restore(v.version)}>
                          Restore
                        </button>
                      </>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}

      {panel === 'source' ? (
        <SourcePanel
          analysisId={analysisId}
          version={version}
          selectedElement={selected}
          busy={busy}
          onSelectSentence={(ids) => {
            setSourceHighlight(ids);
            setRevealKey((k) => k + 1);
          }}
          nameOf={(id) => names.get(id)}
          hasName={(n) => [...names.values()].some((v) => v.replace(/’/g, "'").toLowerCase() === n.replace(/’/g, "'").toLowerCase())}
          onMakeTask={(name, place) => {
            const quote = (n: string) => `'${n.replace(/'/g, '’')}'`;
            const where = place.after ? `after ${quote(place.after)}` : place.before ? `before ${quote(place.before)}` : null;
            if (!where) {
              setMessage({ kind: 'error', text: 'No step of the diagram comes from the text around this sentence; add the task in the editor instead.' });
              return;
            }
            void refine(`add step ${quote(name)} ${where}`);
          }}
        />
      ) : null}

      {shown ? (
        <div className="az-version-shown" role="status">
          <p>
            {shown.compare
              ? `Current version compared with version ${shown.compare}: ${shown.changes.length} change${shown.changes.length === 1 ? '' : 's'} (highlighted).`
              : `Showing version ${shown.version}.`}{' '}
            <button type="button" className="linklike" onClick={() => setShown(null)}>
              Back to the current version
            </button>
          </p>
          {shown.compare && shown.changes.length ? (
            <ul className="az-change-list">
              {shown.changes.map((c) => (
                <li key={`${c.kind}-${c.id}-${c.what}`}>
                  {c.what} {c.kind.replace('_', ' ')} {c.name ? `“${c.name}”` : ''}
                  {c.to ? ` → ${c.to}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <BpmnViewer
        xml={shown ? shown.xml : xml}
        height={height}
        onRetry={onRetry}
        highlight={shown ? shown.highlight : panel === 'source' ? sourceHighlight : refinedHere}
        focus={shown?.compare ? shown.highlight : panel === 'source' && sourceHighlight?.length ? sourceHighlight : refinedHere}
        revealKey={revealKey}
        onElementClick={(id) => setSelected(id)}
        exportName={processName ?? ''}
        viewKey={shown ? undefined : analysisId}
        showViewOnlyNote={false}
        loadingText="Loading process model..."
        failedText="Failed to load process model. Please try again."
      />
    </div>
  );
}
