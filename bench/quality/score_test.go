package main

import (
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
	for _, s := range []string{"no reference", "t\n---\nsplit: q | Unknown\n", "t\n---\nbogus: x\n", "t\n---\ntask: only name\n"} {
		if _, err := parseCase("x", s); err == nil {
			t.Errorf("parseCase(%q): want an error", s)
		}
	}
}
