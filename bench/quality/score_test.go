package main

import (
	"reflect"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/process"
)

func TestMatch(t *testing.T) {
	sc := newScorer()
	tests := []struct {
		name      string
		ref, cand []string
		want      []int
	}{
		{"inflections match", []string{"Check invoice"}, []string{"Checks the invoices"}, []int{0}},
		{"one to one", []string{"Check invoice", "Check order"}, []string{"Check invoice"}, []int{0, -1}},
		{"best pair first", []string{"Send invoice", "Send invoice to customer"}, []string{"Send invoice to customer", "Send invoice"}, []int{1, 0}},
		{"below threshold", []string{"Approve purchase requisition form"}, []string{"Approve it"}, []int{-1}},
		{"stop words only", []string{"Do it"}, []string{"it"}, []int{-1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := sc.match(tt.ref, tt.cand)
			for i := range tt.want {
				if got[i] != tt.want[i] {
					t.Fatalf("match(%v, %v) = %v, want %v", tt.ref, tt.cand, got, tt.want)
				}
			}
		})
	}
}

func TestEvaluateBranches(t *testing.T) {
	c, err := parseCase("x", "text\n---\ntask: A | Check\ntask: A | Approve\ntask: A | Reject\nsplit: ok? | Approve | Reject\nloop: Reject -> Check\n")
	if err != nil {
		t.Fatal(err)
	}
	m := process.Model{
		Activities: []process.Activity{{ID: "c", Name: "Check"}, {ID: "a", Name: "Approve"}, {ID: "r", Name: "Reject"}},
		Gateways:   []process.Gateway{{ID: "g", Type: process.GatewayExclusive}},
		Flows: []process.Flow{{ID: "1", Source: "c", Target: "g"}, {ID: "2", Source: "g", Target: "a"},
			{ID: "3", Source: "g", Target: "r"}, {ID: "4", Source: "r", Target: "c"}},
	}
	s := newScorer().evaluate(c, &m)
	if s.branches.hit != 2 || s.branches.ref != 2 {
		t.Errorf("branches = %+v, want 2 of 2", s.branches)
	}
	if s.loops.hit != 1 {
		t.Errorf("loops = %+v, want 1 of 1", s.loops)
	}
	chain := newBaseline(wordnet.Load()).model("Check it. Approve it. Reject it.")
	if s := newScorer().evaluate(c, &chain); s.branches.hit != 0 || s.activities.hit != 3 {
		t.Errorf("baseline chain: branches %+v activities %+v, want 0 and 3 hits", s.branches, s.activities)
	}
}

func TestParseCaseErrors(t *testing.T) {
	tests := []struct{ in, err string }{
		{"no reference", "no reference: want a line --- after the text"},
		{"t\n---\nsplit: q\n", "reference line 1: want split: question | branch | …"},
		{"t\n---\nsplit: q | Unknown\n", `split "q" names unknown task "Unknown"`},
		{"t\n---\nbogus: x\n", `reference line 1: unknown key "bogus"`},
		{"t\n---\n# note\n\ntask: only name\n", "reference line 3: want task: performer | name"},
		{"t\n---\nno colon\n", "reference line 1: want key: value"},
		{"t\n---\nflow: A to B\n", "reference line 1: want flow: from -> to | name"},
		{"t\n---\nloop: A to B\n", "reference line 1: want loop: from -> to"},
		{"t\n---\ntask: A | Check\nloop: Check -> Other\n", "loop Check -> Other names an unknown task"},
		{"t\n---\ntask: A | Check\nend: Other\n", `end names unknown task "Other"`},
	}
	for _, tt := range tests {
		if _, err := parseCase("x", tt.in); err == nil || err.Error() != tt.err {
			t.Errorf("parseCase(%q) = %v, want %q", tt.in, err, tt.err)
		}
	}
}

func TestParseCase(t *testing.T) {
	in := "The clerk checks.\r\n\r\n---\r\n" + `# reference
pool: Shop
pool: Customer
lane: Clerk
task: Clerk | Check
task: Clerk | approve
task: Clerk | Reject
split: ok? | Approve / Check | -
timer: 2 days
message: Order
flow: Customer -> Shop | Order
flow: Shop -> Customer
end: Reject
loop: Reject -> check
`
	c, err := parseCase("x", in)
	if err != nil {
		t.Fatal(err)
	}
	want := &testCase{name: "x", text: "The clerk checks.", pools: []string{"Shop", "Customer"}, lanes: []string{"Clerk"},
		tasks:  []refTask{{"Clerk", "Check"}, {"Clerk", "approve"}, {"Clerk", "Reject"}},
		splits: []refSplit{{question: "ok?", branches: [][]string{{"Approve", "Check"}, nil}}},
		timers: []string{"2 days"}, messages: []string{"Order"},
		flows: []refFlow{{"Customer", "Shop", "Order"}, {"Shop", "Customer", ""}},
		ends:  []string{"Reject"}, loops: []refLoop{{"Reject", "check"}}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v\nwant %+v", c, want)
	}
	// A reference that is only the --- line at the end of the file.
	if c, err := parseCase("y", "Text.\n---"); err != nil || c.text != "Text." || len(c.tasks) != 0 {
		t.Errorf("bare --- at the end: %+v, %v", c, err)
	}
}
