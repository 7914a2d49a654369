import { vi } from 'vitest';

/** One recorded call of the fetch mock. */
export interface Call {
  url: string;
  init: RequestInit;
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** JSON response helper. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Installs a fetch mock answering by "METHOD path" (query ignored); unknown
 * routes answer 404. Returns the call log.
 */
export function mockFetch(routes: Record<string, Handler | Response | (() => Response)>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      calls.push({ url, init });
      const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
      const key = `${(init.method ?? 'GET').toUpperCase()} ${path}`;
      const h = routes[key];
      if (!h) return json({ detail: `no route ${key}` }, 404);
      if (h instanceof Response) return h.clone();
      return (h as Handler)(url, init);
    }),
  );
  return calls;
}
