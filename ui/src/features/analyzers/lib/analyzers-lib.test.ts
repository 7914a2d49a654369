import { describe, expect, it } from 'vitest';
import { normaliseRecent } from '../api/analysis-api';
import type { RecentItem } from '../api/types';
import { bpmnReport, complexityRating, qualityLabel, scoreBand } from './bpmn-report';
import { cacheAnalysis, cacheBpmn, cacheHasGraph, cachedAnalysis, cachedBpmn, cachedHasGraph, clearAnalysisCache } from './cache';
import { validateFile } from './file-rules';
import { belongsTo, filterRecent } from './filters';
import { graphDelay, pollDelay } from './delays';
import { detailEntries, flowSteps, participantsOf, sipocTable, stepAndPerformer } from './process-view';
import { splitSections } from './sections';
import { testActivity, testModel, testModelView, testRecentItem } from '../../../test/fixtures';

const sample = `=== Process Purpose ===
Process Name: Invoice approval
Purpose: Pay correct invoices on time.

=== Participants ===
- Clerk: enters invoices
- Manager

=== Process Flow Summary ===
Start: Invoice received
Step 1: Enter invoice (Clerk)
Gateway (Exclusive): Amount over limit?
  - Yes → Approve invoice
  - No → Pay invoice
Step 2: Approve invoice (Manager)
Step 3: Pay invoice (Clerk)
End: Invoice paid

=== Sequential Activities with SIPOC ===
1. Enter invoice
   Performer: Clerk
   Suppliers: Vendor
   Inputs: Invoice
   Outputs: Invoice record
   Customers: Manager
   Systems: ERP
   Work Time (WT): 5 min
Gateway (Exclusive): Amount over limit?
   - Yes → Approve invoice
2. Approve invoice
   Performer: Manager
   Systems: ERP, Email

Total Work Time (WT): 5 min

=== SIPOC Summary ===
Suppliers:
- Vendor
Inputs:
- Invoice
Processes:
- Enter invoice
- Approve invoice
Outputs:
- Invoice record
Customers:
- Manager
Systems:
- ERP
- Email

=== Gateway Specifications ===
1. Amount over limit? (Exclusive gateway)
`;

describe('splitSections', () => {
  it('splits on === headings in order', () => {
    const s = splitSections(sample);
    expect(s.map((x) => x.title)).toEqual([
      'Process Purpose',
      'Participants',
      'Process Flow Summary',
      'Sequential Activities with SIPOC',
      'SIPOC Summary',
      'Gateway Specifications',
    ]);
    expect(s[0].body).toBe('Process Name: Invoice approval\nPurpose: Pay correct invoices on time.');
  });
  it.each([
    ['', []],
    ['plain text', [{ title: 'Summary', body: 'plain text' }]],
    ['intro\n=== A ===\nx\r\n===B===\ny', [
      { title: 'Summary', body: 'intro' },
      { title: 'A', body: 'x' },
      { title: 'B', body: 'y' },
    ]],
    ['=== A ===\nx\n--- metadata ---\n{"a":1}', [{ title: 'A', body: 'x' }]],
    ['=====\nno title', [{ title: 'Summary', body: '=====\nno title' }]],
  ])('%j', (text, want) => {
    expect(splitSections(text)).toEqual(want);
  });
});

describe('process view from text', () => {
  const s = splitSections(sample);
  it('participants', () => expect(participantsOf(s)).toEqual(['Clerk', 'Manager']));
  it('flow steps: start, numbered steps, gateway with branches, end', () => {
    const steps = flowSteps(s);
    expect(steps.map((x) => x.kind)).toEqual(['start', 'step', 'gateway', 'step', 'step', 'end']);
    expect(steps[1]).toMatchObject({ number: 1, text: 'Enter invoice', performer: 'Clerk' });
    expect(steps[2].branches).toEqual(['Yes → Approve invoice', 'No → Pay invoice']);
  });
  it('details with SIPOC and gateways', () => {
    const d = detailEntries(s);
    expect(d.map((x) => x.kind)).toEqual(['activity', 'gateway', 'activity']);
    expect(d[0].performer).toBe('Clerk');
    expect(d[0].fields).toContainEqual({ label: 'Systems', value: 'ERP' });
  });
  it('SIPOC summary with Systems', () => {
    expect(sipocTable(s)).toEqual({
      suppliers: ['Vendor'],
      inputs: ['Invoice'],
      processes: ['Enter invoice', 'Approve invoice'],
      outputs: ['Invoice record'],
      customers: ['Manager'],
      systems: ['ERP', 'Email'],
    });
  });
});

