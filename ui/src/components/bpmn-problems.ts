// The editor's problems list: bpmn-js-bpmnlint's issues (keyed by element)
// as one flat list a person reads, errors first, each naming the element
// by its label or its kind, never by an internal id.

/** One lint report as bpmn-js-bpmnlint hands it over. */
export interface LintReport {
  id: string;
  message: string;
  category: string;
  rule?: string;
  /** Set when the report was moved to a visible parent (the process or a pool). */
  actualElementId?: string;
}

/** bpmn-js-bpmnlint's `linting.completed` issues: element id → reports. */
export type LintIssues = Record<string, LintReport[]>;

/** One row of the problems list. */
export interface Problem {
  /** The element selected when the row is clicked. */
  elementId: string;
  elementName: string;
  message: string;
  category: 'error' | 'warn';
  rule: string;
}

/** "bpmn:ExclusiveGateway" → "Unnamed exclusive gateway". */
export function unnamed(type: string | undefined): string {
  const kind = (type ?? '').replace(/^bpmn:/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return kind ? `Unnamed ${kind}` : 'Unnamed element';
}

/**
 * Flattens the issues: errors before warnings, then by element name; a
 * report moved to its parent still selects the parent (what is on screen).
 */
export function problemList(issues: LintIssues, describe: (id: string) => { name?: string; type?: string } | undefined): Problem[] {
  const out: Problem[] = [];
  for (const [elementId, reports] of Object.entries(issues)) {
    for (const r of reports ?? []) {
      const d = describe(elementId);
      const name = d?.name?.trim();
      out.push({
        elementId,
        elementName: name || (d ? unnamed(d.type) : 'The process'),
        message: r.message,
        category: r.category === 'error' ? 'error' : 'warn',
        rule: r.rule ?? '',
      });
    }
  }
  return out.sort(
    (a, b) => (a.category === b.category ? 0 : a.category === 'error' ? -1 : 1) || a.elementName.localeCompare(b.elementName) || a.message.localeCompare(b.message),
  );
}
