import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';
import './more-menu.css';

/** Props of MoreMenu. */
export interface MoreMenuProps {
  /** The button's text. */
  label?: string;
  /** Names the menu for assistive technology. */
  menuLabel: string;
  /** The items: elements with role="menuitem" (buttons), in order. */
  children: ReactNode;
}

/** The enabled items of a menu, in order. */
export function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]')].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true',
  );
}

/** The index focus moves to from `current` for `key` among `count` items; -1 when the key does not move it. */
export function nextIndex(key: string, current: number, count: number): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return -1;
  }
}

/**
 * A menu button (WAI-ARIA menu button pattern) holding the controls a
 * phone's toolbar has no room for: Enter, Space or a tap opens it on its
 * first item, the arrow keys, Home and End move between items, Escape or a
 * tap outside closes it and gives focus back to the button; choosing an item
 * closes it too.
 */
export function MoreMenu({ label = 'More', menuLabel, children }: MoreMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const id = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);
  const dismiss = useCallback(() => close(rootRef.current?.contains(document.activeElement) ?? false), [close]);
  useDismiss(rootRef, open, dismiss);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (focusOnOpen.current === 'last' ? items[items.length - 1] : items[0])?.focus();
  }, [open]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusOnOpen.current = e.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    if (e.key === 'Tab') {
      close(false);
      return;
    }
    const next = nextIndex(e.key, items.indexOf(document.activeElement as HTMLElement), items.length);
    if (next >= 0) {
      e.preventDefault();
      items[next].focus();
    }
  };

  return (
    <span className="more-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onKeyDown={onButtonKey}
        onClick={() => {
          focusOnOpen.current = 'first';
          setOpen((v) => !v);
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={id}
          role="menu"
          aria-label={menuLabel}
          className="more-menu-list"
          onKeyDown={onMenuKey}
          // A chosen item has done its work: the menu goes, focus back on its button.
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('[role^="menuitem"]')) close(true);
          }}
        >
          {children}
        </div>
      ) : null}
    </span>
  );
}
