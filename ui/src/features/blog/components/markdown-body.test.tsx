import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { isExternalLink, MarkdownBody } from './markdown-body';

describe('markdown body', () => {
  it.each([
    ['https://example.org/a', true],
    ['http://example.org', true],
    ['//cdn.example.org/x', true],
    ['https://spade-bpmn.com/pricing', false],
    [`http://${window.location.host}/blog`, false],
    ['/pricing', false],
    ['#section', false],
    ['mailto:a@b.c', false],
    [undefined, false],
  ])('isExternalLink(%s) = %s', (href, want) => {
    expect(isExternalLink(href)).toBe(want);
  });

  it('renders GFM tables, line breaks and safe links; raw HTML stays text', () => {
    const md = 'line one\nline two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[out](https://example.org) [in](/about)\n\n<script>alert(1)</script>';
    const { container } = render(<MarkdownBody content={md} />);
    expect(container.querySelector('br')).not.toBeNull();
    expect(container.querySelector('table')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'out' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'out' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'in' })).not.toHaveAttribute('target');
    expect(container.querySelector('script')).toBeNull();
  });
});
