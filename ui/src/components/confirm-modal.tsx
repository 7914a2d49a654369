import { useState } from 'react';
import { Modal } from './modal';
import './confirm-modal.css';

/** Props of ConfirmModal. */
export interface ConfirmModalProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

/** A yes/no confirmation (Delete Analysis, delete API key); the confirm button shows progress. */
export function ConfirmModal({ open, title, message, confirmLabel = 'Delete', onConfirm, onClose }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      className="mb-modal"
      open={open}
      title={title}
      onClose={busy ? undefined : onClose}
      size="small"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
            {busy ? 'Deleting...' : confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
