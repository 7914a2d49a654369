// The properties panel's "Condition" group for sequence flows: the
// condition text and whether the flow is its source's default. The
// standard BPMN provider of bpmn-js-properties-panel covers name, id,
// documentation, timers and messages, but leaves conditions to the
// engine-specific (Camunda) providers; SPADE's model holds plain text.
import { jsx } from '@bpmn-io/properties-panel/preact/jsx-runtime';
import { CheckboxEntry, isCheckboxEntryEdited, isTextFieldEntryEdited, TextFieldEntry } from '@bpmn-io/properties-panel';
import { useService } from 'bpmn-js-properties-panel';

interface BusinessObject {
  $type: string;
  default?: BusinessObject;
  conditionExpression?: { body?: string };
  get(name: string): unknown;
}
interface FlowElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  source?: FlowElement;
}
interface Modeling {
  updateProperties(element: FlowElement, props: Record<string, unknown>): void;
}
interface BpmnFactory {
  create(type: string, attrs: Record<string, unknown>): unknown;
}
type Entry = { id: string; component: (props: { element: FlowElement; id: string }) => unknown; isEdited: unknown };
type Group = { id: string; label: string; entries: Entry[] };

/** Gateways that route by condition (a parallel or event-based gateway takes every or the first path). */
const conditionalSources = new Set(['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway', 'bpmn:ComplexGateway']);
const activity = /^bpmn:(Task|UserTask|ServiceTask|SendTask|ReceiveTask|ManualTask|BusinessRuleTask|ScriptTask|SubProcess|CallActivity|Transaction|AdHocSubProcess)$/;

/** Whether a flow leaving `source` may carry a condition and be the default. */
export function routesByCondition(sourceType: string | undefined): boolean {
  return !!sourceType && (conditionalSources.has(sourceType) || activity.test(sourceType));
}

function ConditionEntry({ element, id }: { element: FlowElement; id: string }) {
  const modeling = useService('modeling') as Modeling;
  const factory = useService('bpmnFactory') as BpmnFactory;
  const debounce = useService('debounceInput') as unknown;
  return jsx(TextFieldEntry, {
    element,
    id,
    label: 'Condition',
    description: 'When this path is taken, e.g. "rejected" or "amount ≥ 5,000 USD".',
    debounce,
    getValue: () => element.businessObject.conditionExpression?.body ?? '',
    setValue: (value: string) => {
      const text = (value ?? '').trim();
      modeling.updateProperties(element, {
        conditionExpression: text ? factory.create('bpmn:FormalExpression', { body: text }) : undefined,
      });
    },
  });
}

function DefaultEntry({ element, id }: { element: FlowElement; id: string }) {
  const modeling = useService('modeling') as Modeling;
  const source = element.source;
  return jsx(CheckboxEntry, {
    element,
    id,
    label: 'Default flow (taken when no condition holds)',
    getValue: () => !!source && source.businessObject.default === element.businessObject,
    setValue: (on: boolean) => {
      if (source) modeling.updateProperties(source, { default: on ? element.businessObject : undefined });
    },
  });
}

/** Adds the Condition group to sequence flows that route by condition. */
export class FlowPropertiesProvider {
  static $inject = ['propertiesPanel'];

  constructor(propertiesPanel: { registerProvider(priority: number, provider: unknown): void }) {
    propertiesPanel.registerProvider(400, this);
  }

  getGroups(element: FlowElement) {
    return (groups: Group[]) => {
      if (element.type !== 'bpmn:SequenceFlow' || !routesByCondition(element.source?.type)) return groups;
      const group: Group = {
        id: 'spade-condition',
        label: 'Condition',
        entries: [
          { id: 'spade-condition-text', component: ConditionEntry, isEdited: isTextFieldEntryEdited },
          { id: 'spade-condition-default', component: DefaultEntry, isEdited: isCheckboxEntryEdited },
        ],
      };
      const at = groups.findIndex((g) => g.id === 'general');
      return [...groups.slice(0, at + 1), group, ...groups.slice(at + 1)];
    };
  }
}

/** The bpmn-js module registering FlowPropertiesProvider. */
export const flowPropertiesModule = {
  __init__: ['spadeFlowPropertiesProvider'],
  spadeFlowPropertiesProvider: ['type', FlowPropertiesProvider],
};
