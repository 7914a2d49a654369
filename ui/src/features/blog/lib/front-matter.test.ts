import { describe, expect, it } from 'vitest';
import { parseFrontMatter, parseValue } from './front-matter';

describe('front matter', () => {
  it.each([
    ['"quoted"', 'quoted'],
    ["'single'", 'single'],
    ['  bare text ', 'bare text'],
    ['true', true],
    ['false', false],
    ['"true"', 'true'],
    ['[a, "b c", \'d\']', ['a', 'b c', 'd']],
    ['[]', []],
    ['[ , x ,]', ['x']],
    ['a: b', 'a: b'],
  ])('parseValue(%s)', (raw, want) => {
    expect(parseValue(raw)).toEqual(want);
  });

  it('splits header and body', () => {
    const src = '---\ntitle: "Hello: World"\nfeatured: true\ntags: [x, y]\n# comment\nnot a pair\n---\n# Body\ntext';
    const { data, body } = parseFrontMatter(src);
    expect(data).toEqual({ title: 'Hello: World', featured: true, tags: ['x', 'y'] });
    expect(body).toBe('# Body\ntext');
  });

  it('handles CRLF, BOM and missing front matter', () => {
    expect(parseFrontMatter('\uFEFF---\r\ntitle: A\r\n---\r\nbody').data).toEqual({ title: 'A' });
    expect(parseFrontMatter('no header')).toEqual({ data: {}, body: 'no header' });
    expect(parseFrontMatter('---\ntitle: A\nno closing fence').data).toEqual({});
  });
});
