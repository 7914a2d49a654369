import { readLocal, writeLocal } from '../../../lib/storage';
import { storageKeys } from '../../../lib/storage-keys';

/** 32-bit FNV-1a hash as 8 hex digits. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Hash of stable browser properties. */
export function browserTraits(): string {
  const n = navigator as Navigator & { deviceMemory?: number };
  const s = typeof screen !== 'undefined' ? `${screen.width}x${screen.height}x${screen.colorDepth}` : '';
  let tz = '';
  try {
    tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    tz = '';
  }
  return fnv1a([n.userAgent, n.language, n.platform, s, tz, n.hardwareConcurrency, n.deviceMemory ?? ''].join('|'));
}

/**
 * The device id sent as X-Device-ID with demo calls: a hash of browser
 * traits plus a random part, computed once and kept under a `system_` key
 * so it survives logout. The random part keeps identical machines apart.
 */
export function deviceId(): string {
  const kept = readLocal(storageKeys.deviceId);
  if (kept && /^[0-9a-f]{8}-[0-9a-f]{8,}$/.test(kept)) return kept;
  const rnd = new Uint8Array(8);
  crypto.getRandomValues(rnd);
  const id = `${browserTraits()}-${Array.from(rnd, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  writeLocal(storageKeys.deviceId, id);
  return id;
}
