import { readJson, readSession, writeLocal, writeSession } from './storage';
import { lifetimes, storageKeys } from './storage-keys';

/** Cached health-check result (spec part 1 §3). */
export interface HealthCache {
  timestamp: number;
  status: 'ok' | 'failed';
  message?: string;
  body?: unknown;
}

const ABORT_MS = 3000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Cancels a pending retry, so the next failure schedules its own (tests). */
export function resetHealthCheck(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

/**
 * Checks GET /api/health at most once per browser session (3 s abort). A
 * good result is cached 5 minutes; a failure is only logged, cached, and
 * retried once after about 30 s.
 */
export async function runHealthCheck(now = Date.now()): Promise<HealthCache> {
  const cache = readJson<HealthCache>(storageKeys.healthCheckCache);
  if (cache) {
    const age = now - cache.timestamp;
    if (cache.status === 'ok' && age < lifetimes.healthCacheMs) return cache;
    if (cache.status === 'failed' && age < lifetimes.healthRetryMs) return cache;
  }
  if (readSession(storageKeys.healthCheckDone) === 'ok') return cache ?? { timestamp: now, status: 'ok' };

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_MS);
  let result: HealthCache;
  try {
    const res = await fetch('/api/health', { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`health check answered ${res.status}`);
    result = { timestamp: Date.now(), status: 'ok', body: await res.json().catch(() => null) };
    writeSession(storageKeys.healthCheckDone, 'ok');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.warn('health check failed', message);
    result = { timestamp: Date.now(), status: 'failed', message };
    if (retryTimer === undefined) {
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        void runHealthCheck();
      }, lifetimes.healthRetryMs);
    }
  } finally {
    clearTimeout(timer);
  }
  writeLocal(storageKeys.healthCheckCache, JSON.stringify(result));
  return result;
}
