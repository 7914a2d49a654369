import { categoryEmoji, webpVariant, type PostMeta } from '../lib/posts';

/** Hero image (webp preferred) or the category emoji. */
export function PostCardMedia({ post }: { post: PostMeta }) {
  if (!post.heroImage) {
    return (
      <div className="blog-media" aria-hidden="true">
        {categoryEmoji(post.category)}
      </div>
    );
  }
  const webp = webpVariant(post.heroImage);
  return (
    <div className="blog-media">
      <picture>
        {webp ? <source srcSet={webp} type="image/webp" /> : null}
        <img src={post.heroImage} alt={post.heroImageAlt} width={1200} height={675} loading="lazy" />
      </picture>
    </div>
  );
}
