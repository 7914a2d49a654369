package scenario

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

func load(t testing.TB, name string) *parse.Definitions {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := parse.Parse(b)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return d
}

// TestCheck runs each check kind on the hand-made fixtures: claim.bpmn
// (collaboration, lanes, loop, boundary timer, sub-process, exclusive and
// parallel splits) and quote.bpmn (one process, event-based choice).
func TestCheck(t *testing.T) {
	tests := []struct {
		name, fixture, spec string
		want                []bool
	}{
		{"tasks: any activity type, inside sub-processes, every group needed", "claim.bpmn",
			`{"tasks": [["regist", "claim"], ["inspect"], ["send", "letter|notice"], ["pay", "customer"], ["claim"]]}`,
			[]bool{true, true, true, false, true}},
		{"tasks: gateways and events are not activities", "claim.bpmn",
			`{"tasks": [["covered"], ["settled"]]}`, []bool{false, false}},
		{"pools: a participant other than the first", "claim.bpmn",
			`{"pools": ["customer", "repair shop", "insurer", "bank", "credit bureau"]}`,
			[]bool{true, true, false, false, false}},
		{"pools: no collaboration", "quote.bpmn", `{"pools": ["customer"]}`, []bool{false}},
		{"not_lanes: a lane of the party's own pool is allowed, a role named after the party too", "claim.bpmn",
			`{"not_lanes": ["customer", "credit bureau", "bank", "bureau", "credit", "service"]}`, []bool{true, false, true, false, true, false}},
		{"not_lanes: the lane's last word is the party", "claim.bpmn",
			`{"not_lanes": ["credit bureau|agency", "finance department", "customer service"]}`, []bool{false, false, false}},
		{"lanes: alternatives", "claim.bpmn",
			`{"lanes": ["claims handler", "accounting|finance", "legal", "customer service"]}`, []bool{true, true, false, true}},
		{"never: rejection ends, approval pays", "claim.bpmn",
			`{"never": [[["reject"], ["pay"]], [["reject"], ["clos", "claim"]], [["regist"], ["pay"]], [["approv"], ["letter"]]]}`,
			[]bool{true, true, false, true}},
		{"never: a gateway is never the source", "claim.bpmn",
			`{"never": [[["covered"], ["pay"]]]}`, []bool{false}},
		{"never: events are sources, message flows are not followed", "claim.bpmn",
			`{"never": [[["claim", "rejected"], ["pay"]], [["report"], ["pay"]], [["accident", "happen"], ["regist"]]]}`,
			[]bool{true, true, true}},
		{"never: no source at all fails", "claim.bpmn", `{"never": [[["cancel"], ["pay"]]]}`, []bool{false}},
		{"never: a boundary event leads from its host", "claim.bpmn",
			`{"never": [[["request", "document"], ["without", "answer"]]]}`, []bool{false}},
		{"reach: into and out of sub-processes, from the host to its boundary event", "claim.bpmn",
			`{"reach": [[["regist"], ["inspect"]], [["inspect"], ["approv"]], [["score"], ["pay"]], [["request"], ["without", "answer"]]]}`,
			[]bool{true, true, true, true}},
		{"reach: not backwards, not along message flows, not from an event", "claim.bpmn",
			`{"reach": [[["reject"], ["clos", "claim"]], [["report"], ["regist"]], [["close"], ["regist"]], [["claim", "received"], ["regist"]]]}`,
			[]bool{false, false, false, false}},
		{"loop: rework goes back", "claim.bpmn",
			`{"loop": [[["request", "document"], ["regist", "claim"]], [["approv"], ["pay"]], [["regist"], ["documents", "complete"]]]}`,
			[]bool{true, false, false}},
		{"exclusive: branches of one exclusive split", "claim.bpmn",
			`{"exclusive": [[["approv"], ["reject"]], [["pay"], ["letter"]], [["pay"], ["notif"]], [["regist"], ["clos"]], [["request"], ["inspect"]]]}`,
			[]bool{true, true, false, false, false}},
		{"exclusive: event-based split", "quote.bpmn",
			`{"exclusive": [[["repair", "device"], ["unrepair"]], [["quote", "accept"], ["10 day"]]]}`,
			[]bool{true, true}},
		{"parallel: branches of one parallel split", "claim.bpmn",
			`{"parallel": [[["pay"], ["notif"]], [["approv"], ["reject"]]]}`, []bool{true, false}},
		{"parallel: none in the model", "quote.bpmn", `{"parallel": [[["repair"], ["return"]]]}`, []bool{false}},
		{"multi_instance: a single pattern or a list", "claim.bpmn",
			`{"multi_instance": [["inspect"], ["pay"]]}`, []bool{true, false}},
		{"multi_instance: one pattern as strings", "claim.bpmn",
			`{"multi_instance": ["inspect", "vehicle"]}`, []bool{true}},
		{"timers and message flows: at least", "claim.bpmn",
			`{"timers": 1, "message_flows": 3}`, []bool{true, true}},
		{"timers and message flows: too few", "claim.bpmn",
			`{"timers": 2, "message_flows": 4}`, []bool{false, false}},
		{"timers: intermediate catch events count", "quote.bpmn",
			`{"timers": 1, "message_flows": 0}`, []bool{true, true}},
		{"never: a name without the other word", "quote.bpmn",
			`{"never": [[["unrepair"], ["repair", "device"]], [["quote"], ["return"]]]}`, []bool{true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse([]byte(tt.spec))
			if err != nil {
				t.Fatal(err)
			}
			got := Check(load(t, tt.fixture), s)
			if len(got) != len(tt.want) {
				t.Fatalf("%d results, want %d: %+v", len(got), len(tt.want), got)
			}
			for i, r := range got {
				if r.Held != tt.want[i] {
					t.Errorf("%s %s: held %v, want %v (%s)", r.Kind, r.Check, r.Held, tt.want[i], r.Why)
				}
				if !r.Held && r.Why == "" {
					t.Errorf("%s %s failed without a reason", r.Kind, r.Check)
				}
			}
		})
	}
}

