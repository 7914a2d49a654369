import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { consumeReturnPath, exchangeCode } from '../../../lib/auth/auth-service';
import { initializeAccountContext } from '../../../lib/auth/account-service';
import { publishAuthEvent } from '../../../lib/auth/auth-events';
import { useAccountStore } from '../../../stores/account-store';
import { useAuthStore } from '../../../stores/auth-store';
import { sleep } from '../../../lib/sleep';
import { Icon } from '../../../components/icons';
import '../auth.css';

/** Texts and delays of the sign-in return page (spec part 1 §4, §8). */
export const callbackTexts = {
  processing: 'Processing authentication...',
  completing: 'Completing authentication...',
  success: 'Authentication successful! Redirecting...',
  missing: 'Missing authentication parameters',
  tokenFailed:
    'We could not complete sign-in. Your browser may be blocking cookies or using strict privacy settings; please allow cookies for this site and try again.',
  unexpected:
    'An unexpected error occurred during sign-in. Please check your network connection and browser settings, then try again.',
} as const;
export const SUCCESS_REDIRECT_MS = 500;
export const ERROR_REDIRECT_MS = 3000;

type Phase = 'processing' | 'completing' | 'success' | 'error';

// React StrictMode runs effects twice in development; a code is single-use.
const handledCodes = new Set<string>();

/** Where to go after sign-in: /account with several accounts, else the return path. */
export function postLoginTarget(accountCount: number, returnPath: string): { path: string; state?: object } {
  if (accountCount > 1) return { path: '/account', state: { from: returnPath, afterLogin: true } };
  return { path: returnPath };
}

/** /callback: exchanges the code, settles the accounts and routes onward. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('processing');
  const [message, setMessage] = useState<string>(callbackTexts.processing);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (text: string) => {
      setPhase('error');
      setMessage(text);
      useAuthStore.getState().setUnauthenticated(null);
      publishAuthEvent({ type: 'login_failed', reason: 'callback_error', message: text });
      setTimeout(() => navigate('/', { replace: true }), ERROR_REDIRECT_MS);
    };
    const providerError = params.get('error');
    if (providerError) {
      const desc = params.get('error_description');
      fail(`Authentication error: ${desc ? `${providerError} - ${desc}` : providerError}`);
      return;
    }
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      fail(callbackTexts.missing);
      return;
    }
    if (handledCodes.has(code)) return;
    handledCodes.add(code);
    (async () => {
      setPhase('completing');
      setMessage(callbackTexts.completing);
      try {
        await exchangeCode(code, state);
      } catch (err) {
        console.warn('token exchange failed', err);
        fail(err instanceof ApiError && err.status > 0 ? callbackTexts.tokenFailed : callbackTexts.unexpected);
        return;
      }
      try {
        await initializeAccountContext({ force: true });
      } catch (err) {
        console.warn('account initialisation failed', err);
      }
      setPhase('success');
      setMessage(callbackTexts.success);
      await sleep(SUCCESS_REDIRECT_MS);
      const accounts = useAccountStore.getState().availableAccounts;
      const target = postLoginTarget(accounts.length, consumeReturnPath());
      navigate(target.path, { replace: true, state: target.state });
    })().catch((err: unknown) => {
      console.error('callback failed', err);
      fail(callbackTexts.unexpected);
    });
  }, [navigate, params]);

  return (
    <div className="page narrow callback-page">
      <div className={`callback-card callback-${phase}`} role="status" aria-live="polite">
        {phase === 'error' ? (
          <span className="callback-icon">
            <Icon name="alert" size={40} />
          </span>
        ) : phase === 'success' ? (
          <span className="callback-icon callback-ok">
            <Icon name="check" size={40} />
          </span>
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
        <p className="callback-message">{message}</p>
        {phase === 'error' ? <p className="muted">Returning to the home page...</p> : null}
      </div>
    </div>
  );
}
