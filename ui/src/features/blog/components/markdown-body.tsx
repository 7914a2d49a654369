import type { AnchorHTMLAttributes } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkBreaks from 'remark-breaks';
import { siteConfig } from '../../../config';

const ownHosts = new Set([new URL(siteConfig.siteUrl).host]);

/** True for http(s) or protocol-relative links to another host. */
export function isExternalLink(href: string | undefined, currentHost = window.location.host): boolean {
  if (!href || !/^(https?:)?\/\//i.test(href)) return false;
  try {
    const host = new URL(href, window.location.href).host;
    return host !== currentHost && !ownHosts.has(host);
  } catch {
    return false;
  }
}

function Anchor({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  const { node: _node, ...props } = rest;
  if (isExternalLink(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

/** Renders post markdown: GitHub extensions, line breaks as breaks, no raw HTML. */
export function MarkdownBody({ content }: { content: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm, remarkBreaks]} components={{ a: Anchor }}>
      {content}
    </Markdown>
  );
}

export default MarkdownBody;
