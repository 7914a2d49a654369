package text

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestSOPFurniture checks that callout boxes, notes, warnings, links and
// captions make no task, no sub-process and no lane, while the steps
// around them stay.
func TestSOPFurniture(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		steps []string // words each some activity's name has
		bad   []string // words no activity, sub-process or lane may have
	}{
		{"callout box after a heading",
			"Kiln start-up\n\nThe kiln operator opens the gas valve. The kiln operator lights the pilot burner.\n\nCaution\nA hot kiln door can burn a careless visitor. Visitors stand behind the yellow line.\n\nThe kiln operator records the temperature.",
			[]string{"valve", "pilot", "temperature"}, []string{"caution", "visitor", "stand", "careless"}},
		{"note and warning lines",
			"1. The cashier counts the float.\nNOTE: Coins are counted by weight. The scale shows the total.\n2. The cashier signs the count sheet.\nWarning - Never leave the drawer open.",
			[]string{"float", "sheet"}, []string{"note", "coin", "scale", "warning", "drawer"}},
		{"links and captions",
			"Badge renewal\n\nThe guard checks the old badge.\nAlso refer: https://intranet.example.org/security/badges\nFigure 4: Badge layout by site\nThe guard prints the new badge.\nwww.example.org/help",
			[]string{"check", "print"}, []string{"refer", "figure", "layout", "https", "www", "example"}},
		{"todo list under a run-in label",
			"Label printing\n\nOutline of steps.\n1. Scan the parcel.\n2. Print the label.\nTODO.\n• Document the printer driver.\n• Add screenshots of the dialog.",
			[]string{"scan", "print"}, []string{"driver", "screenshot", "todo"}},
		{"layout words are no lanes",
			"Settings | Value | Remark\nLight | Overcast | Hard shadows move across the field during the shot.\nHeight | 40 m | Check the height before each flight.\n\nThe center of the frame will shift when the lens changes. The photographer checks the focus.",
			[]string{"height", "focus"}, []string{"shadow", "center", "move"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			for _, w := range tt.steps {
				found := false
				for _, a := range m.Activities {
					found = found || strings.Contains(strings.ToLower(a.Name), w)
				}
				if !found {
					t.Errorf("no step with %q:%s", w, describe(m))
				}
			}
			for _, w := range tt.bad {
				for _, a := range m.Activities {
					if strings.Contains(strings.ToLower(a.Name), w) {
						t.Errorf("activity %q from furniture (%q):%s", a.Name, w, describe(m))
					}
				}
				for _, p := range m.Participants {
					if strings.Contains(strings.ToLower(p.Name), w) {
						t.Errorf("lane %q from furniture (%q)", p.Name, w)
					}
				}
			}
		})
	}
}

// TestSOPAlternatives checks that listed alternatives ("one of the
// following …", sections headed "Method A", "Method B") become one
// exclusive choice with a branch per alternative, not a chain.
func TestSOPAlternatives(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		branches []string // a word of each branch's first activity
	}{
		{"options without verbs",
			"Floor cleaning\n\n• Sweep the floor.\n• Clean the floor with one of the following options:\n  ◦ Scrubber machine with hot water\n  ◦ Mop and bucket with detergent\n• Put up the wet floor sign.",
			[]string{"scrubber", "mop"}},
		{"methods as numbered sub-items",
			"1. The clerk files the contract.\n2. The clerk sends the contract using one of the following methods:\n   a) Send it by registered mail.\n   b) Upload it to the client portal.\n   c) Hand it over at the front desk.\n3. The clerk notes the date in the register.",
			[]string{"mail", "portal", "desk"}},
		{"sections headed as methods",
			"Meter reading\n\nThe reader records each meter once a month.\n\nMethod A — Walk-by reading\n1. Walk to the meter.\n2. Read the display.\n\nMethod B — Remote reading\n1. Open the telemetry portal.\n2. Download the readings.\n\nAfter the reading\n1. The reader uploads the figures to billing.",
			[]string{"walk", "open"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			g := choiceGateway(m, tt.branches)
			if g == "" {
				t.Fatalf("no exclusive split with branches %v:%s", tt.branches, describe(m))
			}
		})
	}
}

// choiceGateway is the id of an exclusive split whose outgoing flows
// lead straight to an activity for each of words, or "".
func choiceGateway(m process.Model, words []string) string {
	name := map[string]string{}
	for _, a := range m.Activities {
		name[a.ID] = strings.ToLower(a.Name)
	}
	for _, g := range m.Gateways {
		if g.Type != process.GatewayExclusive {
			continue
		}
		hit := 0
		for _, w := range words {
			for _, f := range m.Flows {
				if f.Source == g.ID && strings.Contains(name[f.Target], w) {
					hit++
					break
				}
			}
		}
		if hit == len(words) {
			return g.ID
		}
	}
	return ""
}

