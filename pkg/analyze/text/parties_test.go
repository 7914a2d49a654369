package text

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// unavoidable reports whether every path from the main pool's start
// events to its end events passes node id.
func unavoidable(m process.Model, id string) bool {
	b := newBehaviour(m)
	avoid := map[string]bool{id: true}
	for _, e := range m.Events {
		if e.Type != process.EventStart || e.Pool != "" || e.Parent != "" {
			continue
		}
		if e.ID == id {
			return true
		}
		for n := range b.reachable(e.ID, avoid) {
			for _, x := range m.Events {
				if x.ID == n && x.Type == process.EventEnd && x.Pool == "" {
					return false
				}
			}
		}
	}
	return true
}

// waitsForever lists the catching nodes of outside pools without
// decisions whose message the main pool sends only on some of its paths:
// such a pool can wait forever.
func waitsForever(m process.Model) []string {
	branched := map[string]bool{}
	for _, g := range m.Gateways {
		branched[g.Pool] = true
	}
	pool := map[string]string{}
	catches := map[string]bool{}
	for _, a := range m.Activities {
		pool[a.ID] = a.Pool
		catches[a.ID] = a.Type == process.ActivityReceive
	}
	for _, e := range m.Events {
		pool[e.ID] = e.Pool
		catches[e.ID] = e.Type == process.EventIntermediate && !e.Throw
	}
	var out []string
	for _, f := range m.MessageFlows {
		p, ok := pool[f.Target]
		if !ok || p == "" || branched[p] || !catches[f.Target] {
			continue
		}
		if pool[f.Source] == "" && !unavoidable(m, f.Source) {
			out = append(out, f.Target)
		}
	}
	return out
}

// TestOutsideOrganisationsArePools checks that organisations outside ours
// are pools, never lanes, and that an outside pool never waits for a
// message sent on one branch only.
func TestOutsideOrganisationsArePools(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		pools []string
	}{
		{
			name:  "repair shop, credit bureau and customer",
			text:  "The customer reports the damage. The claims handler checks the policy and asks the repair shop for a cost estimate. The repair shop sends the cost estimate to the claims handler. The claims handler requests a report from the credit bureau. If the claim is covered, the claims handler pays the repair shop. Otherwise the claims handler sends a rejection letter to the customer.",
			pools: []string{"repair shop", "credit bureau", "customer"},
		},
		{
			name:  "vendor and authority",
			text:  "The buyer sends the purchase order to the vendor. The vendor delivers the goods. The storekeeper checks the delivery. The accountant reports the import to the customs authority.",
			pools: []string{"vendor", "authority"},
		},
		{
			name:  "customer told on each branch",
			text:  "The customer submits the order. The clerk checks the stock. If the goods are in stock, the clerk sends an order confirmation to the customer. If not, the clerk sends a delay notice to the customer. The clerk sends the invoice to the customer.",
			pools: []string{"customer"},
		},
		{
			name:  "regulator, police and a haulier",
			text:  "The compliance officer files the suspicious activity report with the regulator. The regulator confirms the receipt. The security manager reports the theft to the police. The dispatcher books the haulier. The haulier collects the pallets.",
			pools: []string{"regulator", "police", "haulier"},
		},
		{
			name:  "provider, forwarder and consignee on their own",
			text:  "The planner reserves capacity with the provider. The provider confirms the slot. The planner hands the crates to the forwarder. The forwarder carries the crates to the consignee. The consignee acknowledges the receipt. The accountant bills the consignee.",
			pools: []string{"provider", "forwarder", "consignee"},
		},
		{
			name:  "tax office, land registry, valuer and a partner hospital",
			text:  "The paralegal files the transfer return with the tax office. The tax office issues the clearance. The paralegal sends the deed to the land registry. The valuer appraises the flat. The nurse books a bed at the partner hospital. The partner manager reviews the contract.",
			pools: []string{"tax office", "land registry", "valuer", "partner hospital"},
		},
		{
			name:  "reference laboratory and a workshop",
			text:  "The technician ships the swab to the reference laboratory. The reference laboratory reports the finding. The fleet manager sends the van to the workshop. The workshop repairs the brakes and returns the van.",
			pools: []string{"reference laboratory", "workshop"},
		},
		{
			name:  "owners of things are outside, owners of products are not",
			text:  "The vehicle owner books an inspection. The inspector tests the brakes. The product owner reviews the backlog. The inspector calls the vehicle owner.",
			pools: []string{"vehicle owner"},
		},
		{
			name:  "a small business owner",
			text:  "The adviser calls the small business owner. The adviser drafts the plan and sends the plan to the owner.",
			pools: []string{"business owner"},
		},
		{
			name:  "the bare head names the outside party named in full before",
			text:  "The fitter removes the pump. The pump is shipped to the external workshop for overhaul. The workshop returns the pump. The fitter installs the pump.",
			pools: []string{"workshop"},
		},
		{
			name:  "the bare head after an outside qualifier",
			text:  "The editor sends the manuscript to an independent reviewer. The reviewer returns comments. The editor revises the manuscript.",
			pools: []string{"reviewer"},
		},
		{
			name:  "other banks and a franchisee",
			text:  "Every morning the banks send the account statements. The cash accountant matches the statement lines. The franchisee orders the goods. The sales clerk confirms the order to the franchisee.",
			pools: []string{"banks", "franchisee"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			for _, want := range tt.pools {
				found := false
				for i, p := range m.Pools {
					if i > 0 && strings.Contains(strings.ToLower(p.Name), want) {
						found = true
					}
				}
				if !found {
					t.Errorf("no pool %q in %+v:%s", want, m.Pools, describe(m))
				}
				for _, p := range m.Participants {
					if p.Pool == "" && strings.Contains(strings.ToLower(p.Name), want) {
						t.Errorf("%q is a lane of our pool", p.Name)
					}
				}
			}
			if w := waitsForever(m); len(w) > 0 {
				t.Errorf("outside pool waits forever at %v:%s\n%+v", w, describe(m), m.MessageFlows)
			}
		})
	}
}

