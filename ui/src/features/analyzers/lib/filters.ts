import type { AnalyzerKind, RecentItem } from '../api/types';
import { extensionOf } from './file-rules';

const imageExts = new Set(['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.gif', '.bmp', '.svg']);
const bpmnExts = new Set(['.bpmn', '.xml', '.json']);

/**
 * Whether a recent item belongs in an analyzer's list (spec §5): images by
 * extension or analyzer_type image; BPMN by extension or analyzer_type
 * bpmn; documents are everything else ('text' counts as a document).
 */
export function belongsTo(kind: AnalyzerKind, item: Pick<RecentItem, 'original_filename' | 'analyzer_type'>): boolean {
  const ext = extensionOf(item.original_filename || '');
  const type = (item.analyzer_type || '').toLowerCase();
  if (kind === 'image') return type === 'image' || imageExts.has(ext);
  if (kind === 'bpmn') return type === 'bpmn' || bpmnExts.has(ext);
  if (type === 'document' || type === 'text') return true;
  return !type && !imageExts.has(ext) && !bpmnExts.has(ext);
}

/** Filters and sorts (newest first) a recent list for one analyzer. */
export function filterRecent(kind: AnalyzerKind, items: RecentItem[]): RecentItem[] {
  return items
    .filter((i) => belongsTo(kind, i))
    .sort((a, b) => (Date.parse(b.timestamp) || 0) - (Date.parse(a.timestamp) || 0));
}
