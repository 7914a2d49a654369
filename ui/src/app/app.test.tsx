import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { ErrorPage } from './error-page';

vi.mock('./router', () => import('../test/app-router-mock'));

describe('App start-up', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'Loading application...' until the 3 s safety timeout when auth hangs", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const { App } = await import('./app');
    render(<App />);
    expect(screen.getByText('Loading application...')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Loading application...')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2));
    expect(screen.queryByText('Loading application...')).toBeNull();
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});

describe('router error page', () => {
  it("shows 'Unexpected Application Error!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { RouterProvider } = await import('react-router');
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <ErrorPage />,
          Component: () => {
            throw new Error('kaboom');
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
  });
});
