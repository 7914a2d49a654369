import { describe, expect, it } from 'vitest';
import { countWords, readTimeLabel, readTimeMinutes } from './read-time';

describe('read time', () => {
  it.each([
    ['plain words here', 3],
    ['# Heading **bold** _it_', 3],
    ['see [the docs](https://example.com/x) now', 4],
    ['![diagram of flow](/img/a.png) caption', 1],
    ['before\n```\nconst a = 1; const b = 2;\n```\nafter', 2],
    ['use `npm ci` please', 2],
    ['- item one\n- item two', 4],
    ['| a | b |\n|---|---|\n| c | d |', 4],
    ['end-to-end flow', 2],
    ['<b>tag</b> words', 2],
    ['', 0],
  ])('countWords(%j) = %i', (md, n) => {
    expect(countWords(md)).toBe(n);
  });

  it('is ceil(words / 225), at least 1 minute', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readTimeMinutes(words(225))).toBe(1);
    expect(readTimeMinutes(words(226))).toBe(2);
    expect(readTimeMinutes(words(450))).toBe(2);
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeLabel(words(700))).toBe('4 min read');
  });
});
