import type { ModelActivity, ProcessModel, ProcessModelView } from '../api/types';
import { bodyLines, sectionBody, splitSections, type Section } from './sections';

/** One row of the Process Items tab. */
export interface FlowStep {
  kind: 'start' | 'step' | 'gateway' | 'event' | 'end';
  number?: number;
  text: string;
  performer?: string;
  /** Branch lines of a gateway ('Yes → Approve'). */
  branches?: string[];
}

/** One entry of the Process Details tab. */
export interface DetailEntry {
  kind: 'activity' | 'gateway';
  number?: number;
  name: string;
  performer?: string;
  fields: { label: string; value: string }[];
}

/** The SIPOC table: one list per column plus the Systems row. */
export interface SipocTable {
  suppliers: string[];
  inputs: string[];
  processes: string[];
  outputs: string[];
  customers: string[];
  systems: string[];
}

function uniq(values: (string | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const t = (v ?? '').trim();
    if (!t || /^none$/i.test(t) || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

/** Participants: from the model, else the '=== Participants ===' lines (name before ':'). */
export function participantsOf(sections: Section[], model?: ProcessModel | null): string[] {
  if (model?.participants?.length) return uniq(model.participants.map((p) => p.name));
  return uniq(bodyLines(sectionBody(sections, 'participants')).map((l) => l.split(':')[0]));
}

/**
 * Splits a flow line's 'name [notes] (performer)' after 'Step N:'. The
 * server writes ' (performer)' only when someone performs the step, so a
 * line that is an activity's whole name in the model (with or without its
 * '[notes]'), such as 'Check invoice (final)', has no performer; an empty
 * '()' (texts written before) is no performer either.
 */
export function stepAndPerformer(rest: string, names: ReadonlySet<string> = new Set()): { text: string; performer?: string } {
  const line = rest.trim();
  if (names.has(line) || names.has(line.replace(/\s+\[[^\]]*\]$/, ''))) return { text: line };
  const m = /^(.*?)(?:(?:^|\s+)\(([^()]*)\))?$/.exec(line);
  const text = (m?.[1] ?? line).trim();
  const performer = m?.[2]?.trim();
  return performer ? { text, performer } : { text };
}

/**
 * Process Items from the '=== Process Flow Summary ===' lines: 'Start: x',
 * 'Step N: name (performer)', 'Gateway (type): q' with indented branches,
 * 'Event: x', 'End: x'. Without that section the model's activities are
 * listed in order between a start and an end.
 */
export function flowSteps(sections: Section[], model?: ProcessModel | null): FlowStep[] {
  const body = sectionBody(sections, 'process flow');
  const steps: FlowStep[] = [];
  const names = new Set((model?.activities ?? []).map((a) => (a.name ?? '').trim()).filter(Boolean));
  for (const raw of body.split('\n')) {
    if (!raw.trim()) continue;
    const line = raw.trim();
    let m: RegExpExecArray | null;
    if (/^\s+[-•]/.test(raw) || (/^[-•]/.test(line) && steps.at(-1)?.kind === 'gateway')) {
      const last = steps.at(-1);
      if (last?.kind === 'gateway') (last.branches ??= []).push(line.replace(/^[-•]\s*/, ''));
      continue;
    }
    if ((m = /^start\s*:\s*(.*)$/i.exec(line))) steps.push({ kind: 'start', text: m[1] || 'Start' });
    else if ((m = /^end\s*:\s*(.*)$/i.exec(line))) steps.push({ kind: 'end', text: m[1] || 'End' });
    else if ((m = /^step\s+(\d+)\s*:\s*(.*)$/i.exec(line)))
      steps.push({ kind: 'step', number: Number(m[1]), ...stepAndPerformer(m[2], names) });
    else if ((m = /^gateway\b[^:]*:\s*(.*)$/i.exec(line))) steps.push({ kind: 'gateway', text: m[1], branches: [] });
    else if ((m = /^event\b[^:]*:\s*(.*)$/i.exec(line))) steps.push({ kind: 'event', text: m[1] });
    else steps.push({ kind: 'step', number: steps.filter((s) => s.kind === 'step').length + 1, text: line.replace(/^\d+[.)]\s*/, '') });
  }
  if (steps.length || !model?.activities?.length) return steps;
  return [
    { kind: 'start', text: model.events?.find((e) => e.type === 'start')?.name || 'Start' },
    ...model.activities.map((a, i): FlowStep => ({ kind: 'step', number: i + 1, text: a.name, performer: a.performer })),
    { kind: 'end', text: model.events?.find((e) => e.type === 'end')?.name || 'End' },
  ];
}

function minutes(v: number | undefined): string {
  if (!v) return '0 min';
  if (v < 60) return `${v} min`;
  const h = Math.floor(v / 60);
  const m = Math.round(v % 60);
  return m ? `${h} h ${m} min` : `${h} h`;
}

function activityFields(a: ModelActivity): { label: string; value: string }[] {
  const join = (l?: string[] | null) => (l && l.length ? l.join(', ') : 'None');
  return [
    { label: 'Suppliers', value: join(a.sipoc?.suppliers) },
    { label: 'Inputs', value: join(a.sipoc?.inputs) },
    { label: 'Outputs', value: join(a.sipoc?.outputs) },
    { label: 'Customers', value: join(a.sipoc?.customers) },
    { label: 'Systems', value: join(a.sipoc?.systems) },
    { label: 'Work Time (WT)', value: minutes(a.work_time_minutes) },
    { label: 'Wait Time (wt)', value: minutes(a.wait_time_minutes) },
  ];
}

/**
 * Process Details: activities with SIPOC and gateways (highlighted), from
 * the model when there is one, else from '=== Sequential Activities with
 * SIPOC ===' ('N. name' followed by indented 'Label: value' lines). An
 * element is shown by the name the server gives it (display_names: its
 * own, else 'the 2nd unnamed exclusive gateway' or the question a split
 * decides, as in the text and the exports); the web app derives none.
 */
export function detailEntries(sections: Section[], model?: ProcessModelView | null): DetailEntry[] {
  if (model?.activities?.length) {
    // An id the names lack (an answer cut short) keeps its own name.
    const shown = (id: string, own: string) => model.display_names?.[id] ?? own;
    const out: DetailEntry[] = model.activities.map((a, i) => ({
      kind: 'activity',
      number: i + 1,
      name: shown(a.id, a.name),
      performer: a.performer,
      fields: activityFields(a),
    }));
    for (const g of model.gateways ?? [])
      out.push({
        kind: 'gateway',
        name: shown(g.id, g.name),
        fields: [
          { label: 'Type', value: g.type || 'exclusive' },
          ...(g.specification ? [{ label: 'Specification', value: g.specification }] : []),
        ],
      });
    return out;
  }
  const out: DetailEntry[] = [];
  for (const raw of sectionBody(sections, 'sequential activities').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    let m: RegExpExecArray | null;
    if ((m = /^(\d+)[.)]\s+(.*)$/.exec(line)) && !/^\s/.test(raw)) {
      out.push({ kind: 'activity', number: Number(m[1]), name: m[2], fields: [] });
    } else if ((m = /^gateway\b[^:]*:\s*(.*)$/i.exec(line))) {
      out.push({ kind: 'gateway', name: m[1], fields: [] });
    } else if (/^total\b/i.test(line)) {
      continue;
    } else if (out.length) {
      const last = out[out.length - 1];
      const kv = /^[-•]?\s*([^:]{1,40}):\s*(.*)$/.exec(line);
      if (kv && !line.startsWith('-')) {
        if (/^performer$/i.test(kv[1])) last.performer = kv[2];
        else last.fields.push({ label: kv[1], value: kv[2] });
      } else last.fields.push({ label: 'Branch', value: line.replace(/^[-•]\s*/, '') });
    }
  }
  return out;
}

