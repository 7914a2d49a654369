/** Public routes of the route table (spec part 1 §2); everything else is protected. */
const publicPaths = new Set(['/', '/login', '/signup', '/callback', '/about', '/contact', '/pricing', '/blog']);

/** True when path needs no sign-in: the listed pages and anything under /blog/. */
export function isPublicPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return publicPaths.has(clean) || clean.startsWith('/blog/');
}
