import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { json, mockFetch } from '../../../test/fetch-mock';
import { startAnalysis } from '../api/analysis-api';
import { BLANK_DIAGRAM_FILENAME, blankDiagramFile, blankDiagramXml } from '../lib/blank-diagram';
import { EditorStart } from './editor-start';
import { elementNames, saveFailure } from './model-workbench';

describe('blank diagram', () => {
  it('is one process with one drawn start event, as a .bpmn file', async () => {
    const doc = new DOMParser().parseFromString(blankDiagramXml('Orders <new>'), 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.getElementsByTagName('bpmn:startEvent')).toHaveLength(1);
    expect(doc.getElementsByTagName('bpmndi:BPMNShape')[0].getAttribute('bpmnElement')).toBe('StartEvent_1');
    expect(doc.getElementsByTagName('bpmn:process')[0].getAttribute('name')).toBe('Orders  new');
    const f = blankDiagramFile();
    expect(f.name).toBe(BLANK_DIAGRAM_FILENAME);
    expect(await f.text()).toContain('StartEvent_1');
  });
});

describe('EditorStart', () => {
  it('opens a BPMN file, refuses another type with the reason, starts a blank diagram', async () => {
    const onOpen = vi.fn();
    const onInvalid = vi.fn();
    const onBlank = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<EditorStart onOpen={onOpen} onInvalid={onInvalid} onBlank={onBlank} />);
    const input = screen.getByTestId('editor-file-input');
    await user.upload(input, new File(['<x/>'], 'order.bpmn', { type: 'application/xml' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ name: 'order.bpmn' }));
    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(onInvalid).toHaveBeenCalledWith(expect.stringContaining('BPMN'));
    await user.click(screen.getByRole('button', { name: 'New blank diagram' }));
    expect(onBlank).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Open BPMN file in editor' })).toBeEnabled();
  });
});

describe('startAnalysis', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('asks for purpose=edit only when the file is opened in the editor, which counts no daily analysis', async () => {
    const calls = mockFetch({ 'POST /api/bpmn/analyze': json({ id: 'a1', status: 'queued' }, 202) });
    const f = blankDiagramFile();
    await startAnalysis('bpmn', f, undefined, 'edit');
    await startAnalysis('bpmn', f);
    expect(calls.map((c) => c.url.replace(/^https?:\/\/[^/]+/, ''))).toEqual(['/api/bpmn/analyze?purpose=edit', '/api/bpmn/analyze']);
  });
});

describe('saveFailure', () => {
  it.each([
    [new ApiError(409, 'You changed version 2, but version 3 has been saved since.'), true, /version 3 has been saved since\. Download your edits first/],
    [new ApiError(0, 'Network error: Failed to fetch'), false, /not saved: you seem to be offline.*Your edits are still here/],
    [new ApiError(400, 'The diagram is empty.'), false, /^The diagram is empty\.$/],
  ])('%s', (err, conflict, text) => {
    const e = saveFailure(err);
    expect(e.conflict === true).toBe(conflict);
    expect(e.message).toMatch(text);
  });
});

describe('elementNames', () => {
  it('maps ids to the names a person sees, leaving unnamed elements out', () => {
    const names = elementNames(
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P" name="Orders"><task id="Activity_1" name=" Check\n stock " /><exclusiveGateway id="G" /></process></definitions>',
    );
    expect(names.get('Activity_1')).toBe('Check stock');
    expect(names.has('G')).toBe(false);
  });
});
