import { useEffect, useState } from 'react';
import { Modal } from './modal';
import { onAuthEvent } from '../lib/auth/auth-events';
import type { BrowserInfo } from '../lib/types';

interface Info {
  browserInfo: BrowserInfo;
  message: string;
  recommendedBrowsers: string[];
}

const icons: Record<string, string> = { Chrome: '🌐', Edge: '🧭', Firefox: '🦊' };

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
            <span aria-hidden="true">{icons[b] ?? '🌐'}</span> {b}
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
