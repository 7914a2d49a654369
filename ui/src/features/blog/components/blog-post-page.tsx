import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { usePageMeta } from '../../../lib/head';
import { useKeyedState } from '../../../lib/use-keyed-state';
import { siteConfig } from '../../../config';
import { allPosts, findPost, loadPostBody } from '../lib/content';
import { longDate, relatedPosts, shortDate, webpVariant, type PostMeta } from '../lib/posts';
import { PostCardMedia } from './post-card-media';
import '../blog.css';

function ScrollProgress() {
  const [pct, setPct] = useState(0);
  useEffect(() => {
    const update = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setPct(max > 0 ? Math.min(100, Math.max(0, (window.scrollY / max) * 100)) : 0);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <div
      className="scroll-progress"
      style={{ width: `${pct}%` }}
      role="progressbar"
      aria-label="Reading progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
    />
  );
}

function ArticleLoading() {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <strong>Loading...</strong>
      <span>Please wait while we load the article.</span>
    </div>
  );
}

/** Loads the post body; null while loading, or an error text. */
function usePostBody(post: PostMeta): { body: string | null; error: string | null } {
  // Another post reads as loading from its first render.
  const [state, setState] = useKeyedState<{ body: string | null; error: string | null }>(post.slug, { body: null, error: null });
  useEffect(() => {
    let cancelled = false;
    loadPostBody(post)
      .then((body) => !cancelled && setState({ body, error: null }))
      .catch((err: unknown) => {
        console.error('post body failed to load', err);
        if (!cancelled) setState({ body: null, error: 'This article could not be loaded. Please reload the page.' });
      });
    return () => {
      cancelled = true;
    };
  }, [post, setState]);
  return state;
}

function Post({ post }: { post: PostMeta }) {
  const { body, error } = usePostBody(post);
  usePageMeta({
    title: `${post.title} | ${siteConfig.blogName}`,
    description: post.excerpt || post.title,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      author: { '@type': 'Organization', name: post.author },
      publisher: { '@type': 'Organization', name: siteConfig.productName },
      keywords: post.tags.join(', '),
      articleSection: post.category,
      mainEntityOfPage: `${siteConfig.siteUrl}/blog/${post.slug}`,
      ...(post.heroImage ? { image: new URL(post.heroImage, siteConfig.siteUrl).toString() } : {}),
    },
  });
  const related = relatedPosts(allPosts, post);
  const webp = webpVariant(post.heroImage);
  return (
    <article className="blog-post">
      <ScrollProgress />
      <header className="post-header">
        <p>
          <Link to="/blog">← All posts</Link>
        </p>
        <span className="badge">{post.category}</span>
        <h1>{post.title}</h1>
        {post.excerpt ? <p className="post-excerpt">{post.excerpt}</p> : null}
        <p className="blog-meta">
          <span>{post.author}</span>
          <span>{post.readTime}</span>
          <time dateTime={post.date}>{longDate(post.date)}</time>
        </p>
      </header>
      {post.heroImage ? (
        <div className="post-hero">
          <picture>
            {webp ? <source srcSet={webp} type="image/webp" /> : null}
            <img src={post.heroImage} alt={post.heroImageAlt} width={1200} height={675} />
          </picture>
        </div>
      ) : null}
      <div className="post-body">
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : body === null ? (
          <ArticleLoading />
        ) : (
          // Rendered at build time from our own markdown; raw HTML there is escaped.
          <div dangerouslySetInnerHTML={{ __html: body }} />
        )}
      </div>
      {post.tags.length > 0 ? (
        <ul className="tag-list" aria-label="Tags">
          {post.tags.map((t) => (
            <li key={t} className="tag">
              #{t}
            </li>
          ))}
        </ul>
      ) : null}
      {related.length > 0 ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">Related Articles</h2>
          <div className="related-grid">
            {related.map((p) => (
              <Link
                key={p.slug}
                to={`/blog/${p.slug}`}
                className="blog-card"
                onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
              >
                <PostCardMedia post={p} />
                <div className="blog-card-body">
                  <p className="blog-meta">
                    <span className="badge">{p.category}</span>
                    <time dateTime={p.date}>{shortDate(p.date)}</time>
                  </p>
                  <h3>{p.title}</h3>
                  <p className="muted">{p.readTime}</p>
                </div>
              </Link>
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

/** /blog/{slug}: the post, or back to /blog for an empty or unknown slug. */
export function Component() {
  const params = useParams();
  const slug = (params['*'] ?? '').split('/')[0];
  const post = slug ? findPost(slug) : undefined;
  if (!post) return <Navigate to="/blog" replace />;
  return <Post key={post.slug} post={post} />;
}
