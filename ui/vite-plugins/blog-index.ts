import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { buildPostIndex } from '../src/features/blog/lib/posts';
import { parseFrontMatter } from '../src/features/blog/lib/front-matter';
import { renderMarkdown } from '../src/features/blog/lib/render-markdown';

const INDEX_ID = 'virtual:blog-index';
const POST_PREFIX = 'virtual:blog-post/';

/**
 * Blog posts at build time. `virtual:blog-index` carries every post's front
 * matter and read time plus a loader per post; `virtual:blog-post/<file>`
 * is that post's body rendered to HTML. The list ships no article text and
 * the post page needs no markdown library in the browser.
 */
export function blogIndex(dir = fileURLToPath(new URL('../src/content/blog', import.meta.url))): Plugin {
  const files = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort();
  return {
    name: 'spade-blog-index',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(POST_PREFIX)) return '\0' + id;
      return null;
    },
    load(id) {
      if (id === '\0' + INDEX_ID) {
        const sources = files().map((file) => {
          const full = join(dir, file);
          this.addWatchFile(full);
          return { file, text: readFileSync(full, 'utf8') };
        });
        const posts = buildPostIndex(sources);
        const loaders = posts
          .map((p) => `  ${JSON.stringify(p.file)}: () => import(${JSON.stringify(POST_PREFIX + p.file)})`)
          .join(',\n');
        return `export const posts = ${JSON.stringify(posts)};\nexport const bodies = {\n${loaders}\n};\n`;
      }
      if (id.startsWith('\0' + POST_PREFIX)) {
        const file = id.slice(1 + POST_PREFIX.length);
        if (!/^[\w.-]+\.md$/.test(file)) throw new Error(`bad blog post name ${file}`);
        const full = join(dir, file);
        this.addWatchFile(full);
        const { body } = parseFrontMatter(readFileSync(full, 'utf8'));
        return `export default ${JSON.stringify(renderMarkdown(body))};\n`;
      }
      return null;
    },
  };
}