// TestDefaultPerformer checks that "Process Owner" stands only for a text
// that names no performer at all.
func TestDefaultPerformer(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		owner bool
	}{
		{"imperative checklist", "Check the tyres.\nCheck the oil level.\nClean the windscreen.", true},
		{"a role in the header", "Responsible: Fleet Technician\n\n1. Check the tyres.\n2. Check the oil level.\n3. Clean the windscreen.", false},
		{"a role in a sentence", "The fleet technician checks the tyres. Then check the oil level and clean the windscreen.", false},
		{"a role in a section heading", "Vehicle check\n\nFleet technician tasks\n\n1. Check the tyres.\n2. Check the oil level.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			owner := false
			for _, p := range m.Participants {
				owner = owner || p.Name == process.DefaultPerformer
			}
			if owner != tt.owner {
				t.Errorf("Process Owner lane %v, want %v:%s", owner, tt.owner, describe(m))
			}
		})
	}
}

// TestCheckboxNumberedSteps reads "[ ] 1. …" as numbered step 1 whose
// box is ticked: its conditions and jumps are read as a step's, and its
// number is no word of it.
func TestCheckboxNumberedSteps(t *testing.T) {
	text := "Checklist\n\n[ ] 1. The clerk checks the form. If the form is incomplete, the clerk returns it to the applicant and the process ends.\n[ ] 2. The clerk files the form.\n[x] 3. The clerk closes the case."
	m := Analyze(context.Background(), text, "x.txt")
	gws := 0
	for _, g := range m.Gateways {
		if g.Type == process.GatewayExclusive {
			gws++
		}
	}
	names := map[string]bool{}
	for _, a := range m.Activities {
		names[a.Name] = true
	}
	if gws != 1 || !names["File form"] || !names["Close case"] {
		t.Errorf("gateways %d, activities %v; want one decision, File form and Close case", gws, names)
	}
}

// TestSwimLaneTable reads a swim-lane table pasted as text: the rule
// under the header row does not end the table, the "Lane" column names
// who does the step, and "If X: Y" in a cell is a condition.
func TestSwimLaneTable(t *testing.T) {
	text := "Claim handling\n\nLane        | Step\n------------|------------------\nClaims desk | Registers the claim\nCarrier     | Sends the signed delivery receipt\nClaims desk | Checks the receipt\nClaims desk | If noted: files a claim against the carrier\nClaims desk | If not noted: rejects the claim; end\nAccounting  | Books the compensation\n"
	m := Analyze(context.Background(), text, "x.txt")
	perf := map[string]string{}
	for _, a := range m.Activities {
		perf[a.Name] = a.Performer
	}
	if perf["Register claim"] != "Claims Desk" || perf["Book compensation"] != "Accounting" || perf["Send signed delivery receipt"] != "Carrier" {
		t.Fatalf("performers %v, want the lane column's", perf)
	}
	gws := 0
	for _, g := range m.Gateways {
		if g.Type == process.GatewayExclusive {
			gws++
		}
	}
	if gws == 0 || perf["Reject claim"] == "" {
		t.Errorf("no decision on the noted receipt: %v", perf)
	}
}

// TestArrowDecisionTree reads a decision tree drawn with arrows: each
// arrow line is an item, and "state: step" in an item is a branch on
// that state.
func TestArrowDecisionTree(t *testing.T) {
	text := "Loan request\n\nThe student submits a loan request\n  → The desk assistant checks the account\n      → account blocked (unpaid fines): the desk assistant declines the loan. STOP.\n      → account OK: the desk assistant reserves the device\n  → The desk assistant hands over the device\n"
	m := Analyze(context.Background(), text, "x.txt")
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.Name] = a.ID
	}
	decline, hand := ids["Decline loan"], ids["Hand over device"]
	if decline == "" || ids["Reserve device"] == "" || hand == "" {
		t.Fatalf("activities %v lack the tree's steps", ids)
	}
	if reaches(m, decline, hand) {
		t.Errorf("a declined loan reaches the hand-over")
	}
}

// TestTreeSiblingStates reads sibling items of a decision tree, each a
// state and its step, as the answers of one decision with no third way.
func TestTreeSiblingStates(t *testing.T) {
	text := "Device return\n\nIT support inspects the returned device\n  → damaged: IT support reports the damage\n  → fine: the desk assistant closes the loan\n"
	m := Analyze(context.Background(), text, "x.txt")
	next := map[string]int{}
	for _, f := range m.Flows {
		next[f.Source]++
	}
	splits := 0
	for _, g := range m.Gateways {
		if g.Type == process.GatewayExclusive && next[g.ID] > 1 {
			splits++
			if next[g.ID] != 2 {
				t.Errorf("decision %q has %d ways out, want 2", g.Name, next[g.ID])
			}
		}
	}
	if splits != 1 {
		t.Errorf("exclusive splits = %d, want 1", splits)
	}
}

// TestActivityLogRows reads an activity log pasted as a table without a
// header: each row's last cell holds the steps of the party in the cell
// before it.
func TestActivityLogRows(t *testing.T) {
	text := "Ticket 4711 — activity log\n\n2026-03-04 08:05 | Field Service | The technician tests the meter.\n2026-03-11 14:02 | Billing | Billing recalculates the invoice and issues a credit note.\n"
	m := Analyze(context.Background(), text, "x.txt")
	perf := map[string]string{}
	for _, a := range m.Activities {
		perf[a.Name] = a.Performer
	}
	if perf["Test meter"] == "" || perf["Recalculate invoice"] != "Billing" || perf["Issue credit note"] != "Billing" {
		t.Errorf("activities %v, want the log's steps by its parties", perf)
	}
}
