/** A front-matter value: quoted strings are unquoted, true/false become booleans, [a, b] become lists. */
export type FrontMatterValue = string | boolean | string[];

/** Result of splitting a markdown file into its header and body. */
export interface ParsedMarkdown {
  data: Record<string, FrontMatterValue>;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")))) {
    return t.slice(1, -1);
  }
  return t;
}

/** Parses one front-matter value. */
export function parseValue(raw: string): FrontMatterValue {
  const v = raw.trim();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v.startsWith('[') && v.endsWith(']')) {
    const inner = v.slice(1, -1).trim();
    if (!inner) return [];
    return inner
      .split(',')
      .map((item) => unquote(item))
      .filter((item) => item.length > 0);
  }
  return unquote(v);
}

/**
 * Splits `---`-fenced `key: value` lines from the markdown body. Lines
 * without a colon and comment lines are ignored; a file without front
 * matter gives empty data and the whole text as body.
 */
export function parseFrontMatter(text: string): ParsedMarkdown {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const m = FENCE.exec(src);
  if (!m) return { data: {}, body: src };
  const data: Record<string, FrontMatterValue> = {};
  for (const line of m[1].split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim();
    if (!/^[A-Za-z_][\w-]*$/.test(key)) continue;
    data[key] = parseValue(line.slice(i + 1));
  }
  return { data, body: src.slice(m[0].length) };
}
