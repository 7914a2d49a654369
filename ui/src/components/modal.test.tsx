import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal', () => {
  it('is a native dialog opened modally, named by its title', () => {
    render(
      <Modal open title="Delete Analysis" onClose={() => undefined}>
        <p>Sure?</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Analysis' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
  });

  it.each([
    { closable: true, closes: true },
    { closable: false, closes: false },
  ])('Escape (the cancel event) asks to close: closable=$closable', ({ closable, closes }) => {
    const onClose = vi.fn();
    render(
      <Modal open title="T" closable={closable} onClose={onClose}>
        x
      </Modal>,
    );
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog'), cancel);
    // The browser never closes it by itself: the caller's `open` decides.
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(closes ? 1 : 0);
  });

  it('closing gives focus back to what had it', () => {
    const { rerender } = render(
      <>
        <button type="button">Open</button>
        <Modal open={false} title="T" onClose={() => undefined}>
          x
        </Modal>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    const tree = (open: boolean) => (
      <>
        <button type="button">Open</button>
        <Modal open={open} title="T" onClose={() => undefined}>
          <button type="button">Inside</button>
        </Modal>
      </>
    );
    rerender(tree(true));
    screen.getByRole('button', { name: 'Inside' }).focus();
    rerender(tree(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
