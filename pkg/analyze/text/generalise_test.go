package text

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestGeneralRules covers sentence shapes of textbook exercises and
// narratives: each case names the steps a reader expects (performer and
// label) and the labels that must not appear.
func TestGeneralRules(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // "Performer | Label"
		not  []string // labels that must not appear
	}{
		{"relative which takes the object", "The mechanic inspects the bicycle and writes a cost estimate, which is then sent to the customer.",
			[]string{"Mechanic | Send cost estimate"}, []string{"Send"}},
		{"relative who takes the party", "Damaged items are reported to the purchasing department, which then contacts the supplier.",
			[]string{"Purchasing Department | Contact supplier"}, nil},
		{"where clause names the place that acts", "The clerk forwards the file to the technical department, where the plans are examined.",
			[]string{"Technical Department | Examine plans"}, []string{"Examine where plans"}},
		{"coordinated passives with their agents", "A decision is drafted by the case officer and signed by the head of department.",
			[]string{"Case Officer | Draft decision", "Head of Department | Sign decision"}, nil},
		{"a channel is no performer", "The clerk closes the request. The employee is notified by e-mail.",
			[]string{"Clerk | Notify employee"}, nil},
		{"restrictive relative", "A student who wants to write a thesis first contacts a professor.",
			[]string{"Student | Contact professor"}, []string{"Write thesis first contacts professor"}},
		{"the latter", "The professor registers the thesis with the examination office. The latter checks the credits.",
			[]string{"Examination Office | Check credits"}, nil},
		{"condition inside a coordination", "The professor discusses the topics with the student and, if they agree on a topic, registers the thesis.",
			[]string{"Professor | Discuss topics with student", "Professor | Register thesis"}, nil},
		{"she after they", "Maria owns a small bakery. When a couple wants a cake, they call her and describe their wishes. She sketches a design.",
			[]string{"Couple | Describe wishes", "Maria | Sketch design"}, []string{"Own small bakery"}},
		{"ask them for", "The agent asks them for a deposit.", []string{"Agent | Ask for deposit"}, nil},
		{"plain non-native agreement", "The night porter check the doors. Then the shift supervisor lock the safe and the cleaner empty the bins.",
			[]string{"Night Porter | Check doors", "Shift Supervisor | Lock safe"}, nil},
		{"a condition without its comma", "The clerk packs the box. If the label is missing she prints a new label. The driver loads the box.",
			[]string{"Clerk | Print new label"}, []string{"Miss"}},
		{"an object said before its subject", "Urgent and routine samples we register, label and test.",
			[]string{"Process Owner | Label urgent and routine samples", "Process Owner | Test urgent and routine samples"}, nil},
		{"a label before a full clause", "- Day 2: the payroll clerk checks the overtime sheets\n- Late sheets: the team lead signs the missing sheets",
			[]string{"Payroll Clerk | Check overtime sheets", "Team Lead | Sign missing sheets"}, []string{"Day", "Late"}},
		{"a subjunctive is no step of its own", "The policy requires that the manager approve the request. The clerk files the request.",
			[]string{"Clerk | File request"}, []string{"Approve request"}},
		{"joint subjects: one step by the first", "The recruiter screens the CVs. The team lead and the recruiter interview the candidates.",
			[]string{"Team Lead | Interview candidates"}, nil},
		{"in both cases names its own performer", "The clerk checks the claim. If the claim is valid, the clerk pays it. If not, the clerk rejects it. In both cases the service centre closes the complaint.",
			[]string{"Service Centre | Close complaint"}, nil},
		{"a step before 'and decides whether'", "The committee members evaluate the application and decide whether the applicant is admitted. If so, the office sends an offer.",
			[]string{"Committee Members | Evaluate application", "Office | Send offer"}, nil},
		{"joint subject with a count", "The manager and two developers review the design.", []string{"Manager | Review design"}, nil},
		{"IT is a department", "The administrator records the result and informs the IT manager.",
			[]string{"Administrator | Inform IT manager"}, nil},
		{"repeat is a loop", "The team counts the shelves. This is repeated until all aisles are counted.",
			[]string{"Team | Count shelves"}, []string{"Repeat"}},
		{"department in -ing", "When the programme is final, marketing prints the badges.", []string{"Marketing | Print badges"}, nil},
		{"a noun-first verb between performer and object", "The examiners grade the thesis independently.",
			[]string{"Examiners | Grade thesis"}, nil},
		{"phrasal verb in a tail", "Jenny reads the mail and looks up the order.", []string{"Jenny | Read mail", "Jenny | Look up order"}, nil},
		{"lead phrase without comma", "Based on the results the doctor admits the patient to a ward.", []string{"Doctor | Admit patient"}, nil},
		{"the process ends with a step", "The clerk checks the invoice. The process ends with the payment of the invoice.",
			[]string{"Clerk | Pay invoice"}, nil},
		{"possessor is no role", "The request is routed to the employee's line manager, who approves or rejects it.",
			[]string{"Line Manager | Approve request"}, nil},
		{"an assessor sent to inspect", "The agent opens the file. An assessor is sent to inspect the car.", []string{"Assessor | Inspect car"}, nil},
		{"a choice of performer", "The clerk checks the request. The team lead or the director approves it.",
			[]string{"Team Lead | Approve request", "Director | Approve request"}, nil},
		{"noun-like department acts", "Purchasing receives the form. Finance verifies the bank details.", []string{"Finance | Verify bank details"}, nil},
		{"time phrase is no subject", "Last Monday a customer called the hotline. The agent opened a ticket.", []string{"Customer | Call hotline"}, nil},
		{"a passive sent to someone is not theirs", "The plan is sent to all drivers by SMS. The team leader publishes the plan.",
			[]string{"Team Leader | Send plan"}, nil},
		{"things do not act", "Then it lands with me in the warehouse. Ravi inspects the item.", []string{"Ravi | Inspect item"}, []string{"Land with me in warehouse"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var got []string
			for _, a := range m.Activities {
				got = append(got, a.Performer+" | "+a.Name)
			}
			for _, w := range tt.want {
				if !contains(got, w) {
					t.Errorf("want %q in %q", w, got)
				}
			}
			for _, n := range tt.not {
				for _, a := range m.Activities {
					if a.Name == n {
						t.Errorf("activity %q should not be there: %q", n, got)
					}
				}
			}
		})
	}
}

