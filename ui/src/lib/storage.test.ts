import { describe, expect, it } from 'vitest';
import { clearBrowserStateAfterLogout, getCookie, getWithExpiry, setCookie, setWithExpiry, deleteCookie } from './storage';

describe('storage', () => {
  it('keeps values until their expiry', () => {
    setWithExpiry('k', { a: 1 }, 1000, 10_000);
    expect(getWithExpiry('k', 10_999)).toEqual({ a: 1 });
    expect(getWithExpiry('k', 11_000)).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('drops unreadable entries', () => {
    localStorage.setItem('bad', '{not json');
    expect(getWithExpiry('bad')).toBeNull();
    localStorage.setItem('shape', '{"value":1}');
    expect(getWithExpiry('shape')).toBeNull();
  });

  it('clears session storage and local keys except system_ and vite- after logout', () => {
    localStorage.setItem('selected_account', 'x');
    localStorage.setItem('db_user_id', 'y');
    localStorage.setItem('system_device_id', 'keep');
    localStorage.setItem('vite-ui-theme', 'keep');
    sessionStorage.setItem('s', '1');
    clearBrowserStateAfterLogout();
    expect(Object.keys(localStorage).sort()).toEqual(['system_device_id', 'vite-ui-theme']);
    expect(sessionStorage.length).toBe(0);
  });

  it('sets, reads and deletes cookies', () => {
    setCookie('auth_indicator', '1', 7200);
    expect(getCookie('auth_indicator')).toBe('1');
    deleteCookie('auth_indicator');
    expect(getCookie('auth_indicator')).toBeNull();
  });
});
