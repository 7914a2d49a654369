package text

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// succs maps each node to the nodes its sequence flows lead to.
func succs(m process.Model) map[string][]string {
	out := map[string][]string{}
	for _, f := range m.Flows {
		out[f.Source] = append(out[f.Source], f.Target)
	}
	return out
}

func reaches(m process.Model, from, to string) bool {
	return reachesAvoiding(m, from, to, "")
}

// reachesAvoiding reports whether from reaches to on a path that does
// not pass through avoid ("" avoids nothing).
func reachesAvoiding(m process.Model, from, to, avoid string) bool {
	next := succs(m)
	seen := map[string]bool{from: true, avoid: avoid != ""}
	stack := []string{from}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range next[n] {
			if t == to {
				return true
			}
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return false
}

func TestControlFlow(t *testing.T) {
	tests := []struct {
		name string
		text string
		// splits is the number of exclusive splits expected
		splits int
		// apart are pairs of activities on different branches: neither
		// reaches the other
		apart [][2]string
		// loops are pairs (later, earlier): the later step leads back
		loops [][2]string
		// ends counts end events of the main pool
		ends int
		// marker is an activity expected to carry a marker
		marker, markerName string
	}{
		{
			name:   "otherwise after two steps: both in the yes branch, the no branch ends",
			text:   "The clerk checks the invoice. If the invoice is correct, the clerk forwards it to the manager. The manager approves the invoice. Otherwise the clerk rejects the invoice and the process ends. The clerk pays the invoice.",
			splits: 1,
			apart:  [][2]string{{"Approve invoice", "Reject invoice"}, {"Reject invoice", "Pay invoice"}},
			ends:   2,
		},
		{
			name:   "in the other case",
			text:   "The chair decides on acceptance. If the paper is accepted, the chair sends an acceptance. In the other case, the chair sends a rejection. The chair archives the paper.",
			splits: 1,
			apart:  [][2]string{{"Send acceptance", "Send rejection"}},
		},
		{
			name:   "if this is not so",
			text:   "The clerk checks the form. If the form is complete, the clerk files it. If this is not so, the clerk returns it. The clerk closes the case.",
			splits: 1,
			apart:  [][2]string{{"File form", "Return form"}},
		},
		{
			name:   "whether after a first clause, then only the negative case",
			text:   "The clerk opens the mail and checks whether the form is complete. If not, the clerk calls the customer. The clerk files the form.",
			splits: 1,
		},
		{
			name:   "opposite answers are one decision",
			text:   "The manager reviews the request. If approved, the clerk orders the item. If rejected, the clerk informs the employee. The clerk closes the request.",
			splits: 1,
			apart:  [][2]string{{"Order item", "Inform employee"}},
		},
		{
			name:   "two ifs on one question are one decision",
			text:   "The analyst evaluates the risk. If the risk is high, the analyst declines the application. If the risk is acceptable, the officer prepares the contract. The officer sends the contract.",
			splits: 1,
			apart:  [][2]string{{"Decline application", "Prepare contract"}},
		},
		{
			name:   "a question after a loop opens a decision of its own",
			text:   "The nurse reviews the medication. If the patient cannot explain it, the nurse explains it again and goes back to the review. Does the patient need home care? If yes, the coordinator sends a care request. If no, the nurse gives the patient a leaflet. The doctor signs the letter.",
			splits: 2,
			apart:  [][2]string{{"Send care request", "Give patient leaflet"}},
		},
		{
			name:   "cases by threshold, the second 'of X or more', in a list item after a lead-in",
			text:   "The agent checks the ticket.\n\n- Once the photo is in, decide: for orders under 50 EUR, the agent issues a refund; for orders of 50 EUR or more, the agent creates a return label.\n- The agent closes the ticket.",
			splits: 1,
			apart:  [][2]string{{"Issue refund", "Create return label"}},
		},
		{
			name:  "a jump back to a numbered step in a sentence of its own",
			text:  "1. The author opens a pull request.\n2. CI runs the unit tests.\n3. A maintainer reviews the change.\n   - If changes are requested, the author updates the branch; the pull request goes back to step 2.\n4. The release manager merges the change.",
			loops: [][2]string{{"Update branch", "Run unit tests"}},
		},
		{
			name:  "back to the step a noun of work names",
			text:  "The inspector inspects the weld. If the seam is porous, the welder grinds it out and goes back to the inspection. The clerk files the report.",
			loops: [][2]string{{"Grind", "Inspect weld"}},
		},
		{
			name:   "either or",
			text:   "The manager reviews the dismissal. The manager either opposes the dismissal or confirms it. The clerk files the case.",
			splits: 1,
			apart:  [][2]string{{"Oppose dismissal", "Confirm dismissal"}},
		},
		{
			name:   "a qualified subject is a condition, the remaining ones the other branch",
			text:   "The storekeeper checks the goods. Damaged goods are rejected by the storekeeper. The remaining goods are counted by the storekeeper. The buyer closes the order.",
			splits: 1,
			apart:  [][2]string{{"Reject damaged goods", "Count remaining goods"}},
		},
		{
			name:   "a threshold in a lead-in is a condition",
			text:   "The underwriter reviews the questionnaire. For applicants over 50, the underwriter orders a medical examination. The underwriter calculates the premium.",
			splits: 1,
		},
		{
			name:   "or between two actions",
			text:   "The clerk checks the claim. The manager approves or rejects the claim. The clerk files the claim.",
			splits: 1,
			apart:  [][2]string{{"Approve claim", "Reject claim"}},
		},
		{
			name:   "or between two clauses",
			text:   "The manager reviews the dismissal. The manager opposes the dismissal or confirms it. The clerk files the case.",
			splits: 1,
			apart:  [][2]string{{"Oppose dismissal", "Confirm dismissal"}},
		},
		{
			name:   "rework loop",
			text:   "The employee submits the report. The manager approves the report. If the manager rejects the report, the employee corrects it and submits it again. Accounts payable checks the report.",
			splits: 1,
			loops:  [][2]string{{"Correct report", "Approve report"}},
		},
		{
			name:   "a step done again loops back to it",
			text:   "The inspector measures the first part. If the part is out of tolerance, the operator adjusts the machine and the inspector measures again. The operator runs the batch.",
			splits: 1,
			loops:  [][2]string{{"Adjust machine", "Measure first part"}},
		},
		{
			name:   "goes back to a party whose relative clause is its choice",
			text:   "The buyer enters the order. The clerk checks the budget. If the amount exceeds the budget, the order goes back to the buyer, who either reduces the quantity or cancels the order. The clerk releases the order.",
			splits: 2,
			apart:  [][2]string{{"Cancel order", "Release order"}},
			loops:  [][2]string{{"Reduce quantity", "Check budget"}},
		},
		{
			name:   "goes back to a step named by its verb",
			text:   "The chemist weighs the powder. The chemist mixes the batch. If the sample is too thick, the chemist adds water and goes back to mixing. The chemist fills the bottles.",
			splits: 1,
			loops:  [][2]string{{"Add water", "Mix batch"}},
		},
		{
			name: "sent back to an outside party that corrects and returns it: back to the review",
			text: "The buyer sends the questionnaire to the supplier. The supplier completes the questionnaire and returns it. The procurement analyst reviews the questionnaire. If information is missing, the procurement analyst sends the questionnaire back to the supplier, and the supplier corrects and returns it. The master data clerk creates the vendor.",
			// (the supplier's pool has a split of its own)
			loops: [][2]string{{"Send questionnaire back", "Review questionnaire"}},
		},
		{
			name:  "an item led by a state is a case: back to the check",
			text:  "The assistant logs the submission.\nThe assistant checks the submission for the statement of values.\n- Statement missing: assistant returns the submission to the broker for correction; the broker corrects it and resubmits; the assistant checks it again.\n\nThe underwriter rates the risk.",
			loops: [][2]string{{"Return submission", "Check submission for"}},
		},
		{
			name:   "a step done again until it works is the loop back to that step, not a second loop",
			text:   "The receiving clerk scans the return label. The inspector inspects the item. If the label does not scan, the receiving clerk types in the order number and scans again until it works. The agent closes the ticket.",
			splits: 1,
			loops:  [][2]string{{"Type in order number", "Scan return label"}},
		},
		{
			name:   "a question and an arrow in a list item is a case",
			text:   "Steps\n- The engineer verifies the error rate\n- error rate still above 5%? -> escalate to the database team and try again\n- The commander resolves the incident\n",
			splits: 1,
			loops:  [][2]string{{"Escalate", "Verify error rate"}},
		},
		{
			name:   "when something fails is a decision",
			text:   "The CI server builds the commit. When a build fails, the developer fixes the code. The QA team runs the regression tests.",
			splits: 1,
		},
		{
			name:       "every morning is no multi-instance",
			text:       "Every morning the agent checks the new tickets. The agent closes the old tickets.",
			marker:     "",
			markerName: "Check new tickets",
		},
		{
			name:       "for each is multi-instance",
			text:       "The warehouse releases a pick list. For each order line, the picker takes the item from the shelf. The packer packs the items.",
			marker:     process.MarkerParallel,
			markerName: "Take item",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			ids := map[string]string{}
			for _, a := range m.Activities {
				ids[a.Name] = a.ID
			}
			find := func(prefix string) string {
				for n, id := range ids {
					if len(n) >= len(prefix) && n[:len(prefix)] == prefix {
						return id
					}
				}
				t.Fatalf("no activity %q in %v", prefix, names(m))
				return ""
			}
			splits := 0
			next := succs(m)
			for _, g := range m.Gateways {
				if g.Type == process.GatewayExclusive && len(next[g.ID]) > 1 {
					splits++
				}
			}
			if splits != tt.splits && tt.splits > 0 {
				t.Errorf("exclusive splits = %d, want %d (%v)", splits, tt.splits, names(m))
			}
			for _, p := range tt.apart {
				a, b := find(p[0]), find(p[1])
				if reaches(m, a, b) || reaches(m, b, a) {
					t.Errorf("%s and %s should be on different branches", p[0], p[1])
				}
			}
			for _, p := range tt.loops {
				if !reaches(m, find(p[0]), find(p[1])) {
					t.Errorf("%s should lead back to %s", p[0], p[1])
				}
			}
			if tt.ends > 0 {
				ends := 0
				for _, e := range m.Events {
					if e.Type == process.EventEnd && e.Pool == "" {
						ends++
					}
				}
				if ends != tt.ends {
					t.Errorf("end events = %d, want %d", ends, tt.ends)
				}
			}
			if tt.markerName != "" {
				for _, a := range m.Activities {
					if a.ID == find(tt.markerName) && a.Marker != tt.marker {
						t.Errorf("%s marker %q, want %q", a.Name, a.Marker, tt.marker)
					}
				}
			}
		})
	}
}