// TestGeneralDecisions covers decisions written without "if … otherwise".
func TestGeneralDecisions(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		gateways int // exclusive gateways that split
		branches int // outgoing flows of the first split, at least
	}{
		{"outcome qualifier joins the open decision", "The manager reviews the report. If the manager rejects the report, the employee corrects it. Approved reports are checked by accounts payable.", 1, 2},
		{"with and without", "The inspector checks each body. Bodies without defects are sent to assembly. Bodies with small defects are polished. Bodies with large defects are repainted.", 1, 3},
		{"checks whether", "The secretary checks whether the student has passed the modules. If not, the secretary rejects the registration. Otherwise the secretary enters the student.", 1, 2},
		{"relative clause qualifies", "The technician registers the samples. Samples that are not properly cooled are discarded. Accepted samples are analysed.", 1, 2},
		{"semicolon starts the condition", "A proofreader checks the translation; if there are errors, the translator corrects them. The manager delivers the document.", 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			out := map[string]int{}
			for _, f := range m.Flows {
				out[f.Source]++
			}
			splits, first := 0, -1
			for _, g := range m.Gateways {
				if g.Type == process.GatewayExclusive && out[g.ID] > 1 {
					if splits == 0 {
						first = out[g.ID]
					}
					splits++
				}
			}
			if splits != tt.gateways || first < tt.branches {
				t.Errorf("splits = %d (first with %d branches), want %d with %d; gateways %+v", splits, first, tt.gateways, tt.branches, m.Gateways)
			}
		})
	}
}

// TestExternalParties checks that parties outside the organisation get
// pools and message flows.
func TestExternalParties(t *testing.T) {
	m := analyze(t, "The mechanic orders the spare parts from the wholesaler. The insured person reports the damage. The handler reviews the claim.")
	var pools []string
	for _, p := range m.Pools {
		pools = append(pools, p.Name)
	}
	for _, w := range []string{"Wholesaler", "Insured Person"} {
		if !contains(pools, w) {
			t.Errorf("want pool %q in %q", w, pools)
		}
	}
	if len(m.MessageFlows) < 2 {
		t.Errorf("message flows = %+v, want the order and the report", m.MessageFlows)
	}
}

// TestAddressedObject makes the outside party a step addresses as its
// object ("asks the traffic police for an opinion") a pool that receives
// a message.
func TestAddressedObject(t *testing.T) {
	m := analyze(t, "The permit office checks the application. The permit office asks the traffic police for an opinion. The permit office issues the permit.")
	var pools []string
	for _, p := range m.Pools {
		pools = append(pools, p.Name)
	}
	if !contains(pools, "Traffic Police") || len(m.MessageFlows) == 0 {
		t.Errorf("pools %q, message flows %+v; want the police addressed", pools, m.MessageFlows)
	}
}

