import { useNavigate } from 'react-router';
import { Modal } from './modal';

/** 'Free Trial Expired' (HTTP 403): add an own API key or upgrade. */
export function TrialExpiredModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      className="mb-modal"
      open={open}
      title="Free Trial Expired"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/settings')}>
            Add API Key
          </button>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/pricing')}>
            Upgrade Plan
          </button>
        </>
      }
    >
      <p>Your 14-day free trial period has ended.</p>
      <p>Please upgrade your membership or add your own API key in Settings.</p>
    </Modal>
  );
}
