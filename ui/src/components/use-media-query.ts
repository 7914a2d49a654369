import { useEffect, useState } from 'react';

/** Phones: where the editor's toolbar keeps its most used controls and puts the rest in "More" (bpmn-viewer.css draws its controls tighter there). */
export const NARROW_TOOLBAR_QUERY = '(max-width: 480px)';

/** Whether `query` matches, following window resizes; false where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(query);
    const on = () => setMatches(mq.matches);
    on();
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, [query]);
  return matches;
}
