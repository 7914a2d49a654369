import { Fragment } from 'react';
import { Icon, type IconName } from '../../../components/icons';
import type { AnalyzerKind, RecentItem } from '../api/types';
import { extensionOf } from '../lib/file-rules';

const titles: Record<AnalyzerKind, string> = {
  document: 'Recent Documents',
  image: 'Recent Images',
  bpmn: 'Recent BPMN Reports',
};

function iconFor(item: RecentItem): IconName {
  const ext = extensionOf(item.original_filename);
  if (item.analyzer_type === 'image') return 'image';
  if (item.analyzer_type === 'bpmn' || ext === '.bpmn' || ext === '.xml') return 'diagram';
  return 'document';
}

/**
 * A file or process name that may wrap after '_', '.', '-' and '/', where a
 * reader expects it ("expense_/process.txt"), never inside a word
 * ("expense_process.t/xt").
 */
export function breakableName(name: string): React.ReactNode {
  const parts = name.split(/(?<=[_.\-/])/);
  if (parts.length < 2) return name;
  return parts.map((p, i) => (
    <Fragment key={i}>
      <span>{p}</span>
      {i < parts.length - 1 ? <wbr /> : null}
    </Fragment>
  ));
}

/**
 * The file type a person knows a file by ("DOCX", "TXT", "BPMN"), from
 * its name; null when the name has no extension or is unknown.
 */
export function fileTypeLabel(name: string | undefined): string | null {
  if (!name || name === 'unknown') return null;
  const ext = extensionOf(name);
  return ext && ext.length > 1 && ext.length <= 6 ? ext.slice(1).toUpperCase() : null;
}

/** Date and time of a recent item in the user's locale; unparseable values are shown as sent. */
export function formatWhen(ts: string): string {
  const d = new Date(ts);
  if (!ts || Number.isNaN(d.getTime())) return ts;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Props of RecentList. */
export interface RecentListProps {
  kind: AnalyzerKind;
  items: RecentItem[];
  loading: boolean;
  selectedId?: string | null;
  onPick: (item: RecentItem) => void;
}

/** The recent analyses of one analyzer: cards in a grid (810 px scroll, cards ≥ 180 px). */
export function RecentList({ kind, items, loading, selectedId, onPick }: RecentListProps) {
  return (
    <section className="card az-recent" aria-labelledby={`recent-${kind}`}>
      <h2 id={`recent-${kind}`}>{titles[kind]}</h2>
      {loading && !items.length ? <p className="muted">Loading...</p> : null}
      {!loading && !items.length ? <p className="muted">No analyses yet. Upload a file to get started.</p> : null}
      <ul className={`az-recent-grid${kind === 'bpmn' ? ' az-recent-list' : ''}`} data-testid="recent-list">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`az-recent-card${item.id === selectedId ? ' selected' : ''}`}
              onClick={() => onPick(item)}
              data-testid="recent-item"
              data-id={item.id}
              title={item.original_filename}
            >
              <span className="az-recent-icon">
                <Icon name={iconFor(item)} size={22} />
              </span>
              <span className="az-recent-name">{breakableName(item.process_name || item.original_filename)}</span>
              {item.original_filename && item.original_filename !== 'unknown' ? (
                <span className="az-recent-file" data-testid="recent-file">
                  {fileTypeLabel(item.original_filename) ? <span className="az-file-type">{fileTypeLabel(item.original_filename)}</span> : null}
                  <span className="az-recent-filename">{breakableName(item.original_filename)}</span>
                </span>
              ) : null}
              <span className="az-recent-when muted">{formatWhen(item.timestamp)}</span>
              {item.status && item.status !== 'completed' ? <span className={`badge az-status-${item.status}`}>{item.status}</span> : null}
              {item.process_purpose ? <span className="az-recent-purpose muted">{item.process_purpose}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
