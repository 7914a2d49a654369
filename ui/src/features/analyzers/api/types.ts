import type { components } from '../../../lib/api-schema';

// The shapes of the analysis answers come from the server's contract
// (api/openapi.json, generated from the Go view structs): these names are
// aliases, so the UI compiles against what the server really sends.
type Schemas = components['schemas'];

/** One analysis as GET /api/document/{id} answers. */
export type Analysis = Schemas['Analysis'];

/** Which analyzer produced an analysis. */
export type AnalyzerKind = Analysis['analyzer_type'];

/** Analysis lifecycle on the server. */
export type AnalysisStatus = Analysis['status'];

/** Process-model generation state. */
export type GraphStatus = Schemas['GraphState']['status'];

/** Token usage as stored in metadata. */
export type Usage = Schemas['TokenUsage'];

/**
 * Analysis metadata (spec §3); BPMN analyses add the inventory, complexity and quality.
 * extra.reused_from: the id of an identical earlier analysis whose model was reused (no LLM call, 0 tokens);
 * extra.conversion_note / layout_note: what converting an uploaded BPMN file dropped or simplified;
 * the server keeps extra as free-form JSON, so the UI names the keys it reads.
 */
export type AnalysisMetadata = Omit<Schemas['AnalysisMetadata'], 'extra'> & {
  extra?: { reused_from?: string; conversion_note?: string; layout_note?: string } & Record<string, unknown>;
};

/** One entry of GET /api/recent. */
export type RecentItem = Schemas['RecentItem'];

/** The process model (intermediate representation). */
export type ProcessModel = Schemas['ProcessModel'];

/**
 * GET /api/graph/{id}: the process model with display_names, the name the
 * server's text and exports give each activity and gateway (own or derived).
 */
export type ProcessModelView = Schemas['ProcessModelView'];

/** One activity of the process model. */
export type ModelActivity = Schemas['ModelActivity'];

/** Export formats the server offers. */
export type ExportType = 'txt' | 'xlsx' | 'bpmn' | 'docx' | 'pdf';