/** SIPOC table from the model's activities, else from '=== SIPOC Summary ===' ('Column:' then '- value' lines). */
export function sipocTable(sections: Section[], model?: ProcessModel | null): SipocTable {
  if (model?.activities?.length) {
    const acts = model.activities;
    return {
      suppliers: uniq(acts.flatMap((a) => a.sipoc?.suppliers ?? [])),
      inputs: uniq(acts.flatMap((a) => a.sipoc?.inputs ?? [])),
      processes: uniq(acts.map((a) => a.name)),
      outputs: uniq(acts.flatMap((a) => a.sipoc?.outputs ?? [])),
      customers: uniq(acts.flatMap((a) => a.sipoc?.customers ?? [])),
      systems: uniq(acts.flatMap((a) => a.sipoc?.systems ?? [])),
    };
  }
  const t: SipocTable = { suppliers: [], inputs: [], processes: [], outputs: [], customers: [], systems: [] };
  let col: keyof SipocTable | null = null;
  for (const raw of sectionBody(sections, 'sipoc summary').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const head = /^(suppliers|inputs|processes|outputs|customers|systems)\s*:\s*(.*)$/i.exec(line);
    if (head) {
      col = head[1].toLowerCase() as keyof SipocTable;
      if (head[2]) t[col].push(...head[2].split(/,\s*/));
      continue;
    }
    if (col) t[col].push(line.replace(/^[-•]\s*/, ''));
  }
  return {
    suppliers: uniq(t.suppliers),
    inputs: uniq(t.inputs),
    processes: uniq(t.processes),
    outputs: uniq(t.outputs),
    customers: uniq(t.customers),
    systems: uniq(t.systems),
  };
}

/** Everything the document/image tabs show, derived once per analysis. */
export function processView(formattedText: string, model?: ProcessModelView | null) {
  const sections = splitSections(formattedText);
  return {
    sections,
    participants: participantsOf(sections, model),
    steps: flowSteps(sections, model),
    details: detailEntries(sections, model),
    sipoc: sipocTable(sections, model),
  };
}
