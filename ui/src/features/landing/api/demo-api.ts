import { api, ApiError } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';
import type { UploadError } from '../../../components/upload-error-panel';
import { demoTexts, type DemoKind } from '../lib/file-rules';

/** Answer of POST /api/demo/analyze and GET /api/demo/analyze/{id} (from the server's contract). */
export type DemoAnalysis = components['schemas']['DemoAnalysis'];

/** POST /api/demo/analyze (multipart file + analysis_type, X-Device-ID, no credentials). */
export function analyzeDemo(file: File, kind: DemoKind, device: string, signal?: AbortSignal): Promise<DemoAnalysis> {
  const form = new FormData();
  form.append('file', file);
  form.append('analysis_type', kind);
  return api.post<DemoAnalysis>('/api/demo/analyze', form, {
    credentials: 'omit',
    headers: { 'X-Device-ID': device },
    skipAuthRetry: true,
    signal,
  });
}

/** GET /api/demo/analyze/{id}: the same shape, for polling. */
export function getDemoAnalysis(id: string, device: string, signal?: AbortSignal): Promise<DemoAnalysis> {
  return api.get<DemoAnalysis>(`/api/demo/analyze/${encodeURIComponent(id)}`, {
    credentials: 'omit',
    headers: { 'X-Device-ID': device },
    skipAuthRetry: true,
    signal,
  });
}

/** Maps a failed demo call to the upload error panel (spec part 2 §8, Demo). */
export function demoError(err: unknown, kind: DemoKind): UploadError {
  if (err instanceof ApiError && err.status > 0) {
    const serverText = err.detail.startsWith('Request failed with status') ? '' : err.detail;
    if (err.status === 429) return { type: 'daily_limit', message: serverText || demoTexts[kind].serverLimit };
    if (err.status === 400 || err.status === 413) return { type: 'format', message: serverText || 'File validation failed' };
    return { type: 'network', message: serverText || `Analysis failed with status ${err.status}` };
  }
  return { type: 'network', message: 'Analysis failed. Check your connection and try again.' };
}
