package text

import (
	"slices"
	"strings"
	"testing"
)

func TestSystemsAndAliases(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		step    string // activity name prefix
		systems []string
		lanes   []string // exactly these lanes of the main pool
	}{
		{"product after in", "The employee fills in an expense report in Concur. The manager approves the report.", "Fill in expense report", []string{"Concur"}, []string{"Employee", "Manager"}},
		{"product after via", "The agent submits the declaration via ATLAS. The officer checks the declaration.", "Submit declaration", []string{"ATLAS"}, []string{"Agent", "Officer"}},
		{"no product in a month", "The clerk closes the books in March. The accountant reviews the books.", "Close books", nil, []string{"Clerk", "Accountant"}},
		{"acronym is one lane", "Approved reports are checked by accounts payable (AP). AP reimburses the employee.", "", nil, []string{"Accounts Payable"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			if tt.step != "" {
				found := false
				for _, a := range m.Activities {
					if strings.HasPrefix(a.Name, tt.step) {
						found = true
						for _, s := range a.SIPOC.Systems {
							if !slices.Contains(tt.systems, s) {
								t.Errorf("%s: unexpected system %q", a.Name, s)
							}
						}
						for _, s := range tt.systems {
							if !slices.Contains(a.SIPOC.Systems, s) {
								t.Errorf("%s: systems %v, want %s", a.Name, a.SIPOC.Systems, s)
							}
						}
					}
					for _, list := range [][]string{a.SIPOC.Inputs, a.SIPOC.Outputs, a.SIPOC.Systems} {
						for _, e := range list {
							if w := strings.ToLower(strings.Fields(e + " x")[0]); pronouns[w] || w == "them" {
								t.Errorf("%s: SIPOC entry %q is a pronoun", a.Name, e)
							}
						}
					}
				}
				if !found {
					t.Fatalf("no step %q in %v", tt.step, names(m))
				}
			}
			var lanes []string
			for _, p := range m.Participants {
				if p.Pool == "" {
					lanes = append(lanes, p.Name)
				}
			}
			if strings.Join(lanes, "|") != strings.Join(tt.lanes, "|") {
				t.Errorf("lanes %v, want %v", lanes, tt.lanes)
			}
		})
	}
}