// TestSpeakersAreNotLanes checks that in a transcript the roles the
// speakers describe (in what they say, in the label, or in a roster of
// participants) are lanes, and their names and the interviewer are not.
func TestSpeakersAreNotLanes(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		lanes     []string
		not       []string
		wantSteps []string
	}{
		{
			name: "roles stated in what they say",
			text: "Anna: I'm the change manager. When a change request comes in, I classify the request.\n" +
				"Ben: And then the implementation team schedules the change and implements it.\n" +
				"Anna: If the test fails, the implementation team rolls the change back.\n" +
				"Ben: Finally the change manager closes the request.\n",
			lanes: []string{"change manager", "implementation team"},
			not:   []string{"anna", "ben"},
		},
		{
			name: "a roster gives the roles, turns use first names",
			text: "Workshop on truck servicing\n" +
				"Attendees: Jana Novak (Fleet Manager), Dr. Omar Ali (Workshop Mechanic), moderator\n\n" +
				"Moderator: How does it start?\n" +
				"Jana: I book the truck in for its service.\n" +
				"Omar: I inspect the brakes and I replace the worn parts.\n" +
				"Moderator: And after that?\n" +
				"Jana: Then I release the truck for the next tour.\n",
			lanes:     []string{"fleet manager", "workshop mechanic"},
			not:       []string{"jana", "omar", "moderator", "jana novak"},
			wantSteps: []string{"inspect", "release"},
		},
		{
			name: "a ticket log: weekday, time and a bar before the speaker",
			text: "Ticket 4821, disputed charge\n" +
				"Mon 09:30 | Lena (Claims Desk): The claims desk pulls the inspection photos.\n" +
				"Mon 09:41 | Lena (Claims Desk): The claims desk sends the photos to the customer.\n" +
				"Thu 10:20 | Raj (Damage Assessor): The damage assessor compares both sets of photos.\n" +
				"2026-11-03 15:02 - Raj (Damage Assessor): The damage assessor withdraws the charge.\n",
			lanes:     []string{"claims desk", "damage assessor"},
			not:       []string{"lena", "raj"},
			wantSteps: []string{"compare", "withdraw"},
		},
		{
			name: "the role in the first label, the first name later",
			text: "Interviewer: Who handles a lost card?\n" +
				"Priya Raman (Card Services Officer): I block the card in the card system.\n" +
				"Interviewer: Then?\n" +
				"Priya: I order a replacement card and I send the PIN letter.\n",
			lanes: []string{"card services officer"},
			not:   []string{"priya", "interviewer", "priya raman"},
		},
		{
			name: "a person named as the performer of a step is their role",
			text: "Call notes\nPresent: Petra (operations lead), Jonas (payments clerk)\n\n" +
				"Petra: How do we handle a recall?\n" +
				"Jonas: I open a recall case and I send the recall request.\n" +
				"Petra: If there is no answer, Jonas sends a reminder and Petra escalates the case.\n",
			lanes: []string{"payments clerk", "operations lead"},
			not:   []string{"jonas", "petra"},
		},
		{
			name: "a role label naming the person in brackets",
			text: "Desk (Tim, Service Desk): I log the call and I reset the password.\n" +
				"Caller: Thanks.\n" +
				"Tim: I close the ticket after the caller confirms.\n" +
				"Caller: Great.\n",
			not: []string{"tim"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var lanes []string
			for _, p := range m.Participants {
				if p.Pool == "" {
					lanes = append(lanes, strings.ToLower(p.Name))
				}
			}
			for _, want := range tt.lanes {
				if !contains(lanes, want) {
					t.Errorf("no lane %q in %v", want, lanes)
				}
			}
			for _, not := range tt.not {
				if contains(lanes, not) {
					t.Errorf("speaker %q is a lane: %v", not, lanes)
				}
			}
			for _, w := range tt.wantSteps {
				if len(nodesMatching(m, pattern{w})) == 0 {
					t.Errorf("no step %q:%s", w, describe(m))
				}
			}
		})
	}
}

