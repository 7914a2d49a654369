import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/head';
import { siteConfig } from '../../../config';
import { allPosts } from '../lib/content';
import { featuredPost, gridPosts, longDate, shortDate } from '../lib/posts';
import { PostCardMedia } from './post-card-media';
import '../blog.css';

/** /blog: hero, one featured card and a grid of two posts. */
export function Component() {
  usePageMeta({
    title: `Latest Blog Posts | ${siteConfig.blogName}`,
    description: 'Articles on process mapping, BPMN, SIPOC and AI-assisted process discovery.',
  });
  const featured = featuredPost(allPosts);
  const grid = gridPosts(allPosts);
  return (
    <div className="blog-page">
      <section className="blog-hero">
        <h1>Latest Blog Posts</h1>
        <p className="muted">Insights on process mapping, BPMN and AI-assisted process discovery.</p>
        <div className="badges">
          <span className="badge">Expert Content</span>
          <span className="badge">Actionable Tips</span>
        </div>
      </section>
      <div className="page">
        {featured ? (
          <Link to={`/blog/${featured.slug}`} className="blog-featured" data-testid="featured-post">
            <PostCardMedia post={featured} />
            <div className="blog-featured-body">
              <span className="badge">{featured.category}</span>
              <h2>{featured.title}</h2>
              <p className="muted">{featured.excerpt}</p>
              <p className="blog-meta">
                <span>{featured.author}</span>
                <span>{featured.readTime}</span>
                <time dateTime={featured.date}>{longDate(featured.date)}</time>
              </p>
              <span className="read-cue">Read More →</span>
            </div>
          </Link>
        ) : (
          <p className="muted">No posts yet.</p>
        )}
        <div className="blog-grid">
          {grid.map((p) => (
            <Link key={p.slug} to={`/blog/${p.slug}`} className="blog-card" data-testid="grid-post">
              <PostCardMedia post={p} />
              <div className="blog-card-body">
                <p className="blog-meta">
                  <span className="badge">{p.category}</span>
                  <time dateTime={p.date}>{shortDate(p.date)}</time>
                </p>
                <h3>{p.title}</h3>
                <p className="muted">{p.excerpt}</p>
                <p className="blog-meta">
                  <span>{p.readTime}</span>
                </p>
                <span className="read-cue">Read →</span>
              </div>
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}
