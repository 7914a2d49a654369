package text

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func TestPools(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		pools     []string // besides the main pool
		collapsed []bool
		messages  int // message flows at least
		lanes     []string
	}{
		{
			name:      "supplier acts and receives",
			text:      "The supplier sends an invoice. The clerk checks the invoice. The clerk returns the invoice to the supplier.",
			pools:     []string{"Supplier"},
			collapsed: []bool{false},
			messages:  1,
			lanes:     []string{"Clerk"},
		},
		{
			name:      "two outside-looking parties: the one doing most steps is ours",
			text:      "The tenant sends the meter reading to the insurer. The insurer checks the reading. The insurer computes the premium. The insurer sends the invoice to the tenant.",
			pools:     []string{"Tenant"},
			collapsed: []bool{false},
			messages:  2,
			lanes:     []string{"Insurer"},
		},
		{
			name:      "a courier our dispatcher assigns is a lane of ours",
			text:      "The dispatcher assigns a courier to the order. The courier picks up the parcel. The courier delivers the parcel to the customer.",
			pools:     []string{"Customer"},
			collapsed: []bool{true},
			messages:  1,
			lanes:     []string{"Dispatcher", "Courier"},
		},
		{
			name:      "customer only receives",
			text:      "The clerk checks the order. The clerk sends the invoice to the customer.",
			pools:     []string{"Customer"},
			collapsed: []bool{true},
			messages:  1,
			lanes:     []string{"Clerk"},
		},
		{
			name:      "gets something from an authority",
			text:      "The adjuster opens the file. The adjuster gets the accident report from the police. The adjuster settles the claim.",
			pools:     []string{"Police"},
			collapsed: []bool{true},
			messages:  1,
			lanes:     []string{"Adjuster"},
		},
		{
			name:      "obtains something from a registry",
			text:      "The notary clerk drafts the deed. The notary clerk obtains an extract from the land registry. The notary clerk files the deed.",
			pools:     []string{"Land Registry"},
			collapsed: []bool{true},
			messages:  1,
			lanes:     []string{"Notary Clerk"},
		},
		{
			name:      "passes something on to a party the grammar knows no role for",
			text:      "The paralegal checks the deed. The paralegal passes the deed on to the notary. The paralegal archives the copy.",
			pools:     []string{"Notary"},
			collapsed: []bool{true},
			messages:  1,
			lanes:     []string{"Paralegal"},
		},
		{
			name:  "no external party",
			text:  "The clerk checks the order. The manager approves the order.",
			lanes: []string{"Clerk", "Manager"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var pools []string
			var collapsed []bool
			for i, p := range m.Pools {
				if i > 0 {
					pools = append(pools, p.Name)
					collapsed = append(collapsed, p.Collapsed)
				}
			}
			if len(pools) != len(tt.pools) {
				t.Fatalf("pools %v, want %v", pools, tt.pools)
			}
			for i := range pools {
				if pools[i] != tt.pools[i] || collapsed[i] != tt.collapsed[i] {
					t.Errorf("pool %d = %s (collapsed %v), want %s (%v)", i, pools[i], collapsed[i], tt.pools[i], tt.collapsed[i])
				}
			}
			if len(m.MessageFlows) < tt.messages {
				t.Errorf("message flows %+v, want at least %d", m.MessageFlows, tt.messages)
			}
			var lanes []string
			for _, p := range m.Participants {
				if p.Pool == "" {
					lanes = append(lanes, p.Name)
				}
			}
			if len(lanes) != len(tt.lanes) {
				t.Fatalf("main pool lanes %v, want %v", lanes, tt.lanes)
			}
			ids := map[string]string{}
			for _, a := range m.Activities {
				ids[a.ID] = a.Pool
			}
			for _, p := range m.Pools {
				ids[p.ID] = p.ID
			}
			for _, e := range m.Events {
				ids[e.ID] = e.Pool
			}
			for _, g := range m.Gateways {
				ids[g.ID] = g.Pool
			}
			for k, v := range ids {
				if v == "" {
					ids[k] = "main"
				}
			}
			for _, f := range m.MessageFlows {
				if ids[f.Source] == ids[f.Target] {
					t.Errorf("message flow %+v stays inside one pool", f)
				}
			}
			for _, f := range m.Flows {
				if ids[f.Source] != ids[f.Target] {
					t.Errorf("sequence flow %+v crosses pools", f)
				}
			}
		})
	}
}

