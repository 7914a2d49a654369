package bpmn

import "github.com/spade-bpmn/spade/pkg/process"

// Hand-written models covering what the builder must draw.

func linearModel() *process.Model {
	return &process.Model{
		ProcessName:  "Order intake",
		Participants: []process.Participant{{Name: "Clerk"}},
		Activities: []process.Activity{
			{ID: "A1", Name: "Receive order", Performer: "Clerk", WorkMinutes: 10},
			{ID: "A2", Name: "Enter order", Performer: "Clerk", SIPOC: process.SIPOC{Systems: []string{"ERP"}}, WaitMinutes: 1440},
		},
		Events: []process.Event{
			{ID: "S", Type: process.EventStart, Name: "Order arrives", Trigger: process.TriggerMessage},
			{ID: "E", Type: process.EventEnd, Name: "Order entered"},
		},
		Flows: []process.Flow{{Source: "S", Target: "A1"}, {Source: "A1", Target: "A2"}, {Source: "A2", Target: "E"}},
	}
}

func exclusiveModel() *process.Model {
	return &process.Model{
		ProcessName:  "Invoice approval",
		Participants: []process.Participant{{Name: "Accounts payable"}, {Name: "Manager"}},
		Activities: []process.Activity{
			{ID: "check", Name: "Check invoice", Performer: "Accounts payable"},
			{ID: "approve", Name: "Approve invoice", Performer: "Manager"},
			{ID: "pay", Name: "Pay invoice", Performer: "Accounts payable", WorkMinutes: 15, WaitMinutes: 2880},
		},
		Gateways: []process.Gateway{
			{ID: "g1", Type: process.GatewayExclusive, Name: "Amount over 1000?", Performer: "Accounts payable"},
			{ID: "g2", Type: process.GatewayExclusive, Performer: "Accounts payable"},
		},
		Events: []process.Event{
			{ID: "s", Type: process.EventStart, Name: "Invoice received"},
			{ID: "e", Type: process.EventEnd, Name: "Invoice paid"},
		},
		Flows: []process.Flow{
			{ID: "f1", Source: "s", Target: "check"},
			{ID: "f2", Source: "check", Target: "g1"},
			{ID: "f3", Source: "g1", Target: "approve", Condition: "Yes"},
			{ID: "f4", Source: "g1", Target: "g2", Condition: "No"},
			{ID: "f5", Source: "approve", Target: "g2"},
			{ID: "f6", Source: "g2", Target: "pay"},
			{ID: "f7", Source: "pay", Target: "e"},
		},
	}
}

func parallelModel() *process.Model {
	return &process.Model{
		ProcessName:  "Onboarding",
		Participants: []process.Participant{{Name: "HR"}},
		Activities: []process.Activity{
			{ID: "a", Name: "Sign contract", Performer: "HR"},
			{ID: "b", Name: "Order laptop", Performer: "HR"},
			{ID: "c", Name: "Create accounts", Performer: "HR"},
			{ID: "d", Name: "Welcome", Performer: "HR"},
		},
		Gateways: []process.Gateway{
			{ID: "p1", Type: process.GatewayParallel, Name: "In parallel"},
			{ID: "p2", Type: process.GatewayParallel},
		},
		Events: []process.Event{
			{ID: "s", Type: process.EventStart, Name: "Hired"},
			{ID: "w", Type: process.EventIntermediate, Trigger: process.TriggerTimer, Name: "First day"},
			{ID: "e", Type: process.EventEnd, Name: "Onboarded"},
		},
		Flows: []process.Flow{
			{Source: "s", Target: "a"}, {Source: "a", Target: "p1"},
			{Source: "p1", Target: "b"}, {Source: "p1", Target: "c"},
			{Source: "b", Target: "p2"}, {Source: "c", Target: "p2"},
			{Source: "p2", Target: "w"}, {Source: "w", Target: "d"}, {Source: "d", Target: "e"},
		},
	}
}

func loopModel() *process.Model {
	return &process.Model{
		ProcessName:  "Document review",
		Participants: []process.Participant{{Name: "Author"}, {Name: "Reviewer"}},
		Activities: []process.Activity{
			{ID: "w", Name: "Write draft", Performer: "Author"},
			{ID: "r", Name: "Review draft", Performer: "Reviewer"},
			{ID: "p", Name: "Publish", Performer: "Author"},
		},
		Gateways: []process.Gateway{{ID: "ok", Type: process.GatewayExclusive, Name: "Draft accepted?", Performer: "Reviewer"}},
		Events: []process.Event{
			{ID: "s", Type: process.EventStart, Name: "Topic chosen", Performer: "Author"},
			{ID: "e", Type: process.EventEnd, Name: "Published", Performer: "Author"},
		},
		Flows: []process.Flow{
			{Source: "s", Target: "w"}, {Source: "w", Target: "r"}, {Source: "r", Target: "ok"},
			{Source: "ok", Target: "p", Condition: "Yes"}, {Source: "ok", Target: "w", Condition: "No, rework"},
			{Source: "p", Target: "e"},
		},
	}
}

