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

/** Accessible dialog with a dimmed backdrop; focus moves into it on open. */
export function Modal({ open, title, children, footer, closable = true, onClose, size = 'medium', className }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closable) onClose?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, closable, onClose]);

  if (!open) return null;
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable) onClose?.();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal-${size}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
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
      </div>
    </div>
  );
}
