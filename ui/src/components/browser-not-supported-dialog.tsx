import { Modal } from './modal';
import type { BrowserInfo } from '../lib/types';
import './browser-not-supported-dialog.css';

/** What the dialog shows: the browser, the server/client message and the recommendations. */
export interface BrowserNotice {
  browserInfo: BrowserInfo;
  message: string;
  recommendedBrowsers: string[];
}

const colors: Record<string, [string, string]> = {
  Chrome: ['#1a73e8', '#fbbc04'],
  Edge: ['#0c59a4', '#2fc2ae'],
  Firefox: ['#ff7139', '#9059ff'],
};

/** A simple two-colour badge standing in for the browser's logo. */
function BrowserIcon({ name }: { name: string }) {
  const [a, b] = colors[name] ?? ['#64748b', '#94a3b8'];
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill={a} />
      <circle cx="10" cy="10" r="4" fill={b} stroke="#fff" strokeWidth="1.5" />
    </svg>
  );
}

/** The 'Browser Not Supported' dialog. */
export function BrowserNotSupportedDialog({ notice, onClose }: { notice: BrowserNotice; onClose: () => void }) {
  const { browserInfo } = notice;
  const suffix = browserInfo.isMobile ? ' (Mobile)' : browserInfo.isTablet ? ' (Tablet)' : '';
  return (
    <Modal open title="Browser Not Supported" onClose={onClose} size="small">
      <p className="browser-current">
        Current browser: <strong>{`${browserInfo.name}${suffix}`}</strong>
      </p>
      {notice.message ? <p className="browser-message">{notice.message}</p> : null}
      <p>Recommended browsers:</p>
      <ul className="browser-list">
        {notice.recommendedBrowsers.map((b) => (
          <li key={b}>
            <BrowserIcon name={b} /> {b}
          </li>
        ))}
      </ul>
      <p className="muted">You can still navigate our website with your current browser.</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          I Understand
        </button>
      </div>
    </Modal>
  );
}

export default BrowserNotSupportedDialog;