func TestProcessNameFromExerciseTitle(t *testing.T) {
	tests := []struct{ text, want string }{
		{"exercise 1\n\nThe MPON sends the dismissal to the MPOO. The MPOO reviews the dismissal.", "Dismissal process"},
		{"Exercise 3: Examination\n\nThe GP requests the measurements. The lab sends the measurements.", "Examination"},
		{"Invoice approval\n\nThe clerk checks the invoice. The manager approves it.", "Invoice approval"},
	}
	for _, tt := range tests {
		if got := analyze(t, tt.text).ProcessName; got != tt.want {
			t.Errorf("%q: process name %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestPartyMessages checks the messages a reader expects between the
// organisation and an outside party: who sends, who receives.
func TestPartyMessages(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		task  string   // a step expected with its performer: "Clerk|Send rejection letter"
		flows []string // message flows expected, by party: "Clerk -> Applicant"
	}{
		{
			name:  "party receives: the organisation sends",
			text:  "Loan\n\nThe clerk checks the application. If the applicant is eligible, the clerk sends the contract to the applicant. Otherwise the applicant receives a rejection letter. The applicant signs the contract and returns it to the clerk. The clerk archives the contract.",
			task:  "Clerk|Send rejection letter",
			flows: []string{"Clerk -> Applicant", "Clerk -> Applicant", "Applicant -> Clerk"},
		},
		{
			name:  "to them and more words: the outside party that acted last",
			text:  "Cakes\n\nMaria owns a small bakery. When a couple wants a wedding cake, they call her and describe their wishes. She sketches a design and emails it to them together with a price. Maria bakes the cake.",
			task:  "Maria|Email design",
			flows: []string{"Couple -> Maria", "Maria -> Couple"},
		},
		{
			name:  "a reminder to the party the sentence names",
			text:  "Onboarding\n\nThe buyer sends a questionnaire to the supplier. The supplier fills in the questionnaire and returns it. If the supplier does not answer within two weeks, the buyer sends a reminder. The compliance officer screens the supplier.",
			task:  "Buyer|Send reminder",
			flows: []string{"Buyer -> Supplier", "Buyer -> Supplier"},
		},
		{
			name:  "the person before the thing given",
			text:  "Orders\n\nThe clerk checks the order. Then the clerk e-mails the customer a confirmation.",
			task:  "Clerk|Email customer confirmation",
			flows: []string{"Clerk -> Customer"},
		},
		{
			name:  "the party answers last: the organisation waits for it",
			text:  "Grants\n\nThe researcher drafts the proposal. The research office submits the application to the funding agency. The funding agency evaluates the proposal and notifies the university of the decision.",
			task:  "Research Office|Submit application",
			flows: []string{"Research Office -> Funding Agency", "Funding Agency -> Research Office"},
		},
		{
			name:  "request from a party that acts later",
			text:  "Loan\n\nAn applicant submits a loan application. The loan officer checks the application. If documents are missing, the officer requests them from the applicant and waits for the documents. The credit analyst evaluates the application. The applicant signs the contract.",
			task:  "Loan Officer|Request documents",
			flows: []string{"Applicant -> Loan Officer", "Loan Officer -> Applicant", "Applicant -> Loan Officer"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			party := map[string]string{}
			for _, p := range m.Pools {
				party[p.ID] = p.Name
			}
			found := false
			for _, a := range m.Activities {
				party[a.ID] = a.Performer
				if a.Performer+"|"+a.Name == tt.task {
					found = true
				}
			}
			for _, e := range m.Events {
				party[e.ID] = e.Performer
				if e.Pool != "" && e.Performer == "" {
					party[e.ID] = party[e.Pool]
				}
			}
			if !found {
				t.Errorf("no step %q in %+v", tt.task, m.Activities)
			}
			have := map[string]int{}
			for _, f := range m.MessageFlows {
				have[party[f.Source]+" -> "+party[f.Target]]++
			}
			want := map[string]int{}
			for _, f := range tt.flows {
				want[f]++
			}
			for f, n := range want {
				if have[f] < n {
					t.Errorf("%d message flows %s, want %d (have %v)", have[f], f, n, have)
				}
			}
		})
	}
}

// TestDecisionOnPartyStaysInside checks that a decision worded on what an
// outside party does is the organisation's: it stays in its flow, after
// the step before it, with a lane of the organisation.
func TestDecisionOnPartyStaysInside(t *testing.T) {
	m := analyze(t, "Visa\n\nThe clerk checks the application. If the visa is refused, the applicant receives a refusal letter and may appeal within one month.")
	check, ok := activity(m, "Check application")
	if !ok {
		t.Fatalf("no Check application in %v", names(m))
	}
	send, ok := activity(m, "Send refusal letter")
	if !ok || send.Performer != "Clerk" {
		t.Fatalf("want Clerk | Send refusal letter in %v", names(m))
	}
	for _, g := range m.Gateways {
		if g.Pool != "" || g.Performer == "Applicant" {
			t.Errorf("gateway %+v left the organisation's flow", g)
		}
	}
	if !reaches(m, check.ID, send.ID) {
		t.Errorf("Check application does not lead to Send refusal letter: %+v", m.Flows)
	}
	if len(m.MessageFlows) == 0 {
		t.Errorf("no message flow to the applicant")
	}
}

// TestPartyChoiceLeavesNoEmptyDecision checks that a choice the outside
// party makes in its own pool leaves no one-way gateway behind.
func TestPartyChoiceLeavesNoEmptyDecision(t *testing.T) {
	m := analyze(t, "Offers\n\nThe office sends an offer letter to the applicant. The applicant either accepts the offer or declines it. If the applicant accepts, the registry enrols the student.")
	in, out := map[string]int{}, map[string]int{}
	for _, f := range m.Flows {
		out[f.Source]++
		in[f.Target]++
	}
	for _, g := range m.Gateways {
		if in[g.ID] == 1 && out[g.ID] == 1 {
			t.Errorf("gateway %q has one way in and one way out", g.Name)
		}
	}
	if ps := m.Validate(); len(ps) > 0 {
		t.Errorf("invalid model: %v", ps)
	}
}

// TestAwaitedMessageComesFromTheNamedParty checks that a message the
// organisation waits for ("Once the tenant has signed the lease") comes
// from the party the sentence names, not from another party's pool.
func TestAwaitedMessageComesFromTheNamedParty(t *testing.T) {
	m := analyze(t, "The agent sends the lease to the tenant. The agent orders the keys from the supplier. Once the tenant has signed the lease, the agent hands over the keys.")
	pools := map[string]string{}
	for _, p := range m.Pools {
		pools[p.ID] = p.Name
	}
	events := map[string]bool{}
	for _, e := range m.Events {
		if e.Trigger == process.TriggerMessage && e.Pool == "" && e.Type == process.EventIntermediate {
			events[e.ID] = true
		}
	}
	for _, f := range m.MessageFlows {
		if events[f.Target] && pools[f.Source] != "" && !strings.Contains(pools[f.Source], "Tenant") {
			t.Errorf("the signed lease comes from %q, want the tenant:%s", pools[f.Source], describe(m))
		}
	}
}
