import { create } from 'zustand';
import { getCookie, setCookie } from '../lib/storage';
import { cookieNames, lifetimes } from '../lib/storage-keys';

/** Cookie-banner consent, kept in a cookie for 150 days (the shell's setting). */
export interface CookieConsentState {
  accepted: boolean;
  accept: () => void;
}

export const useCookieConsentStore = create<CookieConsentState>()((set) => ({
  accepted: typeof document !== 'undefined' && getCookie(cookieNames.cookieConsent) === 'true',
  accept: () => {
    setCookie(cookieNames.cookieConsent, 'true', lifetimes.cookieConsentDays * 24 * 60 * 60);
    set({ accepted: true });
  },
}));
