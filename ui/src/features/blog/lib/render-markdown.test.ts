import { describe, expect, it } from 'vitest';
import { isExternalLink, renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it.each([
    ['https://example.org/a', true],
    ['http://example.org', true],
    ['//cdn.example.org/x', true],
    ['https://spade-bpmn.com/pricing', false],
    ['/pricing', false],
    ['#section', false],
    ['mailto:a@b.c', false],
    [undefined, false],
  ])('isExternalLink(%s) = %s', (href, want) => {
    expect(isExternalLink(href)).toBe(want);
  });

  it('treats the current host as internal', () => {
    expect(isExternalLink('https://app.example.org/x', 'app.example.org')).toBe(false);
  });

  it('renders GFM tables, line breaks and safe links; raw HTML stays inert text', () => {
    const html = renderMarkdown(
      'line one\nline two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[out](https://example.org) [in](/about)\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(html).toContain('<br/>');
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/about">in</a>');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;');
  });
});
