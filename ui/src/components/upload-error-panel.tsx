import { Icon, type IconName } from './icons';
import './upload-error-panel.css';

/** Error kinds of the upload error panel (spec part 2 §8). */
export type UploadErrorType = 'daily_limit' | 'export_limit' | 'size' | 'format' | 'network' | 'analysis_failed' | 'other';

/** An error shown by UploadErrorPanel. */
export interface UploadError {
  type: UploadErrorType;
  message?: string;
}

const catalogue: Record<UploadErrorType, { title: string; message: string; action: string; icon: IconName }> = {
  daily_limit: {
    title: 'Daily Analysis Limit Reached',
    message: "You've reached the daily limit for demo analyses.",
    action: 'Register Now',
    icon: 'clock',
  },
  export_limit: {
    title: 'Register to Export',
    message: 'BPMN export is available for registered users.',
    action: 'Register Now',
    icon: 'lock',
  },
  size: { title: 'File Too Large', message: 'The selected file exceeds the size limit.', action: 'Try Again', icon: 'box' },
  format: {
    title: 'Invalid File Format',
    message: 'The selected file format is not supported.',
    action: 'Try Again',
    icon: 'document',
  },
  network: { title: 'Connection Error', message: 'Unable to connect to the analysis service.', action: 'Retry', icon: 'wifi' },
  // The upload succeeded and the analysis itself failed: the server's detail says what to do.
  analysis_failed: { title: 'Analysis failed', message: 'The analysis could not be completed.', action: 'Try Again', icon: 'alert' },
  other: { title: 'Upload Failed', message: 'An unexpected error occurred.', action: 'Try Again', icon: 'alert' },
};

/** Texts of one error type; exported for tests and callers that need the labels. */
export function uploadErrorTexts(type: UploadErrorType) {
  return catalogue[type];
}

/** Props of UploadErrorPanel. */
export interface UploadErrorPanelProps {
  error: UploadError;
  /** Register Now (daily/export limit) or Try Again / Retry (others). */
  onAction?: () => void;
  onClose: () => void;
}

/** The upload error panel: title, message, hints for limits, one action and a close control. */
export function UploadErrorPanel({ error, onAction, onClose }: UploadErrorPanelProps) {
  const t = catalogue[error.type];
  const isLimit = error.type === 'daily_limit' || error.type === 'export_limit';
  return (
    <div className={`upload-error upload-error-${error.type}`} role="alert">
      <button type="button" className="icon-button upload-error-close" aria-label="Dismiss error" onClick={onClose}>
        ×
      </button>
      <div className="upload-error-icon">
        <Icon name={t.icon} size={32} />
      </div>
      <h3 className="upload-error-title">{t.title}</h3>
      <p className="upload-error-message">{error.message || t.message}</p>
      {error.type === 'daily_limit' ? (
        <ul className="upload-error-hints">
          <li>Registration unlocks 5 analyses per day</li>
          <li>Keep your previous results</li>
          <li>Export your diagrams as BPMN</li>
        </ul>
      ) : null}
      {onAction ? (
        <button type="button" className={`btn ${isLimit ? 'btn-primary' : 'btn-secondary'}`} onClick={onAction}>
          {t.action}
        </button>
      ) : null}
    </div>
  );
}