describe('a step line\'s performer', () => {
  const names = new Set(['Check invoice (final)', 'Review (2nd pass)']);
  it.each([
    ['Enter invoice (Clerk)', { text: 'Enter invoice', performer: 'Clerk' }],
    ['Enter invoice', { text: 'Enter invoice' }],
    ['Enter invoice ()', { text: 'Enter invoice' }],
    ['Check invoice (final)', { text: 'Check invoice (final)' }],
    ['Review (2nd pass) [repeats]', { text: 'Review (2nd pass) [repeats]' }],
    ['Check invoice (final) (Clerk)', { text: 'Check invoice (final)', performer: 'Clerk' }],
    ['Ship [sub-process] (Sales: Warehouse)', { text: 'Ship [sub-process]', performer: 'Sales: Warehouse' }],
    ['the 2nd unnamed task (Clerk)', { text: 'the 2nd unnamed task', performer: 'Clerk' }],
  ])('%s', (rest, want) => expect(stepAndPerformer(rest, names)).toEqual(want));
  it('reads no performer from a name ending in brackets that the model holds', () => {
    const model = testModel({ activities: [testActivity({ id: 'a1', name: 'Check invoice (final)' })] });
    const steps = flowSteps(splitSections('=== Process Flow Summary ===\nStart: Start\nStep 1: Check invoice (final)\nEnd: End\n'), model);
    expect(steps[1]).toEqual({ kind: 'step', number: 1, text: 'Check invoice (final)' });
  });
});

describe('process view from the model', () => {
  const model = testModelView({
    participants: [{ name: 'Clerk' }, { name: 'clerk' }],
    activities: [
      testActivity({ id: 'a1', name: 'Enter', performer: 'Clerk', sipoc: { suppliers: ['Vendor'], inputs: null, outputs: null, customers: null, systems: ['ERP', 'None'] }, work_time_minutes: 90 }),
      testActivity({ id: 'a2', name: 'Pay', sipoc: { suppliers: ['Vendor'], inputs: [], outputs: ['Payment'], customers: [], systems: [] } }),
    ],
    gateways: [{ id: 'g', type: 'exclusive', name: 'OK?', specification: 'amount' }],
  });
  it('prefers the model', () => {
    expect(participantsOf([], model)).toEqual(['Clerk']);
    expect(sipocTable([], model)).toMatchObject({ suppliers: ['Vendor'], processes: ['Enter', 'Pay'], systems: ['ERP'], outputs: ['Payment'] });
    const d = detailEntries([], model);
    expect(d.at(-1)).toMatchObject({ kind: 'gateway', name: 'OK?' });
    expect(d[0].fields).toContainEqual({ label: 'Work Time (WT)', value: '1 h 30 min' });
    expect(flowSteps([], model).map((x) => x.kind)).toEqual(['start', 'step', 'step', 'end']);
  });
});

