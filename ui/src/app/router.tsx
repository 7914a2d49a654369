import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { ErrorPage } from './error-page';

/**
 * The route table (spec part 1 §2). Pages are lazy so each public page
 * loads only its own code. To add a signed-in page, add a lazy child to
 * the `requireAccount` group below; its module exports `Component`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    // Shown while the first page's lazy module loads; without it react-router
    // warns "No HydrateFallback element provided" on every first load.
    HydrateFallback: RouteLoading,
    errorElement: <ErrorPage />,
    children: [
      // Public.
      { index: true, lazy: () => import('../features/landing/landing-page') },
      { path: 'login', lazy: () => import('../features/auth/components/login-page') },
      { path: 'signup', lazy: () => import('../features/auth/components/signup-page') },
      { path: 'callback', lazy: () => import('../features/auth/components/callback-page') },
      { path: 'about', lazy: () => import('../features/pages/about-page') },
      { path: 'contact', lazy: () => import('../features/pages/contact-page') },
      { path: 'pricing', lazy: () => import('../features/pages/pricing-page') },
      { path: 'blog', lazy: () => import('../features/blog/components/blog-list-page') },
      { path: 'blog/*', lazy: () => import('../features/blog/components/blog-post-page') },
      // Signed in: the server-state cache (TanStack Query) and the route
      // guard are loaded with these pages only, never with the public ones.
      {
        lazy: () => import('./query-layout'),
        children: [
          // Signed in; no account needed yet.
          {
            lazy: () => import('./protected-route').then((m) => ({ Component: m.SignedInRoute })),
            children: [{ path: 'account', lazy: () => import('../features/accounts/components/account-page') }],
          },
          // Signed in with an account selected.
          {
            lazy: () => import('./protected-route').then((m) => ({ Component: m.AccountRoute })),
            children: [
              { path: 'analyzer', lazy: () => import('../features/analyzers/analyzer-hub-page') },
              { path: 'document-analyzer', lazy: () => import('../features/analyzers/document-analyzer-page') },
              { path: 'image-analyzer', lazy: () => import('../features/analyzers/image-analyzer-page') },
              { path: 'bpmn-analyzer', lazy: () => import('../features/analyzers/bpmn-analyzer-page') },
              { path: 'settings', lazy: () => import('../features/settings/settings-page') },
              { path: 'ops', lazy: () => import('../features/ops/ops-page') },
              { path: 'disclaimer', lazy: () => import('../features/pages/disclaimer-page') },
              { path: '*', lazy: () => import('../features/pages/not-found-page') },
            ],
          },
        ],
      },
    ],
  },
];

/** The first page is still loading its code. */
function RouteLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

/** Builds the browser router from the route table. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
