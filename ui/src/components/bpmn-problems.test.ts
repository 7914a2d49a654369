import { describe, expect, it } from 'vitest';
import { problemList, unnamed } from './bpmn-problems';

describe('problemList', () => {
  it('lists errors first, names elements by label or kind, never by id', () => {
    const list = problemList(
      {
        Task_7: [{ id: 'Task_7', message: 'Element is missing label/name', category: 'error', rule: 'label-required' }],
        Gw_1: [{ id: 'Gw_1', message: 'Gateway is superfluous', category: 'warn', rule: 'superfluous-gateway' }],
        Task_2: [{ id: 'Task_2', message: 'Element is not connected', category: 'error', rule: 'no-disconnected' }],
      },
      (id) => ({ Task_7: { type: 'bpmn:UserTask' }, Gw_1: { name: 'Approved?', type: 'bpmn:ExclusiveGateway' }, Task_2: { name: 'Archive', type: 'bpmn:Task' } })[id],
    );
    expect(list.map((p) => [p.category, p.elementName])).toEqual([
      ['error', 'Archive'],
      ['error', 'Unnamed user task'],
      ['warn', 'Approved?'],
    ]);
    expect(list.every((p) => !p.elementName.includes('_'))).toBe(true);
    expect(list[1].elementId).toBe('Task_7');
  });

  it('names a missing element as the process', () => {
    expect(problemList({ P: [{ id: 'P', message: 'x', category: 'error' }] }, () => undefined)[0].elementName).toBe('The process');
    expect(unnamed(undefined)).toBe('Unnamed element');
  });
});
