import { buildPosts, type BlogPost } from './posts';

// Posts are markdown files bundled with the app.
const files = import.meta.glob('../../../content/blog/*.md', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

/** All valid posts, newest first. */
export const allPosts: BlogPost[] = buildPosts(Object.values(files));

/** The post with this slug, if any. */
export function findPost(slug: string): BlogPost | undefined {
  return allPosts.find((p) => p.slug === slug);
}