// TestSOPNotesAndChoices checks that notes, warnings, URLs and figure
// captions make no steps, that "one of the following methods" is a
// choice, and that the placeholder lane appears only when nobody is
// named.
func TestSOPNotesAndChoices(t *testing.T) {
	text := "Removing stains\n\n" +
		"1. The cleaner inspects the fabric.\n" +
		"Note: Wear gloves when handling chemicals.\n" +
		"Warning: Never mix cleaning agents.\n" +
		"2. The cleaner removes the stain using one of the following methods:\n" +
		"- Blot the stain with a dry cloth.\n" +
		"- Rinse the stain with cold water.\n" +
		"- Apply a stain remover.\n" +
		"Figure 2: The stain remover bottle\n" +
		"https://example.com/stain-guide\n" +
		"3. The cleaner dries the fabric.\n"
	m := analyze(t, text)
	for _, a := range m.Activities {
		l := strings.ToLower(a.Name)
		for _, bad := range []string{"glove", "mix", "figure", "http", "example.com", "bottle"} {
			if strings.Contains(l, bad) {
				t.Errorf("activity %q from a note, caption or URL:%s", a.Name, describe(m))
			}
		}
		if a.Performer == process.DefaultPerformer {
			t.Errorf("%q in the placeholder lane though the cleaner is named", a.Name)
		}
	}
	b := newBehaviour(m)
	if !b.exclusiveApart(pattern{"blot"}, pattern{"rins"}) || !b.exclusiveApart(pattern{"rins"}, pattern{"appl"}) {
		t.Errorf("the methods are no exclusive choice:%s", describe(m))
	}
	if !b.reachesAny(nodesMatching(m, pattern{"blot"}), pattern{"dry"}, nil) {
		t.Errorf("the choice does not go on to drying:%s", describe(m))
	}
}

// TestProcessOwnerOnlyWithoutPerformers checks that the placeholder lane
// appears only when the text names nobody who does the work.
func TestProcessOwnerOnlyWithoutPerformers(t *testing.T) {
	tests := []struct {
		name, text string
		owner      bool
	}{
		{"passives and one named clerk", "The invoice is received. The invoice is checked against the order. The clerk pays the invoice.", false},
		{"nobody named", "The invoice is received. The invoice is checked against the order. The invoice is paid.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			owner := false
			for _, p := range m.Participants {
				if p.Name == process.DefaultPerformer {
					owner = true
				}
			}
			if owner != tt.owner {
				t.Errorf("placeholder lane %v, want %v: %v", owner, tt.owner, names(m))
			}
		})
	}
}

// TestWeIsOurOrganisation: "we" after an outside party acted (or named
// in the condition) is the organisation, never that party; "they" right
// after "we email the applicant" is the applicant.
func TestWeIsOurOrganisation(t *testing.T) {
	tests := []struct {
		text string
		step string // a step of ours
		not  string // the outside party it must not be given to
	}{
		{"Our team orders the cabinets from the supplier. The supplier delivers the cabinets. We install the kitchen.", "Install", "Supplier"},
		{"When a customer orders a kitchen, we check the measurements. Our team orders the cabinets.", "Check", "Customer"},
		{"The customer brings the item back to the store. We check the receipt. If there is no receipt, we refuse the return.", "Check", "Customer"},
	}
	for _, tt := range tests {
		m := Analyze(context.Background(), tt.text, "t.txt")
		found := false
		for _, a := range m.Activities {
			if strings.HasPrefix(a.Name, tt.step) {
				found = true
				if a.Performer == tt.not {
					t.Errorf("%q: %q is done by %s:%s", tt.text, a.Name, a.Performer, describe(m))
				}
			}
		}
		if !found {
			t.Errorf("%q: no %s step:%s", tt.text, tt.step, describe(m))
		}
	}
	m := Analyze(context.Background(), "The applicant uploads the documents. Then we email the applicant. They upload the missing document. We check it again.", "t.txt")
	for _, a := range m.Activities {
		if strings.HasPrefix(a.Name, "Upload missing") && a.Performer != "Applicant" {
			t.Errorf("%q is done by %s, want the applicant:%s", a.Name, a.Performer, describe(m))
		}
	}
}
