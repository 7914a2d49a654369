import { useEffect, useState } from 'react';
import { Modal } from './modal';
import { onAuthEvent } from '../lib/auth/auth-events';
import type { BrowserInfo } from '../lib/types';

interface Info {
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

/** Opens on login_failed with reason browser_not_supported; dismissal clears the info. */
export function BrowserNotSupportedModal() {
  const [info, setInfo] = useState<Info | null>(null);

  useEffect(
    () =>
      onAuthEvent((e) => {
        if (e.type === 'login_failed' && e.reason === 'browser_not_supported' && e.browserInfo) {
          setInfo({
            browserInfo: e.browserInfo,
            message: e.message ?? '',
            recommendedBrowsers: e.recommendedBrowsers ?? ['Chrome', 'Edge', 'Firefox'],
          });
        }
      }),
    [],
  );

  if (!info) return null;
  const { browserInfo } = info;
  const suffix = browserInfo.isMobile ? ' (Mobile)' : browserInfo.isTablet ? ' (Tablet)' : '';
  return (
    <Modal open title="Browser Not Supported" onClose={() => setInfo(null)} size="small">
      <p className="browser-current">
        Current browser: <strong>{`${browserInfo.name}${suffix}`}</strong>
      </p>
      {info.message ? <p className="browser-message">{info.message}</p> : null}
      <p>Recommended browsers:</p>
      <ul className="browser-list">
        {info.recommendedBrowsers.map((b) => (
          <li key={b}>
            <BrowserIcon name={b} /> {b}
          </li>
        ))}
      </ul>
      <p className="muted">You can still navigate our website with your current browser.</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={() => setInfo(null)}>
          I Understand
        </button>
      </div>
    </Modal>
  );
}
