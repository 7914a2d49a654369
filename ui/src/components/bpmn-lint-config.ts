// SPADE's lint rule set for the editor: bpmnlint's recommended rules at the
// severities of pkg/bpmn/lint (lint.Recommended mirrors bpmnlint 11's
// recommended config), bundled for bpmn-js-bpmnlint without a build-time
// bpmnlint loader. Loaded only with the editor.
import adHocSubProcess from 'bpmnlint/rules/ad-hoc-sub-process';
import conditionalFlows from 'bpmnlint/rules/conditional-flows';
import endEventRequired from 'bpmnlint/rules/end-event-required';
import eventBasedGateway from 'bpmnlint/rules/event-based-gateway';
import eventSubProcessTypedStartEvent from 'bpmnlint/rules/event-sub-process-typed-start-event';
import fakeJoin from 'bpmnlint/rules/fake-join';
import global from 'bpmnlint/rules/global';
import labelRequired from 'bpmnlint/rules/label-required';
import linkEvent from 'bpmnlint/rules/link-event';
import noBpmndi from 'bpmnlint/rules/no-bpmndi';
import noComplexGateway from 'bpmnlint/rules/no-complex-gateway';
import noDisconnected from 'bpmnlint/rules/no-disconnected';
import noDuplicateSequenceFlows from 'bpmnlint/rules/no-duplicate-sequence-flows';
import noGatewayJoinFork from 'bpmnlint/rules/no-gateway-join-fork';
import noImplicitSplit from 'bpmnlint/rules/no-implicit-split';
import noImplicitEnd from 'bpmnlint/rules/no-implicit-end';
import noImplicitStart from 'bpmnlint/rules/no-implicit-start';
import noInclusiveGateway from 'bpmnlint/rules/no-inclusive-gateway';
import noOverlappingElements from 'bpmnlint/rules/no-overlapping-elements';
import singleBlankStartEvent from 'bpmnlint/rules/single-blank-start-event';
import singleEventDefinition from 'bpmnlint/rules/single-event-definition';
import startEventRequired from 'bpmnlint/rules/start-event-required';
import subProcessBlankStartEvent from 'bpmnlint/rules/sub-process-blank-start-event';
import superfluousGateway from 'bpmnlint/rules/superfluous-gateway';
import superfluousLabel from 'bpmnlint/rules/superfluous-label';
import superfluousTermination from 'bpmnlint/rules/superfluous-termination';

type Severity = 'error' | 'warn';

/** Rule name, severity, rule factory: the same names and severities as pkg/bpmn/lint/rules. */
const table: [string, Severity, unknown][] = [
  ['ad-hoc-sub-process', 'error', adHocSubProcess],
  ['conditional-flows', 'error', conditionalFlows],
  ['end-event-required', 'error', endEventRequired],
  ['event-based-gateway', 'error', eventBasedGateway],
  ['event-sub-process-typed-start-event', 'error', eventSubProcessTypedStartEvent],
  ['fake-join', 'warn', fakeJoin],
  ['global', 'warn', global],
  ['label-required', 'error', labelRequired],
  ['link-event', 'error', linkEvent],
  ['no-bpmndi', 'error', noBpmndi],
  ['no-complex-gateway', 'error', noComplexGateway],
  ['no-disconnected', 'error', noDisconnected],
  ['no-duplicate-sequence-flows', 'error', noDuplicateSequenceFlows],
  ['no-gateway-join-fork', 'error', noGatewayJoinFork],
  ['no-implicit-split', 'error', noImplicitSplit],
  ['no-implicit-end', 'error', noImplicitEnd],
  ['no-implicit-start', 'error', noImplicitStart],
  ['no-inclusive-gateway', 'warn', noInclusiveGateway],
  ['no-overlapping-elements', 'warn', noOverlappingElements],
  ['single-blank-start-event', 'error', singleBlankStartEvent],
  ['single-event-definition', 'error', singleEventDefinition],
  ['start-event-required', 'error', startEventRequired],
  ['sub-process-blank-start-event', 'error', subProcessBlankStartEvent],
  ['superfluous-gateway', 'warn', superfluousGateway],
  ['superfluous-label', 'warn', superfluousLabel],
  ['superfluous-termination', 'warn', superfluousTermination],
];

/** The rule names and severities, as bpmnlint's config. */
export const lintRules: Record<string, Severity> = Object.fromEntries(table.map(([name, sev]) => [name, sev]));

const byName = new Map(table.map(([name, , rule]) => [`bpmnlint/${name}`, rule]));

/** The config and resolver bpmn-js-bpmnlint expects (what bpmnlint-pack-config would generate). */
export const spadeLintBundle = {
  config: { rules: lintRules },
  resolver: {
    resolveRule(pkg: string, ruleName: string): unknown {
      const rule = byName.get(`${pkg}/${ruleName}`);
      if (!rule) throw new Error(`cannot resolve rule <${pkg}/${ruleName}>`);
      return rule;
    },
    resolveConfig(pkg: string, configName: string): never {
      throw new Error(`cannot resolve config <${configName}> in <${pkg}>`);
    },
  },
};
