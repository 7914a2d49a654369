package llm

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// mergeParts are three sections: one with its own pool, a collapsed
// customer pool, a nested sub-process, a boundary event, data and an
// annotation; one without pools whose performers tie; and one that
// names the customer pool again (other case and spacing) beside a
// supplier pool of its own.
func mergeParts() []sectionResult {
	one := process.Model{
		ProcessName: "Orders", ProcessPurpose: "",
		Pools:        []process.Pool{{ID: "p_cust", Name: "Customer", Collapsed: true}, {ID: "p1", Name: "Shop"}},
		Participants: []process.Participant{{Name: "Clerk", Pool: "p1"}, {Name: "Customer", Pool: "p_cust"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Take order", Performer: "Clerk", Pool: "p1"},
			{ID: "a2", Name: "Check", Type: process.ActivitySubProcess, Performer: "Clerk", Pool: "p1"},
			{ID: "a3", Name: "Check stock", Performer: "Clerk", Pool: "p1", Parent: "a2"},
		},
		Gateways: []process.Gateway{{ID: "g1", Type: process.GatewayExclusive, Name: "In stock?", Pool: "p1"}},
		Events: []process.Event{
			{ID: "e1", Type: process.EventStart, Name: "Order", Pool: "p1"},
			{ID: "b1", Type: process.EventBoundary, Trigger: process.TriggerTimer, Name: "2 days", AttachedTo: "a1", Pool: "p1"},
			{ID: "e2", Type: process.EventEnd, Name: "Done", Pool: "p1"},
		},
		Flows: []process.Flow{{ID: "f1", Source: "e1", Target: "a1"}, {ID: "f2", Source: "a1", Target: "a2"},
			{ID: "f3", Source: "a2", Target: "g1"}, {ID: "f4", Source: "g1", Target: "e2", Condition: "yes"},
			{ID: "f5", Source: "g1", Target: "a1", Condition: "no"}, {ID: "f6", Source: "b1", Target: "e2"}},
		MessageFlows:     []process.MessageFlow{{ID: "m1", Name: "Order", Source: "p_cust", Target: "a1"}},
		Data:             []process.Data{{ID: "d1", Name: "Order form", Kind: "object", Pool: "p1"}},
		DataAssociations: []process.DataAssociation{{ID: "da1", Source: "d1", Target: "a1"}},
		Annotations:      []process.Annotation{{ID: "n1", Text: "Within a day", AttachedTo: "a1"}},
	}
	two := process.Model{
		ProcessName: "Second", ProcessPurpose: "Ship what was ordered",
		Participants: []process.Participant{{Name: "Clerk"}, {Name: "Manager"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Pack", Performer: "Manager"}, {ID: "a2", Name: "Label", Performer: "Clerk"},
			{ID: "a3", Name: "Ship", Performer: "Manager"}, {ID: "a4", Name: "Invoice", Performer: "Clerk"},
		},
		Events: []process.Event{{ID: "e1", Type: process.EventStart, Name: "Start"}, {ID: "e2", Type: process.EventEnd, Name: "End"}},
		Flows: []process.Flow{{ID: "f1", Source: "e1", Target: "a1"}, {ID: "f2", Source: "a1", Target: "a2"},
			{ID: "f3", Source: "a2", Target: "a3"}, {ID: "f4", Source: "a3", Target: "a4"}, {ID: "f5", Source: "a4", Target: "e2"}},
	}
	three := process.Model{
		ProcessName:  "Third",
		Pools:        []process.Pool{{ID: "c", Name: " customer", Collapsed: true}, {ID: "p9", Name: "Shop"}, {ID: "sup", Name: "Supplier"}},
		Participants: []process.Participant{{Name: "Clerk", Pool: "p9"}, {Name: "Driver", Pool: "sup"}},
		Activities: []process.Activity{
			{ID: "a1", Name: "Order parts", Performer: "Clerk", Pool: "p9"},
			{ID: "a2", Name: "Deliver parts", Performer: "Driver", Pool: "sup"},
		},
		Events: []process.Event{{ID: "e1", Type: process.EventStart, Name: "Start", Pool: "p9"}, {ID: "e2", Type: process.EventEnd, Name: "End", Pool: "p9"},
			{ID: "e3", Type: process.EventStart, Name: "Asked", Pool: "sup"}, {ID: "e4", Type: process.EventEnd, Name: "Delivered", Pool: "sup"}},
		Flows: []process.Flow{{ID: "f1", Source: "e1", Target: "a1"}, {ID: "f2", Source: "a1", Target: "e2"},
			{ID: "f3", Source: "e3", Target: "a2"}, {ID: "f4", Source: "a2", Target: "e4"}},
		MessageFlows: []process.MessageFlow{{ID: "m1", Source: "a1", Target: "e3"}, {ID: "m2", Source: "c", Target: "a1"}},
	}
	usage := Usage{InputTokens: 10, OutputTokens: 5, TotalTokens: 15}
	return []sectionResult{
		{Section{Title: "1. Intake"}, &Result{Model: one, ModelName: "m", Usage: usage}},
		{Section{}, &Result{Model: two, ModelName: "m", Usage: usage}},
		{Section{Title: "3. Parts"}, &Result{Model: three, ModelName: "m", Usage: usage}},
	}
}

// TestMerge pins the merged model of three sections (golden file (go test -update) written
// by the code before merge was split into phases).
func TestMerge(t *testing.T) {
	got, err := json.MarshalIndent(merge(mergeParts()), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	testenv.Golden(t, filepath.Join("testdata", "merge.json"), got)
}
