package text

import (
	"context"
	"slices"
	"testing"
)

// TestTowardUs: a party that does something to "us" is outside the
// organisation (a pool of its own), "they" doing it are the party the
// last step handed work to, and "we" after it are ours again; a role of
// ours that did our work in an earlier sentence stays a lane.
func TestTowardUs(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		pools     []string // besides the main pool
		performer map[string]string
	}{
		{
			name:      "they after a hand-over send us something",
			text:      "HR sends the job profile to the agency. They send us CVs. The line manager shortlists the CVs.",
			pools:     []string{"Agency"},
			performer: map[string]string{"Send job profile": "HR", "Shortlist CVs": "Line Manager"},
		},
		{
			name:      "a partner named by no party word tells us the result",
			text:      "Our returns team inspects the item. Electronics are passed on to our repair partner, who tests the device and tells us whether it is faulty. If it is faulty, we refund the purchase price.",
			pools:     []string{"Repair Partner"},
			performer: map[string]string{"Test device": "Repair Partner", "Refund purchase price": "Returns Team"},
		},
		{
			name:      "a role of ours that worked before stays ours",
			text:      "The practice nurse sends the impression to the lab. The nurse checks the stock. The practice nurse sends the invoice back to us.",
			pools:     nil,
			performer: map[string]string{"Check stock": "Practice Nurse"},
		},
		{
			name:      "a unit of ours telling us stays a lane",
			text:      "The clerk checks the request. The finance department tells us the budget. The clerk approves the request.",
			pools:     nil,
			performer: map[string]string{"Check request": "Clerk"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "t.txt")
			var pools []string
			for _, p := range m.Pools {
				if p.ID != "Pool_main" {
					pools = append(pools, p.Name)
				}
			}
			if !slices.Equal(pools, tt.pools) {
				t.Errorf("pools = %v, want %v", pools, tt.pools)
			}
			for name, want := range tt.performer {
				found := false
				for _, a := range m.Activities {
					if a.Name == name {
						found = true
						if a.Performer != want {
							t.Errorf("%q done by %q, want %q", name, a.Performer, want)
						}
					}
				}
				if !found {
					t.Errorf("no activity %q", name)
				}
			}
		})
	}
}
