/** Small helpers over localStorage/sessionStorage/cookies that never throw. */

interface Expiring<T> {
  value: T;
  expiry: number;
}

/** Stores value under key until now + ttlMs. */
export function setWithExpiry<T>(key: string, value: T, ttlMs: number, now = Date.now()): void {
  writeLocal(key, JSON.stringify({ value, expiry: now + ttlMs } satisfies Expiring<T>));
}

/** Returns the stored value, or null (and removes it) when expired or unreadable. */
export function getWithExpiry<T>(key: string, now = Date.now()): T | null {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Expiring<T>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.expiry !== 'number') {
      removeLocal(key);
      return null;
    }
    if (parsed.expiry <= now) {
      removeLocal(key);
      return null;
    }
    return parsed.value;
  } catch {
    removeLocal(key);
    return null;
  }
}

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the app works without it.
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // ignore
  }
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; max-age=0; path=/; SameSite=Lax`;
}

/**
 * Clears browser state after logout: all of sessionStorage and every
 * localStorage key except those starting with `system_` or `vite-`.
 */
export function clearBrowserStateAfterLogout(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // ignore
  }
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key !== null) keys.push(key);
    }
    for (const key of keys) {
      if (!key.startsWith('system_') && !key.startsWith('vite-')) window.localStorage.removeItem(key);
    }
  } catch {
    // ignore
  }
}