describe('filters', () => {
  // analyzer_type: what older servers stored too ('', 'text'), which belongsTo still sorts by file name.
  const item = (original_filename: string, analyzer_type: string) => ({ original_filename, analyzer_type: analyzer_type as RecentItem['analyzer_type'] });
  it.each([
    ['image', item('a.PNG', ''), true],
    ['image', item('a.svg', ''), true],
    ['image', item('scan.pdf', 'image'), true],
    ['image', item('a.docx', 'document'), false],
    ['bpmn', item('m.bpmn', ''), true],
    ['bpmn', item('m.json', ''), true],
    ['bpmn', item('unknown', 'bpmn'), true],
    ['bpmn', item('a.png', 'image'), false],
    ['document', item('a.docx', 'document'), true],
    ['document', item('a.txt', 'text'), true],
    ['document', item('a.png', ''), false],
    ['document', item('a.bpmn', 'bpmn'), false],
  ] as const)('%s %j → %s', (kind, it_, want) => {
    expect(belongsTo(kind, it_)).toBe(want);
  });
  it('sorts newest first', () => {
    const items: RecentItem[] = [
      testRecentItem({ id: 'old', timestamp: '2026-01-01T00:00:00Z' }),
      testRecentItem({ id: 'new', timestamp: '2026-02-01T00:00:00Z' }),
      testRecentItem({ id: 'img', timestamp: '2026-03-01T00:00:00Z', analyzer_type: 'image' }),
    ];
    expect(filterRecent('document', items).map((i) => i.id)).toEqual(['new', 'old']);
  });
  it('normalises recent items given as objects or JSON strings', () => {
    const r = normaliseRecent([
      { id: 'a', input_tokens: 2, output_tokens: 3, analyzer_type: 'text' },
      JSON.stringify({ id: 'b', original_filename: 'x.png', total_tokens: 9 }),
      'not json',
      { no: 'id' },
    ]);
    expect(r.map((x) => x.id)).toEqual(['a', 'b']);
    expect(r[0]).toMatchObject({ total_tokens: 5, analyzer_type: 'document', original_filename: 'unknown' });
    expect(r[1].total_tokens).toBe(9);
  });
});

describe('validateFile', () => {
  const mb = 1024 * 1024;
  it.each([
    ['document', 'a.docx', 1, null],
    ['document', 'a.DOCX', 1, null],
    ['document', 'a.png', 1, 'Please upload a PDF, DOC, DOCX, or TXT file'],
    ['document', 'a.pdf', 10 * mb + 1, 'File size (10.0MB) exceeds 10MB limit'],
    ['image', 'a.heic', 19 * mb, null],
    ['image', 'a.gif', 1, 'Please upload a JPG, JPEG, PNG, WEBP, HEIC, or HEIF file'],
    ['image', 'a.png', 25 * mb, 'File size (25.0MB) exceeds 20MB limit'],
    ['bpmn', 'a.bpmn', 1, null],
    ['bpmn', 'a.json', 1, null],
    ['bpmn', 'a.pdf', 1, 'Please upload a BPMN, XML, or JSON file (VSDX is not supported yet)'],
  ] as const)('%s %s %d', (kind, name, size, want) => {
    expect(validateFile(kind, { name, size, type: '' })?.message ?? null).toBe(want);
  });
});

describe('poll schedule', () => {
  it('never polls faster than once a second and backs off to 5 s', () => {
    const d = Array.from({ length: 40 }, (_, i) => pollDelay(i));
    expect(Math.min(...d)).toBe(1000);
    expect(d.at(-1)).toBe(5000);
    for (let i = 1; i < d.length; i++) expect(d[i]).toBeGreaterThanOrEqual(d[i - 1]);
  });
  it('graph checks back off to 30 s', () => {
    expect(graphDelay(0)).toBe(2000);
    expect(graphDelay(20)).toBe(30000);
    expect(graphDelay(0, 10 * 60 * 1000)).toBe(30000);
  });
});

describe('cache', () => {
  it('stores completed analyses and clears all three entries', () => {
    const a = { id: 'x', status: 'completed', formatted_text: 't' } as never;
    cacheAnalysis(a);
    cacheHasGraph('x');
    cacheBpmn('x', '<xml/>');
    expect(cachedAnalysis('x')).not.toBeNull();
    expect(cachedHasGraph('x')).toBe(true);
    expect(cachedBpmn('x')).toBe('<xml/>');
    clearAnalysisCache('x');
    expect(cachedAnalysis('x')).toBeNull();
    expect(cachedHasGraph('x')).toBe(false);
    expect(cachedBpmn('x')).toBeNull();
  });
  it('does not cache running analyses', () => {
    cacheAnalysis({ id: 'y', status: 'running', formatted_text: '' } as never);
    expect(cachedAnalysis('y')).toBeNull();
  });
});

