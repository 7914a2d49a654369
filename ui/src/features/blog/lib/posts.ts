import { parseFrontMatter, type FrontMatterValue } from './front-matter';
import { readTimeLabel } from './read-time';
import { siteConfig } from '../../../config';

/** A blog post built from a bundled markdown file (spec part 1 §3). */
export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  category: string;
  featured: boolean;
  tags: string[];
  heroImage: string;
  heroImageAlt: string;
  readTime: string;
  content: string;
}

/** A post without its body, as the blog index carries it; file is the markdown file name. */
export type PostMeta = Omit<BlogPost, 'content'> & { file?: string };

function str(v: FrontMatterValue | undefined, fallback: string): string {
  return typeof v === 'string' && v.trim() ? v.trim() : fallback;
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Builds a post from file text; null when title or slug is missing. */
export function postFromMarkdown(text: string, today = todayIso()): BlogPost | null {
  const { data, body } = parseFrontMatter(text);
  const title = str(data.title, '');
  const slug = str(data.slug, '');
  if (!title || !slug) return null;
  const tags = Array.isArray(data.tags) ? data.tags : typeof data.tags === 'string' && data.tags ? [data.tags] : [];
  return {
    id: slug,
    slug,
    title,
    excerpt: str(data.excerpt, ''),
    author: str(data.author, siteConfig.teamName),
    date: str(data.date, today),
    category: str(data.category, 'General'),
    featured: data.featured === true,
    tags,
    heroImage: str(data.heroImage, ''),
    heroImageAlt: str(data.heroImageAlt, title),
    readTime: readTimeLabel(body),
    content: body,
  };
}

function time(date: string): number {
  const t = Date.parse(date);
  return Number.isNaN(t) ? 0 : t;
}

/** Valid posts from file texts, newest first. */
export function buildPosts(texts: string[], today = todayIso()): BlogPost[] {
  return texts
    .map((t) => postFromMarkdown(t, today))
    .filter((p): p is BlogPost => p !== null)
    .sort((a, b) => time(b.date) - time(a.date));
}

/** Post metadata (no bodies) from markdown sources, newest first; used at build time. */
export function buildPostIndex(sources: { file: string; text: string }[], today = todayIso()): PostMeta[] {
  const out: PostMeta[] = [];
  for (const { file, text } of sources) {
    const post = postFromMarkdown(text, today);
    if (!post) continue;
    const { content: _content, ...meta } = post;
    out.push({ ...meta, file });
  }
  return out.sort((a, b) => time(b.date) - time(a.date));
}

/** The featured post: the first flagged featured, otherwise the first. */
export function featuredPost<T extends PostMeta>(posts: T[]): T | undefined {
  return posts.find((p) => p.featured) ?? posts[0];
}

/** The grid: the first two posts other than the featured one. */
export function gridPosts<T extends PostMeta>(posts: T[], limit = 2): T[] {
  const featured = featuredPost(posts);
  return posts.filter((p) => p !== featured).slice(0, limit);
}

/** Up to two other posts of the same category. */
export function relatedPosts<T extends PostMeta>(posts: T[], post: PostMeta, limit = 2): T[] {
  return posts.filter((p) => p.slug !== post.slug && p.category === post.category).slice(0, limit);
}

const emojis: Record<string, string> = {
  'AI & Automation': '🤖',
  'Process Mining': '⛏️',
  BPMN: '🔀',
  'Digital Transformation': '🚀',
  Healthcare: '🏥',
  Manufacturing: '🏭',
  'Best Practices': '✅',
  'Case Studies': '📚',
  'Business Intelligence': '💡',
  General: '📝',
};

/** Card emoji for posts without a hero image; unknown categories get a chart. */
export function categoryEmoji(category: string): string {
  return emojis[category] ?? '📊';
}

/** Long-form date, e.g. 'March 4, 2025'. */
export function longDate(date: string): string {
  const t = Date.parse(date);
  if (Number.isNaN(t)) return date;
  return new Date(t).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Short date, e.g. 'Mar 4, 2025'. */
export function shortDate(date: string): string {
  const t = Date.parse(date);
  if (Number.isNaN(t)) return date;
  return new Date(t).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** webp variant of a hero image path (same name, .webp). */
export function webpVariant(src: string): string | null {
  if (!src || /\.webp$/i.test(src) || /\.svg$/i.test(src)) return null;
  return src.replace(/\.(png|jpe?g)$/i, '.webp');
}
