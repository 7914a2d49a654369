import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter';
import { countWords } from './read-time';
import { postFromMarkdown } from './posts';

// Seeded pseudo-random inputs (a fuzz-style replay): the parsers must never
// throw, the body must be a suffix of the input, counts must be sane.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pieces = ['---', '\n', '\r\n', ':', ' ', 'title', 'slug', '"', "'", '[', ']', ',', 'true', 'false', '#', '```', '`', '![a](b)', '[x](y)', '<b>', 'word', '\uFEFF', 'é', '日本'];

function randomDoc(r: () => number): string {
  const n = Math.floor(r() * 60);
  let out = r() < 0.5 ? '---\n' : '';
  for (let i = 0; i < n; i++) out += pieces[Math.floor(r() * pieces.length)];
  return out;
}

describe('markdown parsers under random input', () => {
  it('never throw and keep their invariants', () => {
    const r = rng(20250601);
    for (let i = 0; i < 2000; i++) {
      const doc = randomDoc(r);
      const { data, body } = parseFrontMatter(doc);
      expect(doc.endsWith(body) || doc.replace(/^\uFEFF/, '').endsWith(body)).toBe(true);
      for (const v of Object.values(data)) expect(['string', 'boolean', 'object']).toContain(typeof v);
      const words = countWords(doc);
      expect(Number.isInteger(words) && words >= 0).toBe(true);
      const post = postFromMarkdown(doc);
      if (post) {
        expect(post.title).not.toBe('');
        expect(post.slug).not.toBe('');
        expect(post.readTime).toMatch(/^\d+ min read$/);
      }
    }
  });
});
