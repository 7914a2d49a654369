import { createElement, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkBreaks from 'remark-breaks';

/** Hosts that count as the product's own (links to them stay in the tab). */
export const ownHosts = new Set(['spade-bpmn.com', 'www.spade-bpmn.com']);

/** True for http(s) or protocol-relative links to another host. */
export function isExternalLink(href: string | undefined, currentHost = ''): boolean {
  if (!href || !/^(https?:)?\/\//i.test(href)) return false;
  try {
    const host = new URL(href, 'https://base.invalid/').host;
    return host !== currentHost && !ownHosts.has(host);
  } catch {
    return false;
  }
}

function Anchor(props: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown; children?: ReactNode }) {
  const { node: _node, href, children, ...rest } = props;
  const external = isExternalLink(href);
  return createElement(
    'a',
    external ? { ...rest, href, target: '_blank', rel: 'noopener noreferrer' } : { ...rest, href },
    children,
  );
}

/**
 * Renders post markdown to HTML at build time (GitHub extensions, line
 * breaks as breaks). Raw HTML in the markdown is escaped as text, so the
 * output is safe to insert; external links open in a new tab.
 */
export function renderMarkdown(markdown: string): string {
  return renderToStaticMarkup(
    createElement(Markdown, { remarkPlugins: [remarkGfm, remarkBreaks], components: { a: Anchor } }, markdown),
  );
}
