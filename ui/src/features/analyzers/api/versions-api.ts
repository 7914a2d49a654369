import { api } from '../../../lib/api-client';

/** Where a version came from. */
export type VersionSource = 'analysis' | 'edit' | 'refine' | 'restore';

/** One entry of the version list. */
export interface VersionInfo {
  version: number;
  created_at: string;
  author: string;
  summary: string;
  source: VersionSource;
}

/** What changed for one element between two versions. */
export interface VersionChange {
  id: string;
  kind: string;
  what: 'added' | 'removed' | 'renamed' | 'moved' | 'changed';
  name?: string;
  to?: string;
}

/** One version with its content. */
export interface VersionDetail extends VersionInfo {
  bpmn_xml: string;
  formatted_text: string;
  changes?: VersionChange[];
}

/** An applied refinement operation. */
export interface AppliedOperation {
  op: string;
  description: string;
}

/** The answer to a save, restore or refinement. */
export interface SavedVersion {
  version: number;
  summary: string;
  changes: VersionChange[];
  operations?: AppliedOperation[];
  not_understood?: string[];
}

const base = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;

/** GET the versions, oldest first. */
export function listVersions(id: string, signal?: AbortSignal): Promise<{ versions: VersionInfo[]; latest: number }> {
  return api.get(`${base(id)}/versions`, { signal });
}

/** GET one version; with compare, its changes from that version. */
export function getVersion(id: string, n: number, compare?: number): Promise<VersionDetail> {
  return api.get(`${base(id)}/versions/${n}`, { query: compare ? { compare } : undefined });
}

/** POST an edited diagram; a 409 ApiError means someone saved first. */
export function saveVersion(id: string, baseVersion: number, bpmnXml: string): Promise<SavedVersion> {
  return api.post(`${base(id)}/versions`, { base_version: baseVersion, bpmn_xml: bpmnXml });
}

/** POST restore of version n (stored as a new version). */
export function restoreVersion(id: string, n: number): Promise<SavedVersion> {
  return api.post(`${base(id)}/versions/${n}/restore`);
}

/** POST an instruction in words; a 422 ApiError says what was not understood. */
export function refineModel(id: string, baseVersion: number, instruction: string): Promise<SavedVersion> {
  return api.post(`${base(id)}/refine`, { base_version: baseVersion, instruction });
}

/** One sentence of the document text with the elements that came from it. */
export interface SourceSentence {
  start: number;
  end: number;
  text: string;
  elements: string[];
}

/** The extracted text traced to the model. */
export interface SourceTrace {
  text: string;
  sentences: SourceSentence[];
  coverage: number;
  unplaced: string[];
}

/** GET where each element came from; a 404 ApiError means the analysis keeps no text. */
export function getSource(id: string, signal?: AbortSignal): Promise<SourceTrace> {
  return api.get(`${base(id)}/source`, { signal });
}