func TestMatches(t *testing.T) {
	tests := []struct {
		pattern []string
		name    string
		want    bool
	}{
		{[]string{"reject"}, "Reject claim", true},
		{[]string{"pay"}, "Pay supplier", true},
		{[]string{"pay"}, "Payment received", true},
		{[]string{"refus"}, "Refused application", true},
		{[]string{"invoic|fee"}, "Send invoices", true},
		{[]string{"issu", "permit"}, "Issue building permit", true},
		{[]string{"issu", "permit"}, "Issue refusal", false},
		// the name's word may be the shorter one, both at least 4 letters
		{[]string{"invoicing"}, "Invoice customer", true},
		{[]string{"inspection"}, "Insp.", true},
		{[]string{"review"}, "Rev", false},
		// endings: ing, ed, es, s, one of them
		{[]string{"ship"}, "Shipping goods", true},
		{[]string{"close"}, "Closed", true},
		{[]string{"documents"}, "Check document", true},
		{[]string{"bring"}, "Brief the team", false},
		{[]string{"test"}, "Contest the decision", false},
		// phrases are consecutive words
		{[]string{"fire department"}, "Fire department", true},
		{[]string{"fire department"}, "Fire the department head", false},
		{[]string{"change manager"}, "Change Manager (Maria)", true},
		{[]string{"customer service"}, "Service for customers", false},
		{[]string{"10 day"}, "10 days", true},
		{[]string{"clos", "request"}, "Close change request", true},
		{[]string{"é"}, "", false},
	}
	for _, tt := range tests {
		b := []byte(`[`)
		for i, g := range tt.pattern {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, g...)
			b = append(b, '"')
		}
		b = append(b, ']')
		var p Pattern
		if err := p.UnmarshalJSON(b); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got := p.Matches(tt.name); got != tt.want {
			t.Errorf("%v matches %q = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{
		`{"messageflows": 2}`,
		`{"timers": -1}`,
		`{"never": [[["a"]]]}`,
		`{"never": [[["a"], ["b"], ["c"]]]}`,
		`{"tasks": [[]]}`,
		`{"tasks": [["send", "|"]]}`,
		`{"tasks": [[1]]}`,
		`{"lanes": ["x"]} {}`,
		`[]`,
	} {
		if _, err := Parse([]byte(s)); err == nil {
			t.Errorf("Parse(%s): want an error", s)
		}
	}
}

// TestFormatExamples makes the checks of two of the format's examples
// (../shared/testdata/scenarios, copied here) on models drawn by hand the
// way an analyst would: a correct model must hold every check, or the
// reading of the contract is wrong.
func TestFormatExamples(t *testing.T) {
	tests := []struct{ fixture, spec string }{
		{"warranty-correct.bpmn", `{"tasks": [["regist", "return"], ["inspect"], ["send", "quote"], ["repair", "device"], ["test"], ["return|send", "device|back"], ["clos", "case"]],
 "pools": ["customer"], "not_lanes": ["customer"], "lanes": ["technician", "customer service", "quality", "logistic"],
 "never": [[["unrepair"], ["repair", "device"]]],
 "loop": [[["test"], ["repair", "device"]]],
 "reach": [[["inspect"], ["test"]]],
 "timers": 1, "message_flows": 2}`},
		{"permit-correct.bpmn", `{"tasks": [["check", "document"], ["ask|request", "complet|document"], ["issu", "permit"], ["send", "invoic|fee"]],
 "pools": ["applicant", "fire department", "environmental"], "not_lanes": ["applicant", "fire department", "environmental"],
 "lanes": ["clerk", "planning officer", "cashier"],
 "never": [[["refus"], ["issu", "permit"]], [["refus"], ["invoic|fee"]]],
 "loop": [[["ask|request", "complet|document"], ["check", "document"]]],
 "exclusive": [[["refus"], ["issu", "permit"]]],
 "timers": 0, "message_flows": 5}`},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			s, err := Parse([]byte(tt.spec))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range Check(load(t, tt.fixture), s) {
				if !r.Held {
					t.Errorf("%s %s: %s", r.Kind, r.Check, r.Why)
				}
			}
		})
	}
}
