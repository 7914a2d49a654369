import { useCallback, useLayoutEffect, useRef, useState, type SetStateAction } from 'react';

/**
 * State that belongs to one key (an analysis id, a version, a retry round):
 * for a new key it reads as `initial` from the very first render, with no
 * effect resetting it a frame late, and a value set under an old key (a
 * fetch that finished after the key changed) is never shown under the new one.
 * This replaces "setX(null) at the top of an effect, then fetch".
 *
 * The setter changes only with the key: an updater function given for a key
 * that has no value yet starts from the latest rendered `initial` (kept in a
 * ref), so a new `initial` literal each render makes no new setter.
 */
export function useKeyedState<T>(key: string, initial: T): [T, (next: SetStateAction<T>) => void] {
  const [state, setState] = useState<{ key: string; value: T }>({ key, value: initial });
  const initialRef = useRef(initial);
  useLayoutEffect(() => {
    initialRef.current = initial;
  });
  const value = state.key === key ? state.value : initial;
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setState((prev) => {
        const current = prev.key === key ? prev.value : initialRef.current;
        return { key, value: typeof next === 'function' ? (next as (p: T) => T)(current) : next };
      }),
    [key],
  );
  return [value, set];
}
