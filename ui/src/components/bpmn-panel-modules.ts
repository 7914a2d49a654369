// The editor's add-on modules, imported by name here so that the bundler
// keeps only these: a dynamic import() of bpmn-js-properties-panel itself
// would keep its Camunda and Zeebe providers and their FEEL editors too.
export { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule } from 'bpmn-js-properties-panel';
export { default as lintModule } from 'bpmn-js-bpmnlint';
export { flowPropertiesModule } from './bpmn-flow-properties';
export { spadeLintBundle } from './bpmn-lint-config';
