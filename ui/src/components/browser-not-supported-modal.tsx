import { lazy, Suspense, useEffect, useState } from 'react';
import { onAuthEvent } from '../lib/auth/auth-events';
import type { BrowserNotice } from './browser-not-supported-dialog';

// The dialog itself loads only when needed, keeping it out of the first paint.
const BrowserNotSupportedDialog = lazy(() => import('./browser-not-supported-dialog'));

/** Opens on login_failed with reason browser_not_supported; dismissal clears the info. */
export function BrowserNotSupportedModal() {
  const [notice, setNotice] = useState<BrowserNotice | null>(null);

  useEffect(
    () =>
      onAuthEvent((e) => {
        if (e.type === 'login_failed' && e.reason === 'browser_not_supported' && e.browserInfo) {
          setNotice({
            browserInfo: e.browserInfo,
            message: e.message ?? '',
            recommendedBrowsers: e.recommendedBrowsers ?? ['Chrome', 'Edge', 'Firefox'],
          });
        }
      }),
    [],
  );

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <BrowserNotSupportedDialog notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
