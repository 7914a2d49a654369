import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { graphDelay } from '../lib/delays';
import { nextGraphCheck } from './use-graph-status';

describe('nextGraphCheck', () => {
  const state = (over: Partial<Parameters<typeof nextGraphCheck>[0]>) => ({ data: undefined, error: null, dataUpdateCount: 0, ...over });
  it.each([
    { name: 'the graph exists', s: state({ data: { exists: true }, dataUpdateCount: 1 }), want: false },
    { name: 'the graph failed', s: state({ data: { exists: false, status: 'failed' as const }, dataUpdateCount: 1 }), want: false },
    { name: 'no graph will come', s: state({ data: { exists: false, status: 'none' as const }, dataUpdateCount: 1 }), want: false },
    { name: 'a refused check (4xx)', s: state({ error: new ApiError(403, 'no') }), want: false },
    { name: 'still building, first answer', s: state({ data: { exists: false, status: 'pending' as const }, dataUpdateCount: 1 }), want: graphDelay(0) },
    { name: 'still building, fourth answer', s: state({ data: { exists: false, status: 'pending' as const }, dataUpdateCount: 4 }), want: graphDelay(3) },
    { name: 'a server error keeps checking', s: state({ error: new ApiError(502, 'down') }), want: graphDelay(0) },
  ])('$name → $want', ({ s, want }) => {
    expect(nextGraphCheck(s)).toBe(want);
  });
  it('an analysis finished long ago is checked every 30 s (spec §9)', () => {
    const longAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    expect(nextGraphCheck(state({ data: { exists: false, status: 'pending' }, dataUpdateCount: 1 }), longAgo)).toBe(30_000);
  });
});