// TestGeneralLoops covers rework cycles written without "again".
func TestGeneralLoops(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		from, to string // a flow path from the first to the second activity, back in the text
	}{
		{"continues until", "A reviewer reads the changes and leaves comments. The developer addresses the comments. This continues until the reviewer approves the pull request. The maintainer merges the branch.",
			"Address comments", "Read changes"},
		{"go back to a numbered step", "1. The agent resets the password.\n2. The agent reads out the password.\n3. The agent tests the login.\n4. If the login fails, go back to step 1.\n",
			"Test login", "Reset password"},
		{"resubmits to a party", "The requester creates a requisition. The line manager reviews the requisition. The buyer checks the budget. If the requisition is rejected, the requester corrects it and resubmits it to the line manager.",
			"Correct requisition", "Review requisition"},
		{"a new version of the object", "The designer drafts a layout. The agent sends the offer to the client. If the client wants changes, the designer adapts the layout and the agent sends a new offer. The agent books the printer.",
			"Adapt layout", "Send offer"},
		{"repeats steps with a subject", "1. The clerk scans the invoice.\n2. The clerk checks the amount.\n3. The clerk enters the data.\n4. If the data is wrong, the clerk repeats steps 2-3.\n5. The clerk archives the invoice.\n",
			"Enter data", "Check amount"},
		{"is returned to an internal role", "The clerk prepares the report. The manager reviews the report. If changes are needed, the report is returned to the clerk. The clerk publishes the report.",
			"Review report", "Prepare report"},
		{"rework returns to the start of the checked sentence", "Every commit is built and tested by the CI server. If a build fails, the developer fixes the code and pushes it again. The QA team runs the regression tests.",
			"Fix code", "Build commit"},
		{"goes back to a role without a step of its own", "The clerk prepares the request. The line manager approves the request. The application owner checks the role. If there is a conflict, the request goes back to the line manager with a comment. Otherwise the identity team creates the account.",
			"Check role", "Approve request"},
		{"sent back to an internal role", "The clerk prepares the report. The manager reviews the report. If changes are needed, the manager sends it back to the clerk. The clerk publishes the report.",
			"Review report", "Prepare report"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			ids := map[string]string{}
			for _, a := range m.Activities {
				ids[a.Name] = a.ID
			}
			if ids[tt.from] == "" || ids[tt.to] == "" {
				t.Fatalf("activities %v lack %q or %q", ids, tt.from, tt.to)
			}
			if !reaches(m, ids[tt.from], ids[tt.to]) {
				t.Errorf("no loop from %q back to %q", tt.from, tt.to)
			}
		})
	}
}

