// Package rules holds the lint rules, one per file named after the rule
// (bpmnlint's layout). Each file holds one constructor; All lists them, so
// a new rule is one file plus one line in All, and nothing registers itself.
//
// The rules follow the meaning of bpmnlint's rules of the same name (read
// its documentation for the rationale); they are written from that meaning
// against this project's parse tree, where incoming and outgoing flows come
// from the flows' sourceRef/targetRef.
package rules

import (
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// All returns every rule of this package, in name order: the set
// lint.New is given (lint.Recommended names them).
func All() []lint.Rule {
	return []lint.Rule{
		adHocSubProcessRule(),
		conditionalFlowsRule(),
		endEventRequiredRule(),
		eventBasedGatewayRule(),
		eventSubProcessTypedStartEventRule(),
		fakeJoinRule(),
		globalRule(),
		labelRequiredRule(),
		linkEventRule(),
		noBpmndiRule(),
		noComplexGatewayRule(),
		noDeadEndRule(),
		noDisconnectedRule(),
		noDuplicateSequenceFlowsRule(),
		noGatewayJoinForkRule(),
		noImplicitEndRule(),
		noImplicitSplitRule(),
		noImplicitStartRule(),
		noInclusiveGatewayRule(),
		noMessageDeadlockRule(),
		noNegativeToPositiveRule(),
		noOverlappingElementsRule(),
		noSingleWayDecisionRule(),
		noUnreachableNodeRule(),
		noUnresolvedReferenceRule(),
		singleBlankStartEventRule(),
		singleEventDefinitionRule(),
		startEventRequiredRule(),
		subProcessBlankStartEventRule(),
		superfluousGatewayRule(),
		superfluousLabelRule(),
		superfluousTerminationRule(),
	}
}

// rule adapts a name and a check function to lint.Rule, keeping each rule
// file to its logic.
type rule struct {
	name  string
	check func(*parse.Definitions) []lint.Finding
}

func (r rule) Name() string                              { return r.name }
func (r rule) Check(d *parse.Definitions) []lint.Finding { return r.check(d) }

func newRule(name string, check func(*parse.Definitions) []lint.Finding) lint.Rule {
	return rule{name: name, check: check}
}

func at(e *parse.Element, msg string) lint.Finding {
	return lint.Finding{ElementID: e.ID, Message: msg}
}

// eachElement visits every model element in document order.
func eachElement(d *parse.Definitions, fn func(*parse.Element)) {
	d.Walk(func(e *parse.Element) bool { fn(e); return true })
}

// isA reports whether the element's kind satisfies any of the predicates.
func isA(e *parse.Element, preds ...func(string) bool) bool {
	for _, p := range preds {
		if p(e.Kind) {
			return true
		}
	}
	return false
}

func inAdHoc(e *parse.Element) bool {
	return e.Parent != nil && e.Parent.Kind == "adHocSubProcess"
}

func isEventSubProcess(e *parse.Element) bool {
	return parse.IsSubProcess(e.Kind) && e.TriggeredByEvent()
}

// onlyDefinitions reports whether an event has definitions and all are of
// the given kind.
func onlyDefinitions(e *parse.Element, kind string) bool {
	if len(e.EventDefinitions) == 0 {
		return false
	}
	for _, d := range e.EventDefinitions {
		if d.Kind != kind {
			return false
		}
	}
	return true
}

func hasCondition(flow *parse.Element) bool { return flow.Condition() != nil }

func isDefault(node, flow *parse.Element) bool { return node.Default != nil && node.Default == flow }

func containerLabel(e *parse.Element) string {
	if parse.IsSubProcess(e.Kind) {
		return "Sub-process"
	}
	return "Process"
}
