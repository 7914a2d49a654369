import type { BrowserInfo } from '../types';

/** Texts of spec part 1 §8, in the order they are checked. */
export const browserMessages = {
  mobile: 'Mobile browsers are not currently supported. Please use a desktop browser.',
  tablet: 'Tablet browsers are not currently supported. Please use a desktop browser.',
  safari: 'Safari is not currently supported.',
  other: 'Your current browser is not supported. Please use a supported desktop browser.',
} as const;

export const recommendedBrowsers = ['Chrome', 'Edge', 'Firefox'] as const;

/** Reads the browser from a user agent; maxTouchPoints tells iPadOS from a Mac. */
export function detectBrowser(userAgent: string, maxTouchPoints = 0): BrowserInfo {
  const ua = userAgent;
  const isIpadOs = /Macintosh/.test(ua) && maxTouchPoints > 1;
  const isTablet = isIpadOs || /iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua));
  const isMobile = !isTablet && /Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini|webOS/i.test(ua);
  let name = 'Unknown';
  if (/Edg(e|A|iOS)?\//.test(ua)) name = 'Edge';
  else if (/OPR\/|Opera/.test(ua)) name = 'Opera';
  else if (/SamsungBrowser/.test(ua)) name = 'Samsung Internet';
  else if (/Firefox\/|FxiOS\//.test(ua)) name = 'Firefox';
  else if (/Chrome\/|Chromium\/|CriOS\//.test(ua)) name = 'Chrome';
  else if (/Safari\//.test(ua)) name = 'Safari';
  const isSafari = name === 'Safari';
  const isSupported = !isMobile && !isTablet && (name === 'Chrome' || name === 'Edge' || name === 'Firefox');
  return { name, isMobile, isTablet, isSafari, isSupported, userAgent: ua };
}

/** The current browser. */
export function currentBrowser(): BrowserInfo {
  return detectBrowser(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** The user-facing reason a browser is refused, or null when it is supported. */
export function unsupportedMessage(info: BrowserInfo): string | null {
  if (info.isSupported) return null;
  if (info.isMobile) return browserMessages.mobile;
  if (info.isTablet) return browserMessages.tablet;
  if (info.isSafari) return browserMessages.safari;
  return browserMessages.other;
}
