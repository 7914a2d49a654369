import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealOpenedSections, sectionScroll } from './panel-sections';

describe('sectionScroll', () => {
  it.each([
    { name: 'inside the window', box: { top: 100, bottom: 300 }, want: null },
    { name: 'exactly the window', box: { top: 0, bottom: 812 }, want: null },
    { name: 'below the fold, fits', box: { top: 780, bottom: 900 }, want: 'center' },
    { name: 'bottom a fraction past the edge', box: { top: 700, bottom: 812.58 }, want: 'center' },
    { name: 'above the window, fits', box: { top: -50, bottom: 40 }, want: 'center' },
    { name: 'taller than the window', box: { top: 600, bottom: 1500 }, want: 'start' },
  ])('$name → $want', ({ box, want }) => {
    expect(sectionScroll(box, 812)).toBe(want);
  });
});

describe('revealOpenedSections', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  /** A panel with one section below the fold; answers its header and the section's scroll spy. */
  function panelWithSection(open: boolean) {
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      cb(0);
      return 1;
    });
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const panel = document.createElement('aside');
    panel.innerHTML = `<div class="bio-properties-panel-group"><div class="bio-properties-panel-group-header${open ? ' open' : ''}"><button>Toggle section</button></div></div>`;
    document.body.append(panel);
    const section = panel.querySelector<HTMLElement>('.bio-properties-panel-group')!;
    section.getBoundingClientRect = () => ({ top: window.innerHeight - 20, bottom: window.innerHeight + 100 }) as DOMRect;
    const scroll = vi.fn();
    section.scrollIntoView = scroll;
    return { panel, button: panel.querySelector('button')!, scroll };
  }

  it('scrolls a section opened below the fold into the middle of the window', () => {
    const { panel, button, scroll } = panelWithSection(true);
    const stop = revealOpenedSections(panel);
    button.click();
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'auto' });
    stop();
  });

  it('leaves a closed section and clicks elsewhere alone, and stops when told', () => {
    const { panel, button, scroll } = panelWithSection(false);
    const stop = revealOpenedSections(panel);
    button.click();
    panel.click();
    expect(scroll).not.toHaveBeenCalled();
    stop();
    button.parentElement!.classList.add('open');
    button.click();
    expect(scroll).not.toHaveBeenCalled();
  });
});
