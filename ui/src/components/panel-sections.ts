// The properties panel's sections open in place: on a phone the panel sits
// below the canvas, and a section opened at the bottom of the screen showed
// its heading only, its fields below the fold (Documentation at 375 px).

/** A section header of the bpmn-js properties panel; a click on it opens or closes the section. */
const SECTION_HEADER = '.bio-properties-panel-group-header';
/** A section: its header and, when open, its fields. */
const SECTION = '.bio-properties-panel-group';

/**
 * How to scroll a section whose box is `box` so that a person sees it whole
 * in a window `viewHeight` px high: null when it shows already; 'center'
 * when it fits (its edges then lie well inside, not on the window's edge);
 * 'start' when it is taller than the window (its heading and first fields).
 */
export function sectionScroll(box: { top: number; bottom: number }, viewHeight: number): ScrollLogicalPosition | null {
  if (box.top >= 0 && box.bottom <= viewHeight) return null;
  return box.bottom - box.top <= viewHeight ? 'center' : 'start';
}

/**
 * Scrolls a section the person has just opened in `panel` into view, once
 * the panel has drawn its fields (two frames after the click). Answers a
 * function that stops watching.
 */
export function revealOpenedSections(panel: HTMLElement): () => void {
  let frame = 0;
  const onClick = (e: MouseEvent) => {
    const header = (e.target as Element | null)?.closest?.(SECTION_HEADER);
    if (!header || !panel.contains(header)) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!header.classList.contains('open')) return;
        const section = header.closest<HTMLElement>(SECTION) ?? (header as HTMLElement);
        const block = sectionScroll(section.getBoundingClientRect(), window.innerHeight);
        if (block) section.scrollIntoView({ block, behavior: 'auto' });
      });
    });
  };
  panel.addEventListener('click', onClick);
  return () => {
    panel.removeEventListener('click', onClick);
    cancelAnimationFrame(frame);
  };
}
