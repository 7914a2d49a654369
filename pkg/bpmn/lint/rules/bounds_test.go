package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// TestOverlapsOnStackedShapes: thousands of shapes on one spot must not
// cost n² comparisons; all of them are still reported here because each
// collides with its neighbour in the sweep.
func TestOverlapsOnStackedShapes(t *testing.T) {
	t.Parallel()
	const n = 4000
	var sem, di strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sem, `<task id="t%d" name="T"/>`, i)
		fmt.Fprintf(&di, `<bpmndi:BPMNShape bpmnElement="t%d"><dc:Bounds x="10" y="10" width="100" height="80"/></bpmndi:BPMNShape>`, i)
	}
	doc := `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"><process id="p">` +
		sem.String() + `</process><bpmndi:BPMNDiagram><bpmndi:BPMNPlane bpmnElement="p">` + di.String() + `</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`
	defs, err := parse.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	rep := lint.New(rules.All()...).Run(defs, lint.Config{"no-overlapping-elements": lint.Warn})
	if len(rep.RuleErrors) > 0 || rep.Warnings != n {
		t.Fatalf("warnings = %d, rule errors %v; want %d", rep.Warnings, rep.RuleErrors, n)
	}
}
