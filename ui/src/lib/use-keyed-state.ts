import { useCallback, useState, type SetStateAction } from 'react';

/**
 * State that belongs to one key (an analysis id, a version, a retry round):
 * for a new key it reads as `initial` from the very first render, with no
 * effect resetting it a frame late, and a value set under an old key (a
 * fetch that finished after the key changed) is never shown under the new one.
 * This replaces "setX(null) at the top of an effect, then fetch".
 */
export function useKeyedState<T>(key: string, initial: T): [T, (next: SetStateAction<T>) => void] {
  const [state, setState] = useState<{ key: string; value: T }>({ key, value: initial });
  const value = state.key === key ? state.value : initial;
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setState((prev) => {
        const current = prev.key === key ? prev.value : initial;
        return { key, value: typeof next === 'function' ? (next as (p: T) => T)(current) : next };
      }),
    // `initial` is read only for a key that has no value yet; a new literal
    // each render must not make a new setter each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return [value, set];
}
