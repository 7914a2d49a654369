import { api } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';

// The version answers' shapes come from the server's contract (api/openapi.json).
type Schemas = components['schemas'];

/** One entry of the version list. */
export type VersionInfo = Schemas['VersionInfo'];

/** Where a version came from. */
export type VersionSource = VersionInfo['source'];

/** What changed for one element between two versions. */
export type VersionChange = Schemas['VersionChange'];

/** One version with its content (model: null when the version has none). */
export type VersionDetail = Schemas['VersionDetail'];

/** An applied refinement operation. */
export type AppliedOperation = Schemas['AppliedOperation'];

/** The answer to a save, restore or refinement. */
export type SavedVersion = Schemas['SavedVersion'];

const base = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;

/** GET the versions, oldest first. */
export function listVersions(id: string, signal?: AbortSignal): Promise<Schemas['VersionList']> {
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

/** POST restore of version n as the version after baseVersion (the latest one shown); a 409 ApiError means someone saved first. */
export function restoreVersion(id: string, n: number, baseVersion: number): Promise<SavedVersion> {
  return api.post(`${base(id)}/versions/${n}/restore`, { base_version: baseVersion });
}

/** What SPADE makes of an instruction before refining with it. */
export type RefineCheck = Schemas['RefineCheck'];

/**
 * POST an instruction to be checked, not carried out: 200 with understood
 * false, the reason and the closest commands when refining would be
 * refused (so the web app never provokes the refine route's 422).
 */
export function checkRefinement(id: string, instruction: string): Promise<RefineCheck> {
  return api.post(`${base(id)}/refine/check`, { instruction });
}

/** POST an instruction in words; a 422 ApiError says what was not understood. */
export function refineModel(id: string, baseVersion: number, instruction: string): Promise<SavedVersion> {
  return api.post(`${base(id)}/refine`, { base_version: baseVersion, instruction });
}

/** One sentence of the document text with the elements that came from it. */
export type SourceSentence = Schemas['SourceSentence'];

/** The extracted text traced to the model. */
export type SourceTrace = Schemas['SourceTrace'];

/** GET where each element came from; a 404 ApiError means the analysis keeps no text. */
export function getSource(id: string, signal?: AbortSignal): Promise<SourceTrace> {
  return api.get(`${base(id)}/source`, { signal });
}

/** A diagram redrawn by SPADE's layout, with the server's note when it is not the full layout. */
export interface Relaid {
  xml: string;
  /** Why the answer is the file's own or the simple layout (X-Spade-Layout-Note); '' when the full layout. */
  note: string;
  /** What of the diagram the conversion to SPADE's model did not keep; '' when nothing (or not asked). */
  conversion?: string;
}

/**
 * POST a diagram (the editor's unsaved contents) to be redrawn with SPADE's
 * layout; nothing is stored and no daily analysis is used.
 */
export async function layoutDiagram(id: string, bpmnXml: string): Promise<Relaid> {
  const out = await api.post<Schemas['LayoutAnswer']>(`${base(id)}/layout`, { bpmn_xml: bpmnXml });
  return { xml: out.bpmn_xml, note: out.layout_note, conversion: out.conversion_note };
}

/** GET the latest version's diagram redrawn with SPADE's layout (?layout=spade); nothing is stored. */
export async function getRelaid(id: string): Promise<Relaid> {
  let note = '';
  const xml = await api.get<string>(`/api/bpmn/${encodeURIComponent(id)}`, {
    query: { layout: 'spade' },
    responseType: 'text',
    headers: { Accept: 'application/xml' },
    onHeaders: (h) => {
      note = h.get('X-Spade-Layout-Note') ?? '';
    },
  });
  return { xml, note };
}