func TestSectionsBecomeSubProcesses(t *testing.T) {
	text := `Cleanroom manual

1. Entering
1.1 The operator removes jewellery and puts on the gown.
1.2 The operator washes the hands.

2. Processing
2.1 The operator loads the wafers.
2.2 The operator inspects each wafer.
2.3 The operator records the lot number.

3. Leaving
3.1 The operator unloads the wafers.
3.2 The operator removes the gown.

4. Processing
4.1 The supervisor reviews the records.`
	m := analyze(t, text)
	var subs []string
	children := map[string]int{}
	for _, a := range m.Activities {
		if a.Type == process.ActivitySubProcess {
			subs = append(subs, a.Name)
		}
		if a.Parent != "" {
			children[a.Parent]++
		}
	}
	if len(subs) != 3 || subs[0] != "Entering" || subs[1] != "Processing" || subs[2] != "Leaving" {
		t.Fatalf("sub-processes %v, want Entering, Processing (merged), Leaving", subs)
	}
	for _, a := range m.Activities {
		if a.Type == process.ActivitySubProcess && children[a.ID] < 2 {
			t.Errorf("sub-process %s holds %d steps", a.Name, children[a.ID])
		}
	}
	// a short text keeps one flow
	short := analyze(t, "Intro\n\n1. Start\nThe clerk checks the order.\n\n2. End\nThe clerk ships the order.")
	for _, a := range short.Activities {
		if a.Type == process.ActivitySubProcess {
			t.Errorf("short text got sub-process %s", a.Name)
		}
	}
}

