package text

import (
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// flowsOf reads "a>b b>c:cond" into flows.
func flowsOf(s string) []process.Flow {
	var out []process.Flow
	for _, f := range strings.Fields(s) {
		st, cond, _ := strings.Cut(f, ":")
		from, to, _ := strings.Cut(st, ">")
		out = append(out, process.Flow{Source: from, Target: to, Condition: cond})
	}
	return out
}

// edgesOf writes a projection's flows as "a>b" in sorted order.
func edgesOf(p *projection) string {
	var out []string
	for _, from := range sortedKeys(p.keep) {
		for _, e := range p.edges[from] {
			out = append(out, from+">"+e.to)
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func TestProject(t *testing.T) {
	tests := []struct {
		name     string
		flows    string
		steps    []string
		gateways []string
		want     string // "" for no projection
	}{
		{"a straight chain passes the others over", "S>o1 o1>p1 p1>o2 o2>p2 p2>E", []string{"p1", "p2"}, nil, "S>p1 p1>p2 p2>E"},
		{"the party's choice keeps its branches", "S>o1 o1>G G>p1:yes G>p2:no p1>J p2>J J>o2 o2>E", []string{"p1", "p2"}, []string{"G", "J"},
			"G>p1 G>p2 S>G p1>E p2>E"},
		{"a decision with no step of the party on one way keeps the end", "S>p1 p1>G G>E G>p2 p2>E", []string{"p1", "p2"}, []string{"G"},
			"G>E G>p2 S>p1 p1>G p2>E"},
		{"a decision whose ways both pass the party over goes", "S>p1 p1>G G>o1 G>o2 o1>J o2>J J>p2 p2>E", []string{"p1", "p2"}, []string{"G", "J"},
			"S>p1 p1>p2 p2>E"},
		{"decisions after the party's last step are its end", "S>p1 p1>G G>o1 G>o2 o1>E o2>E", []string{"p1"}, []string{"G"}, "S>p1 p1>E"},
		{"a step no start reaches: no projection", "S>o1 o1>E", []string{"p1"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gws := map[string]process.Gateway{}
			for _, g := range tt.gateways {
				gws[g] = process.Gateway{ID: g, Type: process.GatewayExclusive}
			}
			p := project(flowsOf(tt.flows), tt.steps, gws, []string{"S"}, []string{"E"})
			got := ""
			if p != nil {
				got = edgesOf(p)
			}
			if got != tt.want {
				t.Errorf("projection = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPartyDecisionKeepsItsBranches checks that a party deciding in its
// own pool ("The bank either approves the loan or rejects it. If it
// rejects it, …") keeps its branches there: its rejection never reaches
// its payout.
func TestPartyDecisionKeepsItsBranches(t *testing.T) {
	m := analyze(t, "Loan\n\nThe clerk prepares the loan application. The clerk sends the loan application to the lender. The lender checks the application. "+
		"The lender either approves the loan or rejects it. If the lender rejects the application, the lender sends a rejection letter to the clerk. "+
		"If the lender approves it, the lender sends the contract to the clerk. The clerk signs the contract. The lender pays out the loan. The clerk books the loan.")
	rejection, payout := "", ""
	for _, a := range m.Activities {
		n := strings.ToLower(a.Name)
		if strings.Contains(n, "rejection") {
			rejection = a.ID
		}
		if strings.Contains(n, "pay") {
			payout = a.ID
		}
	}
	if rejection == "" || payout == "" {
		t.Fatalf("no rejection or payout step:%s", describe(m))
	}
	if reaches(m, rejection, payout) {
		t.Errorf("the rejection reaches the payout:%s", describe(m))
	}
}

// TestPartyHoldsIsAStep checks that an outside party holding or keeping
// something is a step of its choice, not a description: "The tax office
// either clears the refund or holds it for an audit".
func TestPartyHoldsIsAStep(t *testing.T) {
	tests := []struct{ text, want string }{
		{"The accountant files the return with the tax office. The tax office either clears the refund or holds it for an audit. The accountant archives the file.", "hold"},
		{"The clerk sends the claim to the insurer. The insurer keeps the deposit. The clerk closes the file.", "keep"},
	}
	for _, tt := range tests {
		m := analyze(t, "Refunds\n\n"+tt.text)
		found := false
		for _, a := range m.Activities {
			if strings.HasPrefix(strings.ToLower(a.Name), tt.want) {
				found = a.Pool != ""
			}
		}
		if !found {
			t.Errorf("no %q step in the party's pool:%s", tt.want, describe(m))
		}
	}
	// a thing that keeps something describes: no step
	m := analyze(t, "Logs\n\nThe clerk opens the ticket. The system keeps a log of all changes. The clerk closes the ticket.")
	for _, a := range m.Activities {
		if strings.HasPrefix(strings.ToLower(a.Name), "keep") {
			t.Errorf("a system keeping a log is a step:%s", describe(m))
		}
	}
}
