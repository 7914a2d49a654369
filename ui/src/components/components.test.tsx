import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserNotSupportedModal } from './browser-not-supported-modal';
import { UploadErrorPanel, type UploadErrorType } from './upload-error-panel';
import { CookieBanner } from './cookie-banner';
import { publishAuthEvent } from '../lib/auth/auth-events';
import { detectBrowser, browserMessages } from '../lib/auth/browser-detect';
import { useCookieConsentStore } from '../stores/cookie-consent-store';

describe('BrowserNotSupportedModal', () => {
  it('opens on login_failed browser_not_supported and closes on I Understand', async () => {
    render(<BrowserNotSupportedModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const info = detectBrowser(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    );
    act(() =>
      publishAuthEvent({
        type: 'login_failed',
        reason: 'browser_not_supported',
        browserInfo: info,
        message: browserMessages.mobile,
        recommendedBrowsers: ['Chrome', 'Edge', 'Firefox'],
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Browser Not Supported' })).toBeInTheDocument();
    expect(screen.getByText('Safari (Mobile)')).toBeInTheDocument();
    expect(screen.getByText(browserMessages.mobile)).toBeInTheDocument();
    for (const b of ['Chrome', 'Edge', 'Firefox']) expect(screen.getByText(b, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('You can still navigate our website with your current browser.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I Understand' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores other login failures', () => {
    render(<BrowserNotSupportedModal />);
    act(() => publishAuthEvent({ type: 'login_failed', reason: 'callback_error', message: 'x' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('UploadErrorPanel', () => {
  it.each([
    ['daily_limit', 'Daily Analysis Limit Reached', "You've reached the daily limit for demo analyses.", 'Register Now'],
    ['export_limit', 'Register to Export', 'BPMN export is available for registered users.', 'Register Now'],
    ['size', 'File Too Large', 'The selected file exceeds the size limit.', 'Try Again'],
    ['format', 'Invalid File Format', 'The selected file format is not supported.', 'Try Again'],
    ['network', 'Connection Error', 'Unable to connect to the analysis service.', 'Retry'],
    ['other', 'Upload Failed', 'An unexpected error occurred.', 'Try Again'],
  ] as const)('%s', async (type, title, message, action) => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(<UploadErrorPanel error={{ type: type as UploadErrorType }} onAction={onAction} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: action }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('prefers the given message', () => {
    render(<UploadErrorPanel error={{ type: 'format', message: 'File validation failed' }} onClose={() => {}} />);
    expect(screen.getByText('File validation failed')).toBeInTheDocument();
  });
});

describe('CookieBanner', () => {
  it('accepts for 150 days', async () => {
    useCookieConsentStore.setState({ accepted: false });
    const spy = vi.spyOn(document, 'cookie', 'set');
    render(<CookieBanner />);
    expect(
      screen.getByText(/This website uses cookies to enhance the user experience and for authentication purposes./),
    ).toBeInTheDocument();
    expect(screen.getByText('By continuing to use this site, you consent to our use of cookies.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(spy.mock.calls.some(([v]) => String(v).startsWith('cookie_consent=true') && String(v).includes(`max-age=${150 * 86400}`))).toBe(true);
    spy.mockRestore();
  });
});
