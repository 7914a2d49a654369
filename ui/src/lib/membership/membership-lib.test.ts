import { describe, expect, it } from 'vitest';
import { normaliseUsage } from './membership-api';
import { formatCountdown, nextUtcMidnight, parseLimitDetail } from './limit';
import { trialLabel, trialStatus } from './trial';
import { cachedApiKey, cachedMembership, MEMBERSHIP_CACHE_MS, storeApiKey, storeMembership, userCacheKey } from './user-cache';

describe('parseLimitDetail', () => {
  it.each([
    ['Daily limit of 5 analyze calls reached for your Free membership', { limit: 5, membershipType: 'Free' }],
    ['Daily limit of 1 analyze call reached for your Free membership.', { limit: 1, membershipType: 'Free' }],
    ['error: daily limit of 50 analyze calls reached for your Pro Plus membership; try tomorrow', { limit: 50, membershipType: 'Pro Plus' }],
    ['Too many requests', null],
    ['Daily limit of many analyze calls reached for your Free membership', null],
    ['', null],
    [undefined, null],
  ])('%s', (detail, want) => {
    expect(parseLimitDetail(detail)).toEqual(want);
  });
});

describe('countdown', () => {
  it('resets at the next 00:00 UTC', () => {
    expect(nextUtcMidnight(new Date('2026-03-10T23:59:59Z')).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-03-10T00:00:00Z')).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it.each([
    ['2026-03-10T23:59:59Z', '00:00:01'],
    ['2026-03-10T12:30:15Z', '11:29:45'],
    ['2026-03-10T00:00:00Z', '24:00:00'],
  ])('%s → %s', (now, want) => {
    expect(formatCountdown(new Date(now))).toBe(want);
  });
  it('never goes negative', () => {
    expect(formatCountdown(new Date('2026-03-11T00:00:05Z'), new Date('2026-03-11T00:00:00Z'))).toBe('00:00:00');
  });
});

describe('trialStatus', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it.each([
    ['Free', null, 'Not Started'],
    ['Free', '2026-03-15T12:00:00Z', 'Active (14 days remaining)'],
    ['Free', '2026-03-02T00:00:00Z', 'Active (1 day remaining)'],
    ['Free', '2026-03-01T12:00:00Z', 'Expired'],
    ['Free', '2025-01-01T00:00:00Z', 'Expired'],
    ['Free', 'not a date', 'Error'],
    [undefined, null, 'Not Started'],
    ['Standard', '2020-01-01T00:00:00Z', 'N/A'],
  ])('%s %s → %s', (type, started, want) => {
    expect(trialLabel(trialStatus(type, started, now))).toBe(want);
  });
  it('rounds days up', () => {
    expect(trialStatus('Free', '2026-03-02T13:00:00Z', now)).toEqual({ kind: 'active', daysRemaining: 2 });
  });
});

describe('normaliseUsage', () => {
  it('reads numeric strings and applies defaults', () => {
    expect(normaliseUsage({ daily_limit: '5', usage_today: 2 })).toMatchObject({
      membership_type: 'Free',
      daily_limit: 5,
      usage_today: 2,
      remaining_calls: 3,
      trial_started_at: null,
    });
    expect(normaliseUsage(null)).toMatchObject({ daily_limit: 1, usage_today: 0, remaining_calls: 1 });
  });
});

describe('user cache', () => {
  it('keeps membership for one hour without emails', () => {
    const t0 = 1_000_000;
    storeMembership('u1', { ...normaliseUsage({ daily_limit: 5 }), email: 'a@b.c', stored_email: 'a@b.c' }, t0);
    expect(localStorage.getItem(userCacheKey('u1'))).not.toContain('a@b.c');
    expect(cachedMembership('u1', t0 + MEMBERSHIP_CACHE_MS - 1)?.daily_limit).toBe(5);
    expect(cachedMembership('u1', t0 + MEMBERSHIP_CACHE_MS)).toBeNull();
    expect(cachedMembership('u2', t0)).toBeNull();
    expect(cachedMembership(null, t0)).toBeNull();
  });
  it('keeps only presence and the last four characters of an API key', () => {
    storeApiKey('u1', true, 'AIza••••••••wxyz', 5);
    expect(cachedApiKey('u1')).toEqual({ hasKey: true, lastFour: 'wxyz', timestamp: 5 });
    expect(localStorage.getItem(userCacheKey('u1'))).not.toContain('AIza');
  });
});
