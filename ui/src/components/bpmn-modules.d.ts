// The bpmn.io add-ons ship no TypeScript types; the viewer and editor only
// hand their modules to bpmn-js and reach their services through `get`.
declare module 'bpmn-js-token-simulation' {
  const module: unknown;
  export default module;
}
declare module 'bpmn-js-token-simulation/lib/viewer' {
  const module: unknown;
  export default module;
}
declare module 'bpmn-js-properties-panel' {
  export const BpmnPropertiesPanelModule: unknown;
  export const BpmnPropertiesProviderModule: unknown;
}
declare module 'bpmn-js-bpmnlint' {
  const module: unknown;
  export default module;
}
declare module 'bpmnlint/rules/*' {
  const rule: unknown;
  export default rule;
}
declare module 'bpmn-js-properties-panel' {
  export function useService(name: string): unknown;
}
declare module '@bpmn-io/properties-panel' {
  export const TextFieldEntry: unknown;
  export const CheckboxEntry: unknown;
  export const isTextFieldEntryEdited: unknown;
  export const isCheckboxEntryEdited: unknown;
}
declare module '@bpmn-io/properties-panel/preact/jsx-runtime' {
  export function jsx(type: unknown, props: Record<string, unknown>): unknown;
}
