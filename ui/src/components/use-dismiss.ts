import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup (menu, dropdown) on Escape and on a press or tap outside
 * `ref`, while `open`. A popup that stays open after either covers what the
 * person wanted to reach next (issue 13.4: the mobile Formats menu over the tabs).
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}