// TestGeneralParallel covers work side by side written in one sentence.
func TestGeneralParallel(t *testing.T) {
	for _, text := range []string{
		"The clerk books the flight and the assistant reserves the hotel in parallel. Then the clerk sends the itinerary.",
		"Two tasks are done in parallel: the clerk books the flight and the assistant reserves the hotel. Afterwards the clerk sends the itinerary.",
		"The manager books the venue. Then two things happen at the same time: the marketing team opens the website, and the committee issues the call for papers.",
	} {
		m := analyze(t, text)
		n := 0
		for _, g := range m.Gateways {
			if g.Type == process.GatewayParallel {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%q: %d parallel gateways, want a split and its join", text, n)
		}
	}
}

// TestReworkAfterIfKeepsTheRest checks that a rework sentence following
// an "if" loops inside that branch: the steps after it stay reachable.
func TestReworkAfterIfKeepsTheRest(t *testing.T) {
	m := analyze(t, "The inspector tests the brakes. If a test fails, the owner receives a list of defects. The owner repairs the defects and presents the vehicle again. If the vehicle passes, the inspector attaches the sticker.")
	start, attach := "", ""
	for _, e := range m.Events {
		if e.Type == process.EventStart && e.Pool == "" {
			start = e.ID
		}
	}
	for _, a := range m.Activities {
		if a.Name == "Attach sticker" {
			attach = a.ID
		}
	}
	if start == "" || attach == "" || !reaches(m, start, attach) {
		t.Errorf("Attach sticker (%q) not reachable from the start (%q)", attach, start)
	}
}

// TestOwnerAndCaterer checks "the owner" and "a caterer" as outside
// parties, while a "product owner" stays a role inside.
func TestOwnerAndCaterer(t *testing.T) {
	tests := []struct {
		word     string
		external bool
	}{
		{"Owner", true}, {"Caterer", true}, {"Product Owner", false}, {"Application Owner", false},
		{"Airport Hotel", true}, {"GP Practice", true}, {"Practice Manager", false}, {"Group Practice", false},
		{"Statistics Office", true}, {"Card Scheme", true}, {"Deposit Protection Scheme", true}, {"Pension Scheme", false}, {"Scheme Manager", false},
	}
	for _, tt := range tests {
		if got := isExternal(tt.word); got != tt.external {
			t.Errorf("isExternal(%q) = %v, want %v", tt.word, got, tt.external)
		}
	}
}

// TestLeadInThenParallelClauses checks that a lead-in before a list of
// clauses ("After the briefing, A does X, and in parallel B does Y")
// keeps every clause of the list, each on a branch of its own.
func TestLeadInThenParallelClauses(t *testing.T) {
	m := analyze(t, "The steward opens the hall. After the briefing, the chef orders the vegetables from the grocer, and in parallel the head waiter lays the tables. The steward locks the hall.")
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.Name] = a.ID
	}
	order, lay := ids["Order vegetables"], ids["Lay tables"]
	if order == "" || lay == "" {
		t.Fatalf("activities %v lack Order vegetables or Lay tables", ids)
	}
	if reaches(m, order, lay) || reaches(m, lay, order) {
		t.Errorf("Order vegetables and Lay tables follow each other, want them side by side")
	}
}

// TestParallelPhrasings checks more ways of saying that work runs side
// by side: each pair of steps is on branches apart, neither reaching the
// other.
func TestParallelPhrasings(t *testing.T) {
	tests := []struct {
		name, text string
		apart      [][2]string
	}{
		{"at the same time as a clause", "The host opens the doors. At the same time as the band tunes the guitars, the host tests the microphones. The host greets the guests.",
			[][2]string{{"Tune guitars", "Test microphones"}}},
		{"in same time, two performers", "The host opens the doors. In same time the band tunes the guitars and the barman chills the drinks. The host greets the guests.",
			[][2]string{{"Tune guitars", "Chill drinks"}, {"Open doors", "Chill drinks"}}},
		{"during this time", "The mechanic lifts the car. During this time the apprentice orders the tyres. The mechanic fits the tyres.",
			[][2]string{{"Lift car", "Order tyres"}}},
		{"at the same time as an earlier step's object moves", "The agent checks the booking. The agent sends the voucher to the hotel. The hotel confirms the room. At the same time as the voucher goes out, the controller books the fee. The agent closes the booking.",
			[][2]string{{"Send voucher", "Book fee"}}},
		{"a sentence of its own says the last two run in parallel", "The editor receives the draft. The proofreader checks the spelling. The designer sets the layout. These two tasks are done in parallel. The editor approves the issue.",
			[][2]string{{"Check spelling", "Set layout"}}},
		{"independently of each other", "The editor receives the draft. The proofreader checks the spelling and the designer sets the layout independently of each other. The editor approves the issue.",
			[][2]string{{"Check spelling", "Set layout"}}},
		{"and, in the meantime, one performer", "The office checks the application. The office asks the police for an opinion and, in the meantime, calculates the fee. The office issues the permit.",
			[][2]string{{"Ask police for opinion", "Calculate fee"}}},
		{"semicolon, meanwhile", "The nurse admits the patient. The nurse takes a blood sample; meanwhile the porter fetches the wheelchair. The nurse informs the doctor.",
			[][2]string{{"Take blood sample", "Fetch wheelchair"}}},
		{"a lead-in with a clause that only names the join", "The inspector checks the parts. Parallel to this the engineer makes the risk assessment, both must be finished before the decision. The engineer releases the parts.",
			[][2]string{{"Check parts", "Make risk assessment"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			ids := map[string]string{}
			for _, a := range m.Activities {
				ids[a.Name] = a.ID
			}
			for _, p := range tt.apart {
				x, y := ids[p[0]], ids[p[1]]
				if x == "" || y == "" {
					t.Fatalf("activities %v lack %q or %q", ids, p[0], p[1])
				}
				if reaches(m, x, y) || reaches(m, y, x) {
					t.Errorf("%q and %q follow each other, want them side by side", p[0], p[1])
				}
			}
		})
	}
}
