import { readJson, readLocal, removeLocal, writeLocal } from '../../../lib/storage';
import type { Analysis } from '../api/types';

/** Browser cache prefixes per analysis id (spec §3, §9). */
export const cachePrefix = {
  data: 'analysis_data_',
  hasGraph: 'analysis_has_graph_',
  bpmn: 'analysis_bpmn_',
} as const;

/** A completed analysis from the cache, or null. */
export function cachedAnalysis(id: string): Analysis | null {
  const a = readJson<Analysis>(cachePrefix.data + id);
  return a && a.id === id && typeof a.formatted_text === 'string' ? a : null;
}

/** Caches only completed analyses: running ones change. */
export function cacheAnalysis(a: Analysis): void {
  if (a.status === 'completed') writeLocal(cachePrefix.data + a.id, JSON.stringify(a));
}

/** True only when a graph was seen before; absence is never cached so it is re-checked. */
export function cachedHasGraph(id: string): boolean {
  return readLocal(cachePrefix.hasGraph + id) === 'true';
}

/** Remembers that a graph exists. */
export function cacheHasGraph(id: string): void {
  writeLocal(cachePrefix.hasGraph + id, 'true');
}

/** Cached BPMN XML, or null. */
export function cachedBpmn(id: string): string | null {
  return readLocal(cachePrefix.bpmn + id);
}

/** Caches BPMN XML. */
export function cacheBpmn(id: string, xml: string): void {
  writeLocal(cachePrefix.bpmn + id, xml);
}

/** Clears all three entries of one analysis (on delete). */
export function clearAnalysisCache(id: string): void {
  removeLocal(cachePrefix.data + id);
  removeLocal(cachePrefix.hasGraph + id);
  removeLocal(cachePrefix.bpmn + id);
}
