import { describe, expect, it } from 'vitest';
import { limitReached, recordUsage, todaysUsage, updateLastAnalysis, utcDate } from './demo-usage';
import { validateDemoFile } from './file-rules';
import { deviceId, fnv1a } from './device-id';
import { demoError } from '../api/demo-api';
import { ApiError } from '../../../lib/api-client';

describe('demo usage record', () => {
  it('counts one analysis per UTC day', () => {
    const day1 = new Date('2025-06-01T23:30:00Z');
    const day2 = new Date('2025-06-02T00:10:00Z');
    expect(utcDate(day1)).toBe('2025-06-01');
    expect(limitReached('dev', day1)).toBe(false);
    recordUsage('dev', { fileName: 'a.txt', bpmnXml: '<x/>', timestamp: day1.toISOString() }, day1);
    expect(limitReached('dev', day1)).toBe(true);
    expect(todaysUsage('dev', day1)?.lastAnalysis?.fileName).toBe('a.txt');
    expect(limitReached('dev', day2)).toBe(false);
    expect(limitReached('other-device', day1)).toBe(false);
  });

  it('updates the kept result without counting again', () => {
    const d = new Date('2025-06-01T10:00:00Z');
    recordUsage('dev', { fileName: 'a.txt', bpmnXml: '', timestamp: d.toISOString() }, d);
    updateLastAnalysis('dev', { fileName: 'a.txt', bpmnXml: '<x/>', timestamp: d.toISOString() }, d);
    expect(todaysUsage('dev', d)).toMatchObject({ count: 1, lastAnalysis: { bpmnXml: '<x/>' } });
  });
});

describe('demo file rules', () => {
  const mb = 1024 * 1024;
  it.each([
    ['document', 'p.pdf', 'application/pdf', mb, null],
    ['document', 'p.txt', '', mb, null],
    ['document', 'p.png', 'image/png', mb, { type: 'format', message: 'Please upload a PDF, DOC, DOCX, or TXT file' }],
    ['document', 'p.docx', '', 10.5 * mb, { type: 'size', message: 'File size (10.5MB) exceeds 10MB limit' }],
    ['image', 'd.gif', 'image/gif', mb, null],
    ['image', 'd.bmp', '', mb, null],
    ['image', 'd.pdf', 'application/pdf', mb, { type: 'format', message: 'Please upload a JPG, JPEG, or PNG file' }],
    ['image', 'd.jpg', 'image/jpeg', 12 * mb, { type: 'size', message: 'File size (12.0MB) exceeds 10MB limit' }],
  ] as const)('%s %s', (kind, name, type, size, want) => {
    expect(validateDemoFile(kind, { name, type, size })).toEqual(want);
  });
});

describe('demo errors', () => {
  it.each([
    [new ApiError(429, 'Demo limit reached for today.'), 'document', { type: 'daily_limit', message: 'Demo limit reached for today.' }],
    [new ApiError(429, 'Request failed with status 429'), 'document', { type: 'daily_limit', message: 'Register for more uses!' }],
    [new ApiError(429, 'Request failed with status 429'), 'image', { type: 'daily_limit', message: 'Demo limit reached. Register for more analyses!' }],
    [new ApiError(400, 'Request failed with status 400'), 'document', { type: 'format', message: 'File validation failed' }],
    [new ApiError(413, 'File too large'), 'image', { type: 'format', message: 'File too large' }],
    [new ApiError(502, 'Request failed with status 502'), 'document', { type: 'network', message: 'Analysis failed with status 502' }],
    [new ApiError(0, 'Network error'), 'document', { type: 'network', message: 'Analysis failed. Check your connection and try again.' }],
  ] as const)('%#', (err, kind, want) => {
    expect(demoError(err, kind)).toEqual(want);
  });
});

describe('device id', () => {
  it('is stable once computed and kept under a system_ key', () => {
    const a = deviceId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{16}$/);
    expect(deviceId()).toBe(a);
    expect(localStorage.getItem('system_device_id')).toBe(a);
    expect(fnv1a('abc')).toBe('1a47e90b');
  });
});
