import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeyedState } from './use-keyed-state';

describe('useKeyedState', () => {
  it('reads as the initial value for a new key from the first render', () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState<string | null>(k, null), { initialProps: { k: 'a' } });
    act(() => result.current[1]('loaded a'));
    expect(result.current[0]).toBe('loaded a');
    rerender({ k: 'b' });
    expect(result.current[0]).toBeNull();
  });

  it('ignores a value set under a key that is no longer current', () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState(k, 0), { initialProps: { k: 'a' } });
    const setForA = result.current[1];
    rerender({ k: 'b' });
    act(() => setForA(7));
    expect(result.current[0]).toBe(0);
    rerender({ k: 'a' });
    expect(result.current[0]).toBe(7);
  });

  it('applies updater functions to the current key’s value', () => {
    const { result } = renderHook(() => useKeyedState('k', 1));
    act(() => result.current[1]((n) => n + 1));
    act(() => result.current[1]((n) => n + 1));
    expect(result.current[0]).toBe(3);
  });

  it('keeps one setter per key although the initial value is a new literal each render', () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState<{ n: number }>(k, { n: 0 }), { initialProps: { k: 'a' } });
    const first = result.current[1];
    rerender({ k: 'a' });
    expect(result.current[1]).toBe(first);
    rerender({ k: 'b' });
    expect(result.current[1]).not.toBe(first);
  });

  it('starts an updater for a key without a value from the initial value', () => {
    const { result, rerender } = renderHook(({ k }) => useKeyedState(k, 10), { initialProps: { k: 'a' } });
    act(() => result.current[1](3));
    rerender({ k: 'b' });
    act(() => result.current[1]((n) => n + 1));
    expect(result.current[0]).toBe(11);
  });
});