func threeLaneModel() *process.Model {
	return &process.Model{
		ProcessName:  "Customer support",
		Participants: []process.Participant{{Name: "Customer"}, {Name: "Support agent"}, {Name: "Engineer"}},
		Activities: []process.Activity{
			{ID: "t1", Name: "Report problem", Performer: "Customer"},
			{ID: "t2", Name: "Triage ticket", Performer: "Support agent", WorkMinutes: 20},
			{ID: "t3", Name: "Fix defect", Performer: "Engineer", WorkMinutes: 240, WaitMinutes: 4320},
			{ID: "t4", Name: "Answer customer", Performer: "Support agent"},
			{ID: "t5", Name: "Confirm solution", Performer: "Customer"},
		},
		Gateways: []process.Gateway{
			{ID: "g", Type: process.GatewayInclusive, Name: "Needs engineering?", Performer: "Support agent"},
			{ID: "j", Type: process.GatewayInclusive, Performer: "Support agent"},
		},
		Events: []process.Event{
			{ID: "s", Type: process.EventStart, Name: "Problem noticed", Performer: "Customer"},
			{ID: "e", Type: process.EventEnd, Name: "Problem solved", Performer: "Customer"},
		},
		Flows: []process.Flow{
			{Source: "s", Target: "t1"}, {Source: "t1", Target: "t2"}, {Source: "t2", Target: "g"},
			{Source: "g", Target: "t3", Condition: "Defect"}, {Source: "g", Target: "t4", Condition: "otherwise"},
			{Source: "t3", Target: "j"}, {Source: "t4", Target: "j"}, {Source: "j", Target: "t5"}, {Source: "t5", Target: "e"},
		},
	}
}

// messyModel breaks most rules a model can break: no start or end event,
// implicit splits and joins, duplicate and dangling flows, odd ids, a
// gateway that joins and forks, an event-based gateway before tasks and
// performers missing from the participants.
func messyModel() *process.Model {
	return &process.Model{
		ProcessName: "Messy <process> & \"quotes\"",
		Activities: []process.Activity{
			{ID: "1 first", Name: "First step", Performer: "Team A"},
			{ID: "second/step", Name: "", Performer: "Team B"},
			{ID: "third", Name: "Third step", Performer: "team a"},
			{ID: "fourth", Name: "Fourth step"},
		},
		Gateways: []process.Gateway{
			{ID: "g", Type: process.GatewayExclusive, Name: "Route"},
			{ID: "eb", Type: process.GatewayEventBased, Name: "Wait for"},
		},
		Events: []process.Event{
			{ID: "msg", Type: process.EventIntermediate, Trigger: process.TriggerMessage, Name: "Reply"},
		},
		Flows: []process.Flow{
			{Source: "1 first", Target: "second/step", Condition: "ok"},
			{Source: "1 first", Target: "third", Condition: "not ok"},
			{Source: "1 first", Target: "third"},
			{Source: "second/step", Target: "g"},
			{Source: "third", Target: "g"},
			{Source: "g", Target: "fourth"},
			{Source: "g", Target: "eb"},
			{Source: "eb", Target: "msg"},
			{Source: "eb", Target: "fourth"},
			{Source: "msg", Target: "fourth"},
			{Source: "nowhere", Target: "fourth"},
			{Source: "fourth", Target: "fourth"},
		},
	}
}

// noLaneModel has no participants and no performers: no lanes are drawn.
func noLaneModel() *process.Model {
	return &process.Model{
		ProcessName: "Quick note",
		Activities:  []process.Activity{{ID: "a", Name: "Write note"}, {ID: "b", Name: "Send note", WaitMinutes: 30}},
		Flows:       []process.Flow{{Source: "a", Target: "b"}},
	}
}

func testModels() map[string]*process.Model {
	return map[string]*process.Model{
		"no_lanes":   noLaneModel(),
		"linear":     linearModel(),
		"exclusive":  exclusiveModel(),
		"parallel":   parallelModel(),
		"loop":       loopModel(),
		"three_lane": threeLaneModel(),
		"messy":      messyModel(),
	}
}
