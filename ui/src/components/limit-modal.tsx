import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from './modal';
import { formatCountdown, nextUtcMidnight, type LimitInfo } from '../lib/membership/limit';

/** Props of LimitModal. */
export interface LimitModalProps {
  open: boolean;
  info: LimitInfo | null;
  /** What one analyze call is called in the text: 'document', 'image', 'BPMN file'. */
  unit?: string;
  onClose: () => void;
  /** Injected clock for tests. */
  now?: () => Date;
}

/** 'Daily API Limit Reached': the limit, a countdown to 00:00 UTC, the local reset time, Upgrade. */
export function LimitModal({ open, info, unit = 'document', onClose, now = () => new Date() }: LimitModalProps) {
  const navigate = useNavigate();
  const [tick, setTick] = useState(() => now());
  // Opening shows the countdown from now, not from when the modal was last
  // open (adjusted while rendering, so no stale second is painted).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setTick(now());
  }
  // Reads the latest clock without restarting the timer on every render.
  const onSecond = useEffectEvent(() => setTick(now()));
  useEffect(() => {
    if (!open) return;
    const t = setInterval(onSecond, 1000);
    return () => clearInterval(t);
  }, [open]);
  const reset = nextUtcMidnight(tick);
  const limit = info?.limit ?? 1;
  const type = info?.membershipType ?? 'Free';
  return (
    <Modal
      className="mb-modal"
      open={open}
      title="Daily API Limit Reached"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/pricing')}>
            Upgrade Membership
          </button>
        </>
      }
    >
      <p data-testid="limit-text">
        You&apos;ve reached your daily limit of {limit} {unit} for your {type} membership.
      </p>
      <p>
        Your limit resets in <strong data-testid="limit-countdown">{formatCountdown(tick, reset)}</strong> (at{' '}
        <span data-testid="limit-reset-local">
          {reset.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
        </span>{' '}
        your local time, 00:00 UTC).
      </p>
    </Modal>
  );
}
