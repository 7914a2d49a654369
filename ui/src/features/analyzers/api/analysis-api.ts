import { api } from '../../../lib/api-client';
import type { Analysis, AnalyzerKind, ExportType, GraphStatus, ProcessModelView, RecentItem } from './types';

const analyzePath: Record<AnalyzerKind, string> = {
  document: '/api/analyze',
  image: '/api/image/analyze',
  bpmn: '/api/bpmn/analyze',
};

const documentPath: Record<AnalyzerKind, string> = {
  document: '/api/document/',
  image: '/api/image/document/',
  bpmn: '/api/bpmn/document/',
};

/**
 * Why a file is uploaded: 'analyze' (counts one of the day's analyses) or
 * 'edit' (a BPMN file or a blank diagram opened in the editor, which counts none).
 */
export type UploadPurpose = 'analyze' | 'edit';

/** POST the file; the server answers 202 with the queued analysis (or an array whose first item counts). */
export async function startAnalysis(kind: AnalyzerKind, file: File, signal?: AbortSignal, purpose: UploadPurpose = 'analyze'): Promise<Analysis> {
  const form = new FormData();
  form.append('file', file);
  const res = await api.post<Analysis | Analysis[]>(analyzePath[kind], form, { signal, query: purpose === 'edit' ? { purpose } : undefined });
  return Array.isArray(res) ? res[0] : res;
}

/** GET one analysis. */
export function getAnalysis(kind: AnalyzerKind, id: string, signal?: AbortSignal): Promise<Analysis> {
  return api.get<Analysis>(documentPath[kind] + encodeURIComponent(id), { signal });
}

/** Items may arrive as objects or as strings holding JSON (spec §3); unreadable ones are dropped. */
export function normaliseRecent(raw: unknown): RecentItem[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { items?: unknown }).items) ? (raw as { items: unknown[] }).items : [];
  const out: RecentItem[] = [];
  for (const entry of list) {
    let v: unknown = entry;
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        continue;
      }
    }
    if (!v || typeof v !== 'object') continue;
    const r = v as Record<string, unknown>;
    if (typeof r.id !== 'string' || !r.id) continue;
    const input = Number(r.input_tokens) || 0;
    const output = Number(r.output_tokens) || 0;
    out.push({
      id: r.id,
      timestamp: typeof r.timestamp === 'string' ? r.timestamp : '',
      // The server always sends a status; an entry without one shows no badge, like a finished one.
      status: typeof r.status === 'string' ? (r.status as RecentItem['status']) : 'completed',
      process_name: typeof r.process_name === 'string' ? r.process_name : '',
      process_purpose: typeof r.process_purpose === 'string' ? r.process_purpose : '',
      original_filename: typeof r.original_filename === 'string' && r.original_filename ? r.original_filename : 'unknown',
      input_tokens: input,
      output_tokens: output,
      total_tokens: Number(r.total_tokens) || input + output,
      // Older entries may carry '' or 'text'; belongsTo then sorts them by file name.
      analyzer_type: r.analyzer_type === 'text' ? 'document' : typeof r.analyzer_type === 'string' ? (r.analyzer_type as RecentItem['analyzer_type']) : 'document',
      graph: r.graph as RecentItem['graph'],
    });
  }
  return out;
}

/**
 * GET /api/recent for one analyzer. It rejects on failure so the query
 * can retry a transient one; the hook shows a failure as an empty list
 * (spec §8).
 */
export async function listRecent(kind: AnalyzerKind, signal?: AbortSignal, limit = 50): Promise<RecentItem[]> {
  return normaliseRecent(await api.get<unknown>('/api/recent', { query: { analyzer_type: kind, limit }, signal }));
}

/** One answer of the graph check. */
export interface GraphCheck {
  exists: boolean;
  status?: GraphStatus;
}

/**
 * GET /api/check-graph/{id}. It rejects on failure so the query can retry
 * a transient one; the hook counts a failure as absent (spec §8).
 */
export async function checkGraph(id: string, signal?: AbortSignal): Promise<GraphCheck> {
  const r = await api.get<{ exists?: boolean; status?: GraphStatus }>(`/api/check-graph/${encodeURIComponent(id)}`, { signal });
  return { exists: r?.exists === true, status: r?.status };
}

/** GET /api/graph/{id}: the process model JSON with each element's display name. */
export function getProcessModel(id: string, signal?: AbortSignal): Promise<ProcessModelView> {
  return api.get<ProcessModelView>(`/api/graph/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/bpmn/{id}: BPMN 2.0 XML. */
export function getBpmnXml(id: string, signal?: AbortSignal): Promise<string> {
  return api.get<string>(`/api/bpmn/${encodeURIComponent(id)}`, { responseType: 'text', headers: { Accept: 'application/xml' }, signal });
}

/** DELETE /api/cached-analysis/{id}. */
export function deleteAnalysis(id: string): Promise<unknown> {
  return api.delete(`/api/cached-analysis/${encodeURIComponent(id)}`);
}

/** File name of an export: '{process_name}.{type}' (spec §7). */
export function exportFilename(processName: string, type: ExportType): string {
  // Control characters are exactly what a file name must not carry.
  // eslint-disable-next-line no-control-regex
  const base = (processName || 'process').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim() || 'process';
  return `${base}.${type}`;
}

/** POST /api/export/{type}; resolves to the file's bytes. */
export function exportAnalysis(type: ExportType, a: Pick<Analysis, 'formatted_text' | 'process_name' | 'timestamp' | 'id'>): Promise<Blob> {
  return api.post<Blob>(
    `/api/export/${type}`,
    { formatted_text: a.formatted_text, process_name: a.process_name, timestamp: a.timestamp, id: a.id },
    { responseType: 'blob', headers: { Accept: '*/*' } },
  );
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
