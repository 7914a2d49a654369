import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getSource, type SourceTrace } from '../api/versions-api';
import { useKeyedState } from '../../../lib/use-keyed-state';

/** Props of SourcePanel. */
export interface SourcePanelProps {
  analysisId: string;
  /** Re-reads the trace when the model changes. */
  version: number;
  /** The element selected in the diagram: its sentences are marked. */
  selectedElement: string | null;
  /** A sentence was chosen: highlight its elements in the diagram. */
  onSelectSentence: (elements: string[]) => void;
  /**
   * Turns an uncovered sentence into a task next to an element of a
   * neighbouring sentence, named as the diagram names it (never its id).
   */
  onMakeTask: (name: string, place: { after?: string; before?: string }) => void;
  /** The name an element has in the diagram; elements without one are not offered as a place. */
  nameOf: (id: string) => string | undefined;
  /**
   * Whether the diagram has an element of this name: a sentence already
   * made into a task (its task has no source sentence) is not offered again.
   */
  hasName?: (name: string) => boolean;
  busy: boolean;
}

/** A task name from a sentence: its first words, without a list number or bullet and without the full stop. */
export function taskNameFrom(sentence: string): string {
  const words = sentence
    .trim()
    .replace(/^(?:\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxIVX]{1,5})[.)]|\d{1,3}(?:\.\d{1,3})+|[-–•*·▪◦])\s+/, '')
    .replace(/[.!?;:]+$/, '')
    .replace(/["'“”]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const name = words.slice(0, 8).join(' ');
  return name.length > 60 ? `${name.slice(0, 57)}…` : name;
}

/** Index of the first sentence that produced `el`, or -1. */
function sentenceOf(t: SourceTrace | null, el: string | null): number {
  return t && el ? t.sentences.findIndex((s) => s.elements.includes(el)) : -1;
}

/**
 * Where each element came from: the document text sentence by sentence.
 * Sentences that produced elements are marked and select them in the
 * diagram; the others are flagged as possibly missed, with a one-click
 * "Make a task".
 */
export function SourcePanel({ analysisId, version, selectedElement, onSelectSentence, onMakeTask, nameOf, hasName, busy }: SourcePanelProps) {
  // The trace of this analysis and version; a new one reads as loading at once.
  const [loaded, setLoaded] = useKeyedState<{ trace: SourceTrace | null; error: string | null }>(`${analysisId}@${version}`, {
    trace: null,
    error: null,
  });
  const { trace, error } = loaded;
  const [active, setActive] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const ctl = new AbortController();
    getSource(analysisId, ctl.signal)
      .then((t) => setLoaded({ trace: t, error: null }))
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setLoaded({ trace: null, error: err instanceof ApiError ? err.detail : 'The document text could not be loaded. Please try again.' });
      });
    return () => ctl.abort();
  }, [analysisId, version, setLoaded]);

  // A click in the diagram marks the sentences the element came from: the
  // mark follows while rendering, the list scrolls to it once painted.
  const [seen, setSeen] = useState({ trace, selectedElement });
  if (seen.trace !== trace || seen.selectedElement !== selectedElement) {
    setSeen({ trace, selectedElement });
    if (trace && selectedElement) {
      const i = sentenceOf(trace, selectedElement);
      setActive(i >= 0 ? i : null);
    }
  }
  useEffect(() => {
    const i = sentenceOf(trace, selectedElement);
    const el = i >= 0 ? listRef.current?.querySelector<HTMLElement>(`[data-sentence="${i}"]`) : null;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
  }, [trace, selectedElement]);

  if (error) return <p className="az-source-state muted">{error}</p>;
  if (!trace)
    return (
      <p className="az-source-state muted" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the document text…
      </p>
    );
  const missed = trace.sentences.filter((s) => s.elements.length === 0).length;
  // The new task goes after the last named element of the sentences
  // before it, or before the first named one of those after it; refine
  // finds elements by the name a person sees, and the message repeats it.
  const placeOf = (i: number): { after?: string; before?: string } => {
    for (let j = i - 1; j >= 0; j--) {
      const named = trace.sentences[j].elements.map(nameOf).filter((n): n is string => !!n);
      if (named.length) return { after: named[named.length - 1] };
    }
    for (let j = i + 1; j < trace.sentences.length; j++) {
      const named = trace.sentences[j].elements.map(nameOf).filter((n): n is string => !!n);
      if (named.length) return { before: named[0] };
    }
    return {};
  };
  return (
    <div className="az-source" aria-label="Source text">
      <p className="az-source-summary" data-testid="source-coverage">
        <strong>{Math.round(trace.coverage * 100)} %</strong> of {trace.sentences.length} sentences produced an element;{' '}
        {missed} may have been missed (marked). Click a sentence to find its elements, or an element in the diagram to find its sentence.
      </p>
      <ol className="az-source-list" ref={listRef}>
        {trace.sentences.map((s, i) => {
          const covered = s.elements.length > 0;
          return (
            <li key={`${s.start}-${s.end}`} data-sentence={i} className={`${covered ? 'is-covered' : 'is-missed'}${active === i ? ' is-active' : ''}`}>
              <button
                type="button"
                className="az-source-sentence"
                aria-pressed={active === i}
                onClick={() => {
                  setActive(i);
                  onSelectSentence(s.elements);
                }}
              >
                {s.text}
              </button>
              {covered ? (
                <span className="az-badge">{s.elements.length} element{s.elements.length === 1 ? '' : 's'}</span>
              ) : hasName?.(taskNameFrom(s.text)) ? (
                <span className="az-badge">Task made</span>
              ) : (
                <button type="button" className="btn btn-small" disabled={busy} onClick={() => onMakeTask(taskNameFrom(s.text), placeOf(i))}>
                  Make a task
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
