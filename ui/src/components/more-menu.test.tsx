import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoreMenu, nextIndex } from './more-menu';

describe('nextIndex', () => {
  it.each([
    { key: 'ArrowDown', current: -1, count: 3, want: 0 },
    { key: 'ArrowDown', current: 0, count: 3, want: 1 },
    { key: 'ArrowDown', current: 2, count: 3, want: 0 },
    { key: 'ArrowUp', current: 0, count: 3, want: 2 },
    { key: 'ArrowUp', current: -1, count: 3, want: 2 },
    { key: 'ArrowUp', current: 2, count: 3, want: 1 },
    { key: 'Home', current: 2, count: 3, want: 0 },
    { key: 'End', current: 0, count: 3, want: 2 },
    { key: 'a', current: 0, count: 3, want: -1 },
    { key: 'ArrowDown', current: -1, count: 0, want: -1 },
  ])('$key from $current of $count -> $want', ({ key, current, count, want }) => {
    expect(nextIndex(key, current, count)).toBe(want);
  });
});

function renderMenu(onFirst = vi.fn()) {
  render(
    <>
      <MoreMenu menuLabel="More tools">
        <button type="button" role="menuitem" onClick={onFirst}>
          First
        </button>
        <button type="button" role="menuitem" disabled>
          Off
        </button>
        <button type="button" role="menuitem">
          Last
        </button>
      </MoreMenu>
      <button type="button">Outside</button>
    </>,
  );
  return screen.getByRole('button', { name: /More/ });
}

describe('MoreMenu', () => {
  it('opens with Enter on its first item, arrows skip disabled items and wrap, Escape closes and gives focus back', async () => {
    const user = userEvent.setup();
    const more = renderMenu();
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'More tools' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Last' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Last' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('opens with Space; choosing an item runs it, closes the menu and focuses the button', async () => {
    const user = userEvent.setup();
    const onFirst = vi.fn();
    const more = renderMenu(onFirst);
    more.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: 'First' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onFirst).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more).toHaveFocus();
  });

  it('ArrowUp on the button opens on the last item; a tap outside closes it', async () => {
    const user = userEvent.setup();
    const more = renderMenu();
    more.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Last' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