// TestDecisionComesBack covers a decision whose other branch the text
// describes later: one split, two branches, the steps between on the
// first.
func TestDecisionComesBack(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		apart [][2]string // on different branches
		after [2]string   // the first leads to the second
	}{
		{
			name:  "negation after two sentences",
			text:  "The committee decides whether the applicant is admitted. If the applicant is admitted, the office sends an offer letter. The office books a room. The registry enrols the student. If the applicant is not admitted, the office sends a rejection letter. The office archives the file.",
			apart: [][2]string{{"Enrol student", "Send rejection letter"}, {"Send offer letter", "Send rejection letter"}},
			after: [2]string{"Send rejection letter", "Archive file"},
		},
		{
			name:  "a declined case that is never bound (an irregular participle) ends its branch: no third branch",
			text:  "Underwriter rates the risk. If the risk is outside appetite: underwriter declines the risk. A declined risk is never bound. If the risk is within appetite: underwriter prepares the quote. Underwriter binds the cover.",
			apart: [][2]string{{"Decline risk", "Prepare quote"}, {"Decline risk", "Bind cover"}},
			after: [2]string{"Prepare quote", "Bind cover"},
		},
		{
			name:  "two branches on one question",
			text:  "The clerk checks the claim. Should the check fail, the clerk rejects the claim. If the check succeeds, the clerk pays the claim. The clerk archives the claim.",
			apart: [][2]string{{"Reject claim", "Pay claim"}},
			after: [2]string{"Pay claim", "Archive claim"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			ids := map[string]string{}
			for _, a := range m.Activities {
				ids[a.Name] = a.ID
			}
			next := succs(m)
			splits := 0
			for _, g := range m.Gateways {
				if n := len(next[g.ID]); n > 1 {
					splits++
					if n != 2 {
						t.Errorf("gateway %s has %d branches, want 2", g.Name, n)
					}
				}
			}
			if splits != 1 {
				t.Errorf("%d splits, want 1: %v", splits, names(m))
			}
			for _, p := range tt.apart {
				a, b := ids[p[0]], ids[p[1]]
				if a == "" || b == "" || reaches(m, a, b) || reaches(m, b, a) {
					t.Errorf("%s and %s should be on different branches (%v)", p[0], p[1], names(m))
				}
			}
			if a, b := ids[tt.after[0]], ids[tt.after[1]]; a == "" || b == "" || !reaches(m, a, b) {
				t.Errorf("%s should lead to %s", tt.after[0], tt.after[1])
			}
		})
	}
}
