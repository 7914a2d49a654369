import { describe, expect, it } from 'vitest';
import { browserMessages, detectBrowser, unsupportedMessage } from './browser-detect';

const ua = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
};

describe('detectBrowser', () => {
  it.each([
    ['chrome', 'Chrome', true, null],
    ['headless', 'Chrome', true, null],
    ['edge', 'Edge', true, null],
    ['firefox', 'Firefox', true, null],
    ['safari', 'Safari', false, browserMessages.safari],
    ['iphone', 'Safari', false, browserMessages.mobile],
    ['androidPhone', 'Chrome', false, browserMessages.mobile],
    ['androidTablet', 'Chrome', false, browserMessages.tablet],
    ['ipad', 'Safari', false, browserMessages.tablet],
    ['opera', 'Opera', false, browserMessages.other],
  ] as const)('%s → %s', (key, name, supported, message) => {
    const info = detectBrowser(ua[key]);
    expect(info.name).toBe(name);
    expect(info.isSupported).toBe(supported);
    expect(unsupportedMessage(info)).toBe(message);
  });

  it('treats a touch Mac (iPadOS) as a tablet', () => {
    const info = detectBrowser(ua.safari, 5);
    expect(info.isTablet).toBe(true);
    expect(unsupportedMessage(info)).toBe(browserMessages.tablet);
  });
});
