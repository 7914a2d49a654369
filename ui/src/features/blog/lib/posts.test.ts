import { describe, expect, it } from 'vitest';
import { buildPosts, categoryEmoji, featuredPost, gridPosts, postFromMarkdown, relatedPosts, webpVariant } from './posts';
import { allPosts, findPost, loadPostBody } from './content';

const md = (fm: string, body = 'Some body text.') => `---\n${fm}\n---\n${body}`;

describe('posts', () => {
  it('skips posts without title or slug and applies defaults', () => {
    expect(postFromMarkdown(md('slug: a'))).toBeNull();
    expect(postFromMarkdown(md('title: A'))).toBeNull();
    const p = postFromMarkdown(md('title: "A"\nslug: "a"'), '2025-01-02')!;
    expect(p).toMatchObject({
      id: 'a',
      excerpt: '',
      author: 'SPADE Team',
      date: '2025-01-02',
      category: 'General',
      featured: false,
      tags: [],
      heroImage: '',
      heroImageAlt: 'A',
      readTime: '1 min read',
    });
  });

  it('sorts newest first and picks featured and grid posts', () => {
    const posts = buildPosts([
      md('title: Old\nslug: old\ndate: 2024-01-01'),
      md('title: New\nslug: new\ndate: 2025-06-01'),
      md('title: Mid\nslug: mid\ndate: 2024-06-01\nfeatured: true'),
      md('title: Older\nslug: older\ndate: 2023-01-01'),
    ]);
    expect(posts.map((p) => p.slug)).toEqual(['new', 'mid', 'old', 'older']);
    expect(featuredPost(posts)?.slug).toBe('mid');
    expect(gridPosts(posts).map((p) => p.slug)).toEqual(['new', 'old']);
    const unflagged = buildPosts([md('title: X\nslug: x\ndate: 2024-01-01'), md('title: Y\nslug: y\ndate: 2025-01-01')]);
    expect(featuredPost(unflagged)?.slug).toBe('y');
  });

  it('relates up to two posts of the same category', () => {
    const posts = buildPosts(
      ['a', 'b', 'c', 'd'].map((s, i) => md(`title: ${s}\nslug: ${s}\ncategory: ${i < 3 ? 'BPMN' : 'General'}\ndate: 2025-0${i + 1}-01`)),
    );
    const a = posts.find((p) => p.slug === 'a')!;
    expect(relatedPosts(posts, a).map((p) => p.slug)).toEqual(['c', 'b']);
    expect(relatedPosts(posts, posts.find((p) => p.slug === 'd')!)).toEqual([]);
  });

  it.each([
    ['AI & Automation', '🤖'],
    ['BPMN', '🔀'],
    ['General', '📝'],
    ['Something Else', '📊'],
  ])('emoji for %s', (c, e) => expect(categoryEmoji(c)).toBe(e));

  it('prefers a webp variant of raster hero images', () => {
    expect(webpVariant('/blog/a.png')).toBe('/blog/a.webp');
    expect(webpVariant('/blog/a.webp')).toBeNull();
    expect(webpVariant('')).toBeNull();
  });

  it('indexes the three known posts and loads their bodies on demand', async () => {
    for (const slug of ['process-intelligence-roi', 'process-mapping-ai', 'workflow-diagram']) {
      const p = findPost(slug);
      expect(p, slug).toBeDefined();
      expect((p as { content?: string }).content).toBeUndefined();
      const body = await loadPostBody(p!);
      expect(body.replace(/<[^>]+>/g, ' ').split(/\s+/).length).toBeGreaterThan(500);
      expect(body).toContain('<h2>');
      expect(body).not.toContain('---');
    }
    expect(allPosts.length).toBeGreaterThanOrEqual(3);
    expect(featuredPost(allPosts)?.slug).toBe('process-mapping-ai');
  });
});