describe('bpmn report', () => {
  it.each([
    [100, 'Excellent', 'band-80'],
    [80, 'Excellent', 'band-80'],
    [79, 'Good', 'band-70'],
    [65, 'Fair', 'band-60'],
    [50, 'Fair', 'band-50'],
    [49, 'Needs Improvement', 'band-low'],
  ])('%d', (score, label, band) => {
    expect(qualityLabel(score)).toBe(label);
    expect(scoreBand(score)).toBe(band);
  });
  it.each([
    [0.3, 'Low'],
    [3, 'Low'],
    [3.1, 'Moderate'],
    [7, 'Moderate'],
    [7.5, 'High'],
  ])('complexity %d', (s, want) => expect(complexityRating(s).label).toBe(want));
  it('reads metadata', () => {
    const r = bpmnReport(
      {
        quality: {
          score: { overall: 72, categories: [{ title: 'Correctness', weight_percent: 40, score: 30, total: 40, rationale: 'r' }] },
          issues: [{ number: 1, title: 'Label', elements: ['Task_1'], problem: 'p', recommendation: 'fix', severity: 'warn' }],
          recommendations: [{ priority: 'High', text: 'Name tasks' }],
        },
        element_inventory_data: { tasks: { count: 2, names: ['A', 'B'] }, events: { count: 1, names_with_types: [{ name: 'S', type: 'start' }] } },
        process_complexity_data: { rating: 'Low', score: 1.5, metrics: { tasks: 2, paths: 1 } },
      },
      [],
    );
    expect(r.overall).toBe(72);
    expect(r.label).toBe('Good');
    expect(r.categories[0]).toMatchObject({ weightPercent: 40, score: 30, total: 40 });
    expect(r.issues[0].elements).toEqual(['Task_1']);
    expect(r.inventory).toContainEqual({ label: 'Events', count: 1, names: ['S [start]'] });
    expect(r.complexity).toMatchObject({ score: 1.5, denominator: 10, metrics: { tasks: 2, paths: 1 } });
    expect(r.recommendations).toEqual([{ priority: 'High', text: 'Name tasks' }]);
  });
  it('falls back to the report text', () => {
    const text = '=== Quality Score ===\nOverall: 64/100 (Fair)\n- Correctness (weight 40%): 30.5/40. Two errors.\n- Layout (weight 15%): 15/15. Full marks.';
    const r = bpmnReport({}, splitSections(text));
    expect(r.overall).toBe(64);
    expect(r.categories).toEqual([
      { title: 'Correctness', weightPercent: 40, score: 30.5, total: 40, rationale: 'Two errors.' },
      { title: 'Layout', weightPercent: 15, score: 15, total: 15, rationale: 'Full marks.' },
    ]);
    expect(r.complexity).toBeNull();
  });
});

describe('Process Details shows the names the server gives (never derives one)', () => {
  // The rule (own name, else the question a split decides, else 'the 2nd
  // unnamed exclusive gateway') is the server's: pkg/process TestDisplayNames.
  const model = testModelView({
    activities: [testActivity({ id: 'a1', name: 'Check' }), testActivity({ id: 'a2', name: '' })],
    gateways: [{ id: 'g', type: 'exclusive', name: '' }, { id: 'h', type: 'parallel', name: '' }, { id: 'k', type: 'exclusive', name: 'Paid?' }],
    display_names: { a1: 'Check', a2: 'the unnamed task', g: 'Approved or rejected?', h: 'the unnamed parallel gateway' },
  });
  it('activities and gateways by their display names; an id without one keeps its own', () => {
    expect(detailEntries([], model).map((e) => [e.kind, e.name])).toEqual([
      ['activity', 'Check'],
      ['activity', 'the unnamed task'],
      ['gateway', 'Approved or rejected?'],
      ['gateway', 'the unnamed parallel gateway'],
      ['gateway', 'Paid?'],
    ]);
  });
});
