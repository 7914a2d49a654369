import type { BrowserInfo, UserInfo } from '../types';

/** Auth events published by the auth service (spec part 1 §4). */
export type AuthEvent =
  | { type: 'state_changed'; authenticated: boolean; user?: UserInfo | null }
  | { type: 'login_started' }
  | { type: 'login_completed'; user?: UserInfo | null }
  | {
      type: 'login_failed';
      reason: string;
      message?: string;
      browserInfo?: BrowserInfo;
      recommendedBrowsers?: string[];
    }
  | { type: 'logout_started' }
  | { type: 'logout_completed' }
  | { type: 'session_expired' }
  | { type: 'token_refreshed' }
  | { type: 'browser_not_supported'; browserInfo: BrowserInfo; message: string };

type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes to auth events; returns the unsubscribe function. */
export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Publishes an event to every listener; a throwing listener does not stop the others. */
export function publishAuthEvent(event: AuthEvent): void {
  for (const l of [...listeners]) {
    try {
      l(event);
    } catch (err) {
      console.error('auth event listener failed', err);
    }
  }
}
