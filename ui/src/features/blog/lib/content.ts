import { posts, bodies } from 'virtual:blog-index';
import type { PostMeta } from './posts';

/** All valid posts (metadata only), newest first. */
export const allPosts: PostMeta[] = posts;

/** The post with this slug, if any. */
export function findPost(slug: string): PostMeta | undefined {
  return allPosts.find((p) => p.slug === slug);
}

/** Loads a post's body, rendered to HTML at build time. */
export async function loadPostBody(post: PostMeta): Promise<string> {
  const load = post.file ? bodies[post.file] : undefined;
  if (!load) throw new Error(`no markdown file for post ${post.slug}`);
  return (await load()).default;
}
