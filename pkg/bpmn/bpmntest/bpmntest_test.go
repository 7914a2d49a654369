package bpmntest_test

import (
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestCheck(t *testing.T) {
	m := &process.Model{
		ProcessName:  "Check",
		Participants: []process.Participant{{Name: "Clerk"}},
		Activities:   []process.Activity{{ID: "a", Name: "Do it", Performer: "Clerk"}},
	}
	b, err := bpmn.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	res := bpmntest.Check(t, map[string][]byte{"check/1": b})
	for _, r := range res {
		if r.LintErrors != 0 || len(r.Warnings) != 0 {
			t.Errorf("%+v", r)
		}
	}
}

// TestReferenceFindsErrors makes sure the reference side can fail: a MIWG
// model with known bpmnlint errors reports them.
func TestReferenceFindsErrors(t *testing.T) {
	root := bpmntest.ModuleRoot(t)
	f := filepath.Join(root, "..", "shared", "testdata", "bpmn", "miwg-reference", "A.3.0.bpmn")
	testenv.Require(t, f, "MIWG model A.3.0: "+testenv.HintSharedData)
	res := bpmntest.Reference(t, filepath.Join(root, "tools", "bpmncheck"), f)
	if res[0].LintErrors == 0 || len(res[0].Warnings) == 0 {
		t.Errorf("A.3.0 should have lint errors and an encoding warning: %+v", res[0])
	}
}
