import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';

/** Props of Modal. */
export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** When false the modal offers no close button and ignores Escape and backdrop clicks. */
  closable?: boolean;
  onClose?: () => void;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element, opened with showModal():
 * the browser traps focus inside it, makes the page behind it inert and
 * turns Escape into a cancel event. Whether it is open stays with the
 * caller (`open`), so Escape and backdrop clicks only ask to close.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <OpenModal {...props} />;
}

function OpenModal({ title, children, footer, closable = true, onClose, size = 'medium', className }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The dialog leaves the page with its caller's state: focus goes back
      // to what had it before (the button that opened it).
      previous?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: the caller decides; a dialog that must be answered stays.
        e.preventDefault();
        if (closable) onClose?.();
      }}
      onMouseDown={(e) => {
        // A press on the backdrop lands on the dialog element itself, outside its box.
        if (e.target !== e.currentTarget || !closable) return;
        const r = e.currentTarget.getBoundingClientRect();
        const outside = e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
        if (outside) onClose?.();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {closable && onClose ? (
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
      <div className="modal-body">{children}</div>
      {footer ? <div className="modal-footer">{footer}</div> : null}
    </dialog>
  );
}
