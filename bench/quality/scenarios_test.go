package main

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/scenario"
	"github.com/spade-bpmn/spade/pkg/process"
)

// TestScenariosLoad reads every scenario of the four sets: a malformed check
// file fails here, not as a silently lower score.
func TestScenariosLoad(t *testing.T) {
	for _, tc := range []struct {
		dir  string
		want int
	}{{"scenarios/dev", 20}, {"scenarios/blind", 20}, {"scenarios/blind3", 8}, {"scenarios/blind4", 12}} {
		cases, err := loadScenarios(tc.dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) < tc.want {
			t.Errorf("%s: %d scenarios, want at least %d", tc.dir, len(cases), tc.want)
		}
	}
}

// devScenarioFloor is the share of dev scenario checks the built-in
// analyzer holds (79.8 %, 1624 of 2035 with 91 scenarios in the fifth
// session: 11 harder ones written before the analyzer read them hold 101
// of 204, the first 80 went 1517 → 1523; 82.9 %, 1517 of 1831 with the
// 80 scenarios at the end of the fourth session; 82.0 %, 1502 after merging text5 and text6; 78.8 %, 1089 of 1382 with the 60 scenarios after the
// fourth session of 27 Nov 2026; 77.4 %, 1069 after the third; 73.7 %,
// 905 of 1228 with the first 54;
// 62 %, 635 of 1024 when the first 44 were written), less two points: a
// change that loses checks fails here. Raise it as the analyzer improves.
const devScenarioFloor = 0.78

// TestScenarioFloor keeps the built-in analyzer's dev scenario checks at
// or above the floor. Only the dev set: blind is read in totals, by hand.
func TestScenarioFloor(t *testing.T) {
	pl, err := newPipeline()
	if err != nil {
		t.Fatal(err)
	}
	defer pl.Close()
	run, err := runScenarioSet(pl, "scenarios/dev", readingOf("scenarios/dev", "", false))
	if err != nil {
		t.Fatal(err)
	}
	if got := run.an.share(); got < devScenarioFloor {
		h, n := run.an.sum(func(string) bool { return true })
		t.Errorf("dev scenario checks held: %.1f %% (%d of %d), floor %.0f %%; run go run ./bench/quality -dir '' -v to see which fail",
			100*got, h, n, 100*devScenarioFloor)
	}
}

func TestCheckTally(t *testing.T) {
	tally := newCheckTally()
	tally.add([]scenario.Result{{Kind: "tasks", Held: true}, {Kind: "never", Held: false}})
	tally.add([]scenario.Result{{Kind: "tasks", Held: true}})
	if h, n := tally.sum(func(k string) bool { return k == "tasks" }); h != 2 || n != 2 {
		t.Errorf("tasks %d of %d, want 2 of 2", h, n)
	}
	if got := tally.share(); got != 2.0/3 {
		t.Errorf("share %v, want 2/3", got)
	}
	if tally.allHeld != 1 || tally.cases != 2 {
		t.Errorf("all held in %d of %d, want 1 of 2", tally.allHeld, tally.cases)
	}
}

// TestCheckModel checks a hand-made process model through the builder
// and the reader: the main pool comes first, the collapsed customer pool
// is another participant, lanes and message flows arrive as drawn.
func TestCheckModel(t *testing.T) {
	m := process.Model{
		ProcessName:  "Claims",
		Pools:        []process.Pool{{ID: "P_main", Name: "Insurer"}, {ID: "P_cust", Name: "Customer", Collapsed: true}},
		Participants: []process.Participant{{Name: "Claims handler"}, {Name: "Finance"}},
		Activities: []process.Activity{
			{ID: "reg", Name: "Register claim", Performer: "Claims handler"},
			{ID: "app", Name: "Approve claim", Performer: "Claims handler"},
			{ID: "pay", Name: "Pay customer", Performer: "Finance"},
			{ID: "rej", Name: "Reject claim", Performer: "Claims handler"},
			{ID: "let", Name: "Send rejection letter", Performer: "Claims handler"},
		},
		Gateways: []process.Gateway{{ID: "g", Name: "Covered?", Type: process.GatewayExclusive}},
		Events: []process.Event{{ID: "s", Name: "Claim received", Type: process.EventStart},
			{ID: "e1", Name: "Claim paid", Type: process.EventEnd}, {ID: "e2", Name: "Claim rejected", Type: process.EventEnd}},
		Flows: []process.Flow{{ID: "f1", Source: "s", Target: "reg"}, {ID: "f2", Source: "reg", Target: "g"},
			{ID: "f3", Source: "g", Target: "app", Condition: "yes"}, {ID: "f4", Source: "app", Target: "pay"}, {ID: "f5", Source: "pay", Target: "e1"},
			{ID: "f6", Source: "g", Target: "rej", Condition: "no"}, {ID: "f7", Source: "rej", Target: "let"}, {ID: "f8", Source: "let", Target: "e2"}},
		MessageFlows: []process.MessageFlow{{ID: "m1", Source: "pay", Target: "P_cust"}, {ID: "m2", Source: "let", Target: "P_cust"}},
	}
	spec, err := scenario.Parse([]byte(`{"tasks": [["regist"], ["pay"]], "pools": ["customer"], "not_lanes": ["customer"],
		"lanes": ["claims handler", "finance"], "never": [[["reject"], ["pay"]]], "exclusive": [[["approv"], ["reject"]]],
		"reach": [[["regist"], ["pay"]]], "message_flows": 2, "timers": 0}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range checkModel(&m, spec) {
		if !r.Held {
			t.Errorf("%s %s: %s", r.Kind, r.Check, r.Why)
		}
	}
	// a model the builder refuses fails every check, with the reason
	broken := process.Model{Flows: []process.Flow{{ID: "f", Source: "nowhere", Target: "nothing"}}}
	for _, r := range checkModel(&broken, spec) {
		if r.Held && r.Kind != scenario.KindTimers && r.Kind != scenario.KindNotLanes {
			t.Errorf("broken model: %s %s held", r.Kind, r.Check)
		}
	}
}
