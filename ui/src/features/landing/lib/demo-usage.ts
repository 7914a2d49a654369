import { readJson, writeLocal } from '../../../lib/storage';
import { storageKeys } from '../../../lib/storage-keys';

/** Demo analyses allowed per device per UTC day. */
export const DEMO_DAILY_LIMIT = 1;

/** The local demo usage record (spec part 2 §3). */
export interface DemoUsage {
  date: string;
  count: number;
  lastAnalysis?: { fileName: string; bpmnXml: string; timestamp: string; processName?: string };
}

/** Today's date in UTC as YYYY-MM-DD. */
export function utcDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function key(device: string): string {
  return `${storageKeys.demoUsagePrefix}${device}`;
}

/** Today's record for the device, or null when none or from another day. */
export function todaysUsage(device: string, now = new Date()): DemoUsage | null {
  const rec = readJson<DemoUsage>(key(device));
  if (!rec || typeof rec !== 'object' || rec.date !== utcDate(now) || typeof rec.count !== 'number') return null;
  return rec;
}

/** True when today's count has reached the daily limit. */
export function limitReached(device: string, now = new Date()): boolean {
  return (todaysUsage(device, now)?.count ?? 0) >= DEMO_DAILY_LIMIT;
}

/** Counts one analysis for today and keeps its result. */
export function recordUsage(device: string, last: DemoUsage['lastAnalysis'], now = new Date()): DemoUsage {
  const prev = todaysUsage(device, now);
  const rec: DemoUsage = { date: utcDate(now), count: (prev?.count ?? 0) + 1, lastAnalysis: last };
  writeLocal(key(device), JSON.stringify(rec));
  return rec;
}

/** Replaces today's kept result without counting another use (timeout retry). */
export function updateLastAnalysis(device: string, last: NonNullable<DemoUsage['lastAnalysis']>, now = new Date()): void {
  const prev = todaysUsage(device, now);
  const rec: DemoUsage = { date: utcDate(now), count: prev?.count ?? 1, lastAnalysis: last };
  writeLocal(key(device), JSON.stringify(rec));
}
