import { createMemoryRouter } from 'react-router';
import { ErrorPage } from '../app/error-page';

/**
 * Stands in for app/router (every page) in the files that load app.tsx. One
 * module for all of them: the files share one module graph (isolate: false),
 * so app.tsx builds its router once, from whichever file loads it first.
 */
export function createAppRouter() {
  return createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      {
        path: '/boom',
        errorElement: <ErrorPage />,
        Component: () => {
          throw new Error('kaboom');
        },
      },
    ],
    { initialEntries: ['/'] },
  );
}
