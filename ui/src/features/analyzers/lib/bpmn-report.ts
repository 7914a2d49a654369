import type { AnalysisMetadata } from '../api/types';
import { sectionBody, type Section } from './sections';

/** One quality category of the 2×2 grid. */
export interface ScoreCategory {
  title: string;
  weightPercent: number;
  score: number;
  total: number;
  rationale: string;
}

/** One quality issue. */
export interface QualityIssue {
  number: number;
  title: string;
  severity?: string;
  elements: string[];
  problem: string;
  recommendation: string;
  visualGuidance?: string;
}

/** One inventory row: category, count, names. */
export interface InventoryRow {
  label: string;
  count: number;
  names: string[];
}

/** What the BPMN analyzer tabs show. */
export interface BpmnReport {
  overall: number | null;
  label: string;
  categories: ScoreCategory[];
  issues: QualityIssue[];
  recommendations: { priority?: string; text: string }[];
  inventory: InventoryRow[];
  complexity: { rating: string; score: number; denominator: number; justification: string; metrics: Record<string, number> } | null;
}

/** Quality label (spec §5): 80+ Excellent, 70+ Good, 50+ Fair, else Needs Improvement. */
export function qualityLabel(score: number): string {
  if (score >= 80) return 'Excellent';
  if (score >= 70) return 'Good';
  if (score >= 50) return 'Fair';
  return 'Needs Improvement';
}

/** Colour band (spec §5): 80+, 70+, 60+, 50+, below. */
export function scoreBand(percent: number): 'band-80' | 'band-70' | 'band-60' | 'band-50' | 'band-low' {
  if (percent >= 80) return 'band-80';
  if (percent >= 70) return 'band-70';
  if (percent >= 60) return 'band-60';
  if (percent >= 50) return 'band-50';
  return 'band-low';
}

/** Complexity rating (spec §5): up to 3 Low, up to 7 Moderate, above High. */
export function complexityRating(score: number): { label: 'Low' | 'Moderate' | 'High'; tone: 'green' | 'amber' | 'red' } {
  if (score <= 3) return { label: 'Low', tone: 'green' };
  if (score <= 7) return { label: 'Moderate', tone: 'amber' };
  return { label: 'High', tone: 'red' };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const n = (v: unknown, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : d);

const inventoryLabels: [string, string][] = [
  ['lanes', 'Lanes'],
  ['pools', 'Pools'],
  ['activities', 'Activities'],
  ['tasks', 'Tasks'],
  ['gateways', 'Gateways'],
  ['events', 'Events'],
  ['data_objects', 'Data Objects'],
  ['data_stores', 'Data Stores'],
  ['transitions', 'Transitions'],
];

function inventoryFrom(meta: AnalysisMetadata): InventoryRow[] {
  const inv = meta.element_inventory_data;
  if (!isObj(inv)) return [];
  const rows: InventoryRow[] = [];
  for (const [key, label] of inventoryLabels) {
    const e = inv[key];
    if (!isObj(e)) continue;
    const names = Array.isArray(e.names)
      ? e.names.map(str)
      : Array.isArray(e.names_with_types)
        ? e.names_with_types.map((x) => (isObj(x) ? `${str(x.name) || '(unnamed)'}${x.type ? ` [${str(x.type)}]` : ''}` : str(x)))
        : [];
    rows.push({ label, count: n(e.count, names.length), names: names.filter(Boolean) });
  }
  return rows;
}

/** Overall and categories from the 'Quality Score' text section ('Overall: 85/100', '- Title (weight 40%): 34/40. rationale'). */
function scoreFromText(sections: Section[]): Pick<BpmnReport, 'overall' | 'categories'> {
  const body = sectionBody(sections, 'quality score');
  const o = /overall\s*:\s*(\d+(?:\.\d+)?)\s*\/\s*100/i.exec(body);
  const categories: ScoreCategory[] = [];
  for (const line of body.split('\n')) {
    const m = /^\s*[-•]\s*(.+?)\s*\(weight\s*(\d+)%\)\s*:\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\.?\s*(.*)$/i.exec(line);
    if (m) categories.push({ title: m[1], weightPercent: Number(m[2]), score: Number(m[3]), total: Number(m[4]), rationale: m[5] });
  }
  return { overall: o ? Number(o[1]) : null, categories };
}

/** Builds the report from metadata (preferred) and the formatted text (fallback). */
export function bpmnReport(meta: AnalysisMetadata | undefined, sections: Section[]): BpmnReport {
  const m = meta ?? {};
  const q = isObj(m.quality) ? m.quality : {};
  const score = isObj(q.score) ? q.score : null;
  let overall: number | null = score ? n(score.overall, NaN) : null;
  if (overall !== null && Number.isNaN(overall)) overall = null;
  let categories: ScoreCategory[] = score && Array.isArray(score.categories)
    ? score.categories.filter(isObj).map((c) => ({
        title: str(c.title) || str(c.key),
        weightPercent: n(c.weight_percent),
        score: n(c.score),
        total: n(c.total, 100),
        rationale: str(c.rationale),
      }))
    : [];
  if (overall === null || !categories.length) {
    const t = scoreFromText(sections);
    overall ??= t.overall;
    if (!categories.length) categories = t.categories;
  }
  const issues: QualityIssue[] = Array.isArray(q.issues)
    ? q.issues.filter(isObj).map((i, idx) => ({
        number: n(i.number, idx + 1),
        title: str(i.title),
        severity: str(i.severity) || undefined,
        elements: Array.isArray(i.elements) ? i.elements.map(str).filter(Boolean) : [],
        problem: str(i.problem),
        recommendation: str(i.recommendation),
        visualGuidance: str(i.visual_guidance) || undefined,
      }))
    : [];
  const recommendations = Array.isArray(q.recommendations)
    ? q.recommendations.filter(isObj).map((r) => ({ priority: str(r.priority) || undefined, text: str(r.text) })).filter((r) => r.text)
    : [];
  const cx = m.process_complexity_data;
  const complexity = isObj(cx)
    ? {
        rating: str(cx.rating) || complexityRating(n(cx.score)).label,
        score: n(cx.score),
        denominator: n(cx.score_denominator, 10) || 10,
        justification: str(cx.justification),
        metrics: isObj(cx.metrics)
          ? Object.fromEntries(Object.entries(cx.metrics).filter(([, v]) => typeof v === 'number')) as Record<string, number>
          : {},
      }
    : null;
  return {
    overall,
    label: overall === null ? 'Unknown' : qualityLabel(overall),
    categories,
    issues,
    recommendations,
    inventory: inventoryFrom(m),
    complexity,
  };
}
