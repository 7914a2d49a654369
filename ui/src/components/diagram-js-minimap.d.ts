// diagram-js-minimap ships no types; the viewer only passes the module to bpmn-js.
declare module 'diagram-js-minimap' {
  const minimapModule: unknown;
  export default minimapModule;
}
