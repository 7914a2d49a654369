import { useEffect, useState } from 'react';
import { MESSAGE_MS, ROTATING_MESSAGES } from '../lib/delays';

/** Props of ProgressPanel. */
export interface ProgressPanelProps {
  progress: number;
  /** The server's current_stage (or a local status such as 'Uploading file...'). */
  stage: string;
}

/** Spinner, the server's stage, a rotating message and the progress bar. */
export function ProgressPanel({ progress, stage }: ProgressPanelProps) {
  const [msg, setMsg] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setMsg((m) => (m + 1) % ROTATING_MESSAGES.length), MESSAGE_MS);
    return () => clearInterval(t);
  }, []);
  const pct = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <div className="az-progress" data-testid="analysis-progress">
      <div className="az-progress-head">
        <span className="spinner" aria-hidden="true" />
        <strong data-testid="analysis-stage" aria-live="polite">
          {stage || 'Analyzing...'}
        </strong>
      </div>
      <p className="muted az-rotating">{ROTATING_MESSAGES[msg]}</p>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Analysis progress">
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="muted az-progress-pct" data-testid="analysis-percent">
        {pct}%
      </p>
    </div>
  );
}
