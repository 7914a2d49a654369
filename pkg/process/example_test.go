package process_test

import (
	"fmt"

	"github.com/spade-bpmn/spade/pkg/process"
)

// A language model's answer with the usual slips: the customer's step is
// joined to the shop's by a sequence flow, a message between two of the
// shop's own steps, a timer "boundary event" on a gateway, a sub-process
// whose content is left unconnected, and no start or end events. Repair
// mends all of it (the flows and the timer now join where the branches
// meet, through a new gateway); the problems it returns are those it could
// not mend.
func ExampleRepair() {
	m := process.Model{
		ProcessName: "Order handling",
		Pools: []process.Pool{
			{ID: "shop", Name: "Shop"},
			{ID: "customer", Name: "Customer"},
		},
		Participants: []process.Participant{{Name: "Sales"}},
		Activities: []process.Activity{
			{ID: "place", Name: "Place order", Pool: "Customer"}, // pool by name
			{ID: "check", Name: "Check order", Performer: "sales"},
			{ID: "pack", Name: "Pack goods", Type: "subprocess", Performer: "Sales"},
			{ID: "pick", Name: "Pick item", Parent: "pack", Marker: "multi-instance"},
			{ID: "ship", Name: "Ship goods", Performer: "Sales"},
		},
		Gateways: []process.Gateway{{ID: "ok", Type: "XOR", Name: "Order complete?"}},
		Events: []process.Event{
			{ID: "late", Type: "boundary", Trigger: "timer", Name: "2 days", AttachedTo: "ok"},
		},
		Flows: []process.Flow{
			{ID: "f1", Source: "place", Target: "check", Condition: "Order"},
			{ID: "f2", Source: "check", Target: "ok"},
			{ID: "f3", Source: "ok", Target: "pack", Condition: "Yes"},
		},
		MessageFlows: []process.MessageFlow{{ID: "m1", Source: "pack", Target: "ship"}},
	}
	problems := process.Repair(&m)

	fmt.Println("problems left:", len(problems))
	for _, f := range m.MessageFlows {
		fmt.Printf("message %s: %s → %s %q\n", f.ID, f.Source, f.Target, f.Name)
	}
	for _, f := range m.Flows {
		fmt.Printf("flow %s: %s → %s\n", f.ID, f.Source, f.Target)
	}
	for _, e := range m.Events {
		fmt.Printf("event %s: %s %s in %q/%q\n", e.ID, e.Type, e.Trigger, e.Pool, e.Parent)
	}
	// Output:
	// problems left: 0
	// message f1: place → check "Order"
	// flow f2: check → ok
	// flow f3: ok → pack
	// flow Flow_9: ok → late
	// flow m1: pack → ship
	// flow Flow_1: StartEvent_1 → check
	// flow Flow_2: ship → Gateway_1
	// flow Flow_3: late → Gateway_1
	// flow Flow_4: StartEvent_2 → place
	// flow Flow_5: place → EndEvent_2
	// flow Flow_6: StartEvent_3 → pick
	// flow Flow_7: pick → EndEvent_3
	// flow Flow_8: Gateway_1 → EndEvent_1
	// event StartEvent_1: start  in ""/""
	// event late: intermediate timer in ""/""
	// event EndEvent_1: end  in ""/""
	// event StartEvent_2: start  in "customer"/""
	// event EndEvent_2: end  in "customer"/""
	// event StartEvent_3: start  in ""/"pack"
	// event EndEvent_3: end  in ""/"pack"
}
