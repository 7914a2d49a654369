/** Which analyzer produced an analysis. */
export type AnalyzerKind = 'document' | 'image' | 'bpmn';

/** Analysis lifecycle on the server. */
export type AnalysisStatus = 'queued' | 'running' | 'completed' | 'failed';

/** Process-model generation state. */
export type GraphStatus = 'pending' | 'building' | 'completed' | 'failed' | 'none';

/** Token usage as stored in metadata. */
export interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
}

/** Analysis metadata (spec §3); BPMN analyses add the inventory, complexity and quality. */
export interface AnalysisMetadata {
  model?: string;
  model_name?: string;
  api_key_source?: string;
  usage?: Usage;
  element_inventory_data?: Record<string, unknown>;
  process_complexity_data?: Record<string, unknown>;
  quality?: unknown;
  work_time_minutes?: number;
  wait_time_minutes?: number;
  /** reused_from: the id of an identical earlier analysis whose model was reused (no LLM call, 0 tokens). */
  extra?: { reused_from?: string } & Record<string, unknown>;
}

/** One analysis as GET /api/document/{id} answers. */
export interface Analysis {
  id: string;
  timestamp: string;
  status: AnalysisStatus;
  stage?: string;
  current_stage?: string;
  progress?: number;
  stages?: { stage: string; at: string }[];
  process_name: string;
  process_purpose: string;
  original_filename: string;
  formatted_text: string;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  analyzer_type: string;
  metadata: AnalysisMetadata;
  graph?: { status: GraphStatus };
  detail?: string;
  completed_at?: string;
  updated_at?: string;
  /** Latest version of the process model (1 as generated). */
  version?: number;
  /** A person edited or refined the model (version > 1). */
  edited?: boolean;
}

/** One entry of GET /api/recent. */
export interface RecentItem {
  id: string;
  timestamp: string;
  status?: AnalysisStatus;
  process_name: string;
  process_purpose: string;
  original_filename: string;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  analyzer_type: string;
  graph?: { status: GraphStatus };
}

/** GET /api/graph/{id}: the process model. */
export interface ProcessModel {
  process_name?: string;
  process_purpose?: string;
  participants?: { name: string }[];
  activities?: ModelActivity[];
  gateways?: { id: string; type?: string; name?: string; specification?: string }[];
  events?: { id: string; type?: string; trigger?: string; name?: string }[];
  flows?: { id?: string; source: string; target: string; condition?: string }[];
}

/** One activity of the process model. */
export interface ModelActivity {
  id: string;
  name: string;
  performer?: string;
  sipoc?: { suppliers?: string[]; inputs?: string[]; outputs?: string[]; customers?: string[]; systems?: string[] };
  work_time_minutes?: number;
  wait_time_minutes?: number;
  source?: string;
}

/** Export formats the server offers. */
export type ExportType = 'txt' | 'xlsx' | 'bpmn' | 'docx' | 'pdf';
