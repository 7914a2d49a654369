/** One '=== Heading ===' block of formatted_text. */
export interface Section {
  title: string;
  body: string;
}

const heading = /^\s*={3,}\s*(.*?)\s*={0,}\s*$/;

/**
 * Splits formatted_text on lines of the form '=== Heading ==='. Text before
 * the first heading becomes a 'Summary' section; empty sections are kept
 * only when they have a title. A trailing '--- metadata ---' block is not
 * part of the report.
 */
export function splitSections(text: string | null | undefined): Section[] {
  if (!text) return [];
  const out: Section[] = [];
  let current: Section | null = null;
  const pre: string[] = [];
  let body: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (const line of lines) {
    if (/^\s*-{3,}\s*metadata\s*-{3,}\s*$/i.test(line)) break;
    const m = heading.exec(line);
    if (m && m[1] && !/^=+$/.test(m[1])) {
      if (current) out.push({ title: current.title, body: body.join('\n').trim() });
      else if (pre.join('').trim()) out.push({ title: 'Summary', body: pre.join('\n').trim() });
      current = { title: m[1].replace(/=+$/, '').trim(), body: '' };
      body = [];
      continue;
    }
    if (current) body.push(line);
    else pre.push(line);
  }
  if (current) out.push({ title: current.title, body: body.join('\n').trim() });
  else if (pre.join('').trim()) out.push({ title: 'Summary', body: pre.join('\n').trim() });
  return out;
}

/** The body of the first section whose title contains name (case-insensitive), or ''. */
export function sectionBody(sections: Section[], name: string): string {
  const n = name.toLowerCase();
  return sections.find((s) => s.title.toLowerCase().includes(n))?.body ?? '';
}

/** Non-empty lines of a section body with list bullets and numbering removed. */
export function bodyLines(body: string): string[] {
  return body
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
}
