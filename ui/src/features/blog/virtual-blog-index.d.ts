// Provided by vite-plugins/blog-index.ts at build time.
declare module 'virtual:blog-index' {
  export const posts: import('./lib/posts').PostMeta[];
  export const bodies: Record<string, () => Promise<{ default: string }>>;
}
