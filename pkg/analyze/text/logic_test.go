package text

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// pattern is a list of keyword groups, as in the scenario checks: a name
// matches when, for every group, one of its words starts with one of the
// group's alternatives ("reject|declin").
type pattern []string

func (p pattern) matches(name string) bool {
	ws := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
	for _, g := range p {
		ok := false
		for _, alt := range strings.Split(g, "|") {
			if strings.Contains(alt, " ") && strings.Contains(strings.ToLower(name), alt) {
				ok = true
			}
			for _, w := range ws {
				if strings.HasPrefix(w, alt) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// nodesMatching lists the activities and events whose name matches p.
func nodesMatching(m process.Model, p pattern) []string {
	var out []string
	for _, a := range m.Activities {
		if p.matches(a.Name) {
			out = append(out, a.ID)
		}
	}
	for _, e := range m.Events {
		if p.matches(e.Name) {
			out = append(out, e.ID)
		}
	}
	return out
}

// behaviour follows sequence flows and boundary events, as the scenario
// checks do.
type behaviour struct {
	m    process.Model
	next map[string][]string
}

func newBehaviour(m process.Model) behaviour {
	next := succs(m)
	for _, e := range m.Events {
		if e.AttachedTo != "" {
			next[e.AttachedTo] = append(next[e.AttachedTo], e.ID)
		}
	}
	return behaviour{m: m, next: next}
}

// reachable is every node reachable from from, without passing avoid.
func (b behaviour) reachable(from string, avoid map[string]bool) map[string]bool {
	seen := map[string]bool{}
	stack := []string{from}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range b.next[n] {
			if !seen[t] && !avoid[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return seen
}

func (b behaviour) reachesAny(from []string, to pattern, avoid map[string]bool) bool {
	targets := map[string]bool{}
	for _, id := range nodesMatching(b.m, to) {
		targets[id] = true
	}
	for _, f := range from {
		for n := range b.reachable(f, avoid) {
			if targets[n] {
				return true
			}
		}
	}
	return false
}

// exclusiveApart reports an exclusive or event-based split after which an
// A and a B follow that do not reach each other.
func (b behaviour) exclusiveApart(pa, pb pattern) bool {
	as, bs := nodesMatching(b.m, pa), nodesMatching(b.m, pb)
	for _, g := range b.m.Gateways {
		if g.Type != process.GatewayExclusive && g.Type != process.GatewayEventBased {
			continue
		}
		after := b.reachable(g.ID, nil)
		for _, x := range as {
			for _, y := range bs {
				if x != y && after[x] && after[y] && !b.reachable(x, nil)[y] && !b.reachable(y, nil)[x] {
					return true
				}
			}
		}
	}
	return false
}

func describe(m process.Model) string {
	var sb strings.Builder
	for _, a := range m.Activities {
		sb.WriteString("\n  " + a.ID + " " + a.Name + " [" + a.Performer + "]")
	}
	for _, g := range m.Gateways {
		sb.WriteString("\n  " + g.ID + " <" + g.Type + "> " + g.Name)
	}
	for _, e := range m.Events {
		sb.WriteString("\n  " + e.ID + " (" + e.Type + "/" + e.Trigger + ") " + e.Name)
	}
	for _, f := range m.Flows {
		sb.WriteString("\n  " + f.Source + " -> " + f.Target + " " + f.Condition)
	}
	return sb.String()
}

// TestNegativeOutcomesEndTheirBranch checks terminations and negative
// outcomes: what follows a rejection never reaches the positive
// completion, unless the text sends it back.
func TestNegativeOutcomesEndTheirBranch(t *testing.T) {
	tests := []struct {
		name string
		text string
		// never: no node matching [0] reaches a node matching [1]
		never [][2]pattern
		// reach: some node matching [0] reaches a node matching [1]
		reach [][2]pattern
	}{
		{
			name:  "numbered step with the process ends",
			text:  "1. The customer reports the damage to the insurer.\n2. The claims handler checks the policy.\n3. If the policy is not active, the claims handler rejects the claim and sends a rejection letter to the customer. The process ends.\n4. The claims handler assesses the damage.\n5. The claims handler pays the repair shop.",
			never: [][2]pattern{{{"reject"}, {"pay"}}},
			reach: [][2]pattern{{{"check", "polic"}, {"pay"}}},
		},
		{
			name:  "ends without payment in a later step",
			text:  "1. The claims handler registers the claim.\n2. The adjuster assesses the damage.\n3. If the damage is not covered, the adjuster declines the claim and informs the customer. The process ends without payment.\n4. The claims handler approves the settlement.\n5. Finance pays the customer.",
			never: [][2]pattern{{{"declin"}, {"pay"}}, {{"declin"}, {"approv"}}},
			reach: [][2]pattern{{{"assess"}, {"pay"}}},
		},
		{
			name:  "End. as a sentence",
			text:  "The clerk checks the application. If the application is incomplete, the clerk rejects it. End. Otherwise the clerk approves the application. The cashier pays the grant.",
			never: [][2]pattern{{{"reject"}, {"pay"}}},
		},
		{
			name:  "nothing else happens",
			text:  "The manager reviews the request. If the manager declines the request, the clerk informs the employee and nothing else happens. The clerk orders the item. The clerk pays the supplier.",
			never: [][2]pattern{{{"inform"}, {"order"}}, {{"inform"}, {"pay"}}},
		},
		{
			name:  "closed and nothing is paid",
			text:  "The adjuster assesses the claim. If the damage is not covered, the adjuster notifies the customer; the claim is closed and nothing is paid. The adjuster approves the payment. Finance pays the customer.",
			never: [][2]pattern{{{"notif"}, {"pay"}}},
		},
		{
			name:  "a decline without an end phrase",
			text:  "The loan officer checks the credit score. If the score is too low, the loan officer declines the loan and informs the applicant. The loan officer prepares the contract. The bank pays out the loan.",
			never: [][2]pattern{{{"declin"}, {"contract"}}, {{"declin"}, {"pay"}}},
		},
		{
			name:  "approves or rejects",
			text:  "The employee requests the trip in the travel tool. The line manager approves or rejects the request. The travel desk books the trip. The travel agency sends the tickets to the employee.",
			never: [][2]pattern{{{"reject"}, {"book"}}},
			reach: [][2]pattern{{{"approv"}, {"book"}}},
		},
		{
			name:  "a step that can reject",
			text:  "The employee submits the expense claim. The compliance officer can reject the claim. The clerk checks the receipts. The clerk releases the claim for payment.",
			never: [][2]pattern{{{"reject"}, {"releas"}}},
			reach: [][2]pattern{{{"submit"}, {"releas"}}},
		},
		{
			name:  "over for that candidate",
			text:  "HR screens the applications. Candidates who fail the screening receive a rejection e-mail, and the process is over for that candidate. HR invites the remaining candidates to an interview. The hiring manager makes an offer.",
			never: [][2]pattern{{{"reject"}, {"offer"}}},
		},
		{
			name:  "which ends the procedure",
			text:  "The planning officer reviews the application. A refused application is answered with a reasoned refusal notice, which ends the procedure. For an approved application the officer issues the permit. The cashier sends the fee invoice.",
			never: [][2]pattern{{{"refus"}, {"issu", "permit"}}, {{"refus"}, {"invoic"}}},
		},
		{
			name:  "is not delivered",
			text:  "The clerk inspects the parcel. If the parcel is damaged, the clerk notes the damage and informs the sender. The parcel is not delivered. The driver delivers the parcel to the recipient.",
			never: [][2]pattern{{{"not|inform"}, {"deliver"}}},
			reach: [][2]pattern{{{"inspect"}, {"deliver"}}},
		},
		{
			name:  "subjects named by the outcome of an either-or",
			text:  "The inspector checks the delivered lot. The inspector either accepts the lot or quarantines it. An accepted lot is moved to stock by the storekeeper. A quarantined lot is destroyed by the storekeeper; in that case nothing is invoiced and purchasing informs the vendor. The storekeeper updates the stock list.",
			never: [][2]pattern{{{"quarantin"}, {"mov"}}, {{"destroy"}, {"updat"}}, {{"inform"}, {"updat"}}},
			reach: [][2]pattern{{{"accept"}, {"mov"}}, {{"destroy"}, {"inform", "vendor"}}},
		},
		{
			name:  "nothing is sent, in a clause of its own",
			text:  "The clerk reviews the order. If the customer has no credit, the clerk blocks the order, and nothing is sent. The warehouse packs the order. The carrier delivers the parcel.",
			never: [][2]pattern{{{"block"}, {"pack"}}, {{"block"}, {"deliver"}}},
			reach: [][2]pattern{{{"review"}, {"pack"}}},
		},
		{
			name:  "a refusal in the main flow, then its cases",
			text:  "The clerk registers the complaint. The clerk rejects complaints about closed stores. Rejected complaints receive a standard reply. The technician repairs the device. The clerk closes the complaint.",
			never: [][2]pattern{{{"reject"}, {"repair"}}, {{"reply"}, {"repair"}}},
			reach: [][2]pattern{{{"regist"}, {"repair"}}, {{"reject"}, {"reply"}}},
		},
		{
			name:  "a subject limited by who rejects it",
			text:  "The agent records the booking request. The duty manager reviews the booking request. A booking the duty manager rejects is cancelled and the guest is told why. The agent confirms the booking. The cashier charges the deposit.",
			never: [][2]pattern{{{"cancel"}, {"confirm"}}, {{"cancel"}, {"charg"}}},
			reach: [][2]pattern{{{"review"}, {"charg"}}},
		},
		{
			name:  "the rejection in a condition is a step of its branch",
			text:  "The clerk registers the repair request. If the housing officer rejects the request, the request is archived and the clerk informs the tenant. The caretaker books a technician. The technician repairs the window.",
			never: [][2]pattern{{{"reject"}, {"book"}}, {{"archiv"}, {"repair"}}},
			reach: [][2]pattern{{{"regist"}, {"book"}}},
		},
		{
			name:  "a rejection sent back for rework makes no step of its own",
			text:  "The author writes the article. If the editor rejects the article, the author revises it and submits it again. The editor publishes the article.",
			reach: [][2]pattern{{{"revis"}, {"publish"}}},
		},
		{
			name:  "a cancellation after a wait",
			text:  "The store clerk reserves the item. After 7 days the reservation is cancelled by the store clerk and the item goes back on the shelf. The cashier sells the item.",
			never: [][2]pattern{{{"cancel"}, {"sell"}}},
			reach: [][2]pattern{{{"reserv"}, {"sell"}}},
		},
		{
			name:  "that's it for that applicant",
			text:  "The recruiter screens the application. If the screening is negative, the recruiter sends a rejection e-mail and that's it for that applicant. The recruiter schedules the interview. The manager signs the contract.",
			never: [][2]pattern{{{"rejection"}, {"schedul"}}, {{"rejection"}, {"sign"}}},
			reach: [][2]pattern{{{"screen"}, {"sign"}}},
		},
		{
			name:  "returned and not ordered ends the rejected case",
			text:  "The employee enters the requisition. If the team lead rejects the requisition, the requisition is returned to the employee and is not ordered. The buyer orders the goods. Accounts payable pays the invoice.",
			never: [][2]pattern{{{"reject"}, {"pay"}}, {{"reject"}, {"order", "good"}}},
			reach: [][2]pattern{{{"enter"}, {"pay"}}},
		},
		{
			name:  "a step and a closing clause on what is not done",
			text:  "The reviewer checks the invoice. If the invoice is wrong, the reviewer marks it and it is not paid. The clerk books the invoice. The cashier pays the supplier.",
			never: [][2]pattern{{{"mark"}, {"book"}}, {{"mark"}, {"pay"}}},
			reach: [][2]pattern{{{"check"}, {"pay"}}},
		},
		{
			name:  "spoken, with a verb that is also a noun and no article",
			text:  "Ana: The assessor reviews the file. If the policy has lapsed, we refuse payment and I send the notice. Then we settle the claim.",
			never: [][2]pattern{{{"refus"}, {"settl"}}, {{"notice"}, {"settl"}}},
			reach: [][2]pattern{{{"review"}, {"settl"}}},
		},
		{
			name:  "arrows in a bullet list, and stop",
			text:  "The clerk checks the order.\n- Customer pays -> clerk ships the goods\n- Customer refuses -> clerk cancels the order\n- Address unknown -> clerk phones the customer, stop\n- Clerk files the order",
			never: [][2]pattern{{{"cancel"}, {"fil"}}, {{"phon"}, {"fil"}}, {{"cancel"}, {"ship"}}},
			reach: [][2]pattern{{{"ship"}, {"fil"}}},
		},
		{
			name:  "when the audit finds a major deviation",
			text:  "The auditor audits the plant. When the audit finds a major deviation, the auditor withdraws the certificate and informs the owner. The auditor issues the report. The clerk invoices the audit.",
			never: [][2]pattern{{{"withdraw"}, {"issu"}}, {{"withdraw"}, {"invoic"}}},
			reach: [][2]pattern{{{"audit"}, {"invoic"}}},
		},
		{
			name:  "under no circumstances closed as a completed case",
			text:  "The analyst screens the supplier. In the event of a fraud hit, the analyst blocks the supplier and alerts the auditor. For clarity, such a case is under no circumstances closed as a completed review. Where the screening is clean, the analyst approves the supplier. The analyst closes the review.",
			never: [][2]pattern{{{"block"}, {"clos"}}, {{"alert"}, {"approv"}}},
			reach: [][2]pattern{{{"approv"}, {"clos"}}},
		},
		{
			name:  "will not be released, then a rework loop that says where it returns",
			text:  "The editor proofreads the leaflet. A faulty leaflet will not be printed; the designer may fix it and send it again. The printer prints the leaflet.",
			reach: [][2]pattern{{{"fix"}, {"print"}}},
		},
		{
			name:  "a restriction ends its branch",
			text:  "The analyst asks the customer for the documents. If the customer stays silent, the team lead restricts the account. The analyst renews the profile. The analyst closes the review.",
			never: [][2]pattern{{{"restrict"}, {"clos"}}, {{"restrict"}, {"renew"}}},
			reach: [][2]pattern{{{"ask"}, {"clos"}}},
		},
		{
			name:  "a postponement ends its branch",
			text:  "HR checks the visa. If the visa is missing, the start of the contract is postponed and HR informs the team. The team lead welcomes the employee.",
			never: [][2]pattern{{{"postpon"}, {"welcom"}}},
			reach: [][2]pattern{{{"check"}, {"welcom"}}},
		},
		{
			name:  "an offer marked as lapsed ends its branch",
			text:  "The sales rep sends the offer to the client. If the client does not sign, the sales rep marks the offer as lapsed. If the client signs, the sales rep books the order. The sales rep bills the client.",
			never: [][2]pattern{{{"laps"}, {"book"}}, {{"laps"}, {"bill"}}},
			reach: [][2]pattern{{{"send"}, {"bill"}}},
		},
		{
			name:  "a condition without its comma, ending in a lapse",
			text:  "The agent sends the offer to the client. If the client does not reply within two weeks the agent marks the offer as expired. If the client accepts, the agent books the order. The agent bills the client.",
			never: [][2]pattern{{{"expir"}, {"book"}}, {{"expir"}, {"bill"}}},
			reach: [][2]pattern{{{"send"}, {"bill"}}},
		},
		{
			name:  "a condition without its comma and an article subject",
			text:  "The clerk checks the form. If the form is incomplete the clerk rejects the form. The clerk stamps the form. The clerk files the form.",
			never: [][2]pattern{{{"reject"}, {"stamp"}}},
			reach: [][2]pattern{{{"check"}, {"stamp"}}},
		},
		{
			name:  "what a finding means is its branch",
			text:  "The filter screens the beneficiary. On a hit the analyst investigates the hit. A confirmed hit means the transfer is stopped and reported to the authority; the transfer is never executed. The clerk releases the transfer. The bank confirms the transfer.",
			never: [][2]pattern{{{"stop"}, {"releas"}}, {{"report"}, {"confirm"}}},
			reach: [][2]pattern{{{"investigat"}, {"releas"}}},
		},
		{
			name:  "a visitor turned away",
			text:  "The guard checks the visitor pass at the gate. If the pass is missing, the visitor is turned away. The guard opens the barrier. The host greets the visitor.",
			never: [][2]pattern{{{"turn", "away"}, {"open"}}, {{"turn", "away"}, {"greet"}}},
			reach: [][2]pattern{{{"check"}, {"greet"}}},
		},
		{
			name:  "a demonstrative subject that is not paid",
			text:  "The nurse records the absence. If the employee does not bring a doctor's note within 3 days, HR sends a reminder and these days are not paid. Payroll pays the sick leave allowance.",
			never: [][2]pattern{{{"remind"}, {"pay"}}},
			reach: [][2]pattern{{{"record"}, {"pay"}}},
		},
		{
			name:  "a finding before a colon in a list, with stop and a prohibition",
			text:  "Branch onboarding\n\n- Clerk checks the passport\n- Clerk screens the name against the watch list\n  - match on the watch list: stop, do NOT issue the card, security officer alerts the police\n- Clerk issues the card\n- Clerk hands over the card",
			never: [][2]pattern{{{"alert"}, {"issu"}}, {{"match|alert"}, {"hand"}}},
			reach: [][2]pattern{{{"screen"}, {"issu"}}},
		},
		{
			name:  "no booking before a colon",
			text:  "- Guard checks the delivery papers\n- no booking: driver is sent away, no unloading\n- Forklift driver unloads the truck\n- Clerk books the receipt",
			never: [][2]pattern{{{"away"}, {"unload"}}, {{"away"}, {"book"}}},
			reach: [][2]pattern{{{"check"}, {"book"}}},
		},
		{
			name:  "what a bare finding means is its branch",
			text:  "The panel reviews the grant proposal. Insufficient funds means the secretary informs the applicant and the proposal is not funded. The treasurer transfers the grant.",
			never: [][2]pattern{{{"inform"}, {"transfer"}}},
			reach: [][2]pattern{{{"review"}, {"transfer"}}},
		},
		{
			name:  "a refusal without object in a note is of the thing just worked on",
			text:  "- Clerk sends the request to the doctor\n- Doctor signs the prescription\n   - doctor refuses (e.g. dose too high) -> clerk informs patient, nothing is sent to the pharmacy\n- Clerk sends the prescription to the pharmacy\n- Pharmacy dispenses the medicine",
			never: [][2]pattern{{{"refus"}, {"send", "prescription"}}, {{"refus"}, {"dispens"}}},
			reach: [][2]pattern{{{"sign"}, {"send", "prescription"}}},
		},
		{
			name:  "a refusal without object in prose",
			text:  "The clerk sends the request to the doctor. The doctor signs the prescription. If the doctor refuses, the clerk informs the patient and nothing is sent to the pharmacy. The clerk sends the prescription to the pharmacy.",
			never: [][2]pattern{{{"refus"}, {"send", "prescription"}}},
			reach: [][2]pattern{{{"sign"}, {"send", "prescription"}}},
		},
		{
			name:  "a condition without its comma and a then later in the main clause",
			text:  "The recruiter sends the offer to the candidate. If we hear nothing in a week the recruiter calls once and then withdraws the offer. If the candidate accepts, HR prepares the contract.",
			never: [][2]pattern{{{"withdraw"}, {"contract"}}},
			reach: [][2]pattern{{{"send"}, {"contract"}}},
		},
		{
			name:  "no this, no that: the branch without it ends",
			text:  "The team lead opens a requisition. Finance confirms the budget. No budget, no job ad, the requisition is closed. The recruiter publishes the job ad. The recruiter screens the CVs.",
			never: [][2]pattern{{{"clos", "requisition"}, {"publish"}}, {{"clos", "requisition"}, {"screen"}}},
			reach: [][2]pattern{{{"confirm"}, {"publish"}}},
		},
		{
			name:  "a refusal that says where it returns",
			text:  "The clerk checks the form. If the form is incomplete, the clerk rejects it and the check starts again. The clerk files the form.",
			reach: [][2]pattern{{{"reject"}, {"check"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			b := newBehaviour(m)
			for _, p := range tt.never {
				from := nodesMatching(m, p[0])
				if len(from) == 0 {
					t.Errorf("no node matches %v:%s", p[0], describe(m))
					continue
				}
				if len(nodesMatching(m, p[1])) == 0 {
					t.Errorf("no node matches %v:%s", p[1], describe(m))
					continue
				}
				if b.reachesAny(from, p[1], nil) {
					t.Errorf("%v reaches %v:%s", p[0], p[1], describe(m))
				}
			}
			for _, p := range tt.reach {
				if !b.reachesAny(nodesMatching(m, p[0]), p[1], nil) {
					t.Errorf("%v does not reach %v:%s", p[0], p[1], describe(m))
				}
			}
		})
	}
}

// TestNegativeClauseWithoutStepEndsBranch checks "If the part fails, it
// is not shipped": the condition's branch has no step, and ends.
func TestNegativeClauseWithoutStepEndsBranch(t *testing.T) {
	tests := []struct{ name, text string }{
		{"is not", "The inspector tests the pump. If the pump fails the test, it is not delivered. The clerk packs the pump. The driver delivers the pump."},
		{"will not be", "The cook tastes the soup. If the soup is too salty, it will not be served. The waiter serves the soup."},
		{"must not be", "The nurse checks the blood bag. Should the label be unreadable, the bag must not be used. The nurse starts the transfusion."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			ends := map[string]bool{}
			for _, e := range m.Events {
				if e.Type == process.EventEnd {
					ends[e.ID] = true
				}
			}
			gws := map[string]bool{}
			for _, g := range m.Gateways {
				if g.Type == process.GatewayExclusive {
					gws[g.ID] = true
				}
			}
			for _, f := range m.Flows {
				if gws[f.Source] && ends[f.Target] {
					return
				}
			}
			t.Errorf("no decision has a branch that ends:%s", describe(m))
		})
	}
}

// TestConditionsApplyToTheirCases checks that a condition stated on some
// cases makes a decision with a branch that skips the conditional work,
// and that "either … or" and "depending on" are exclusive choices.
func TestConditionsApplyToTheirCases(t *testing.T) {
	tests := []struct {
		name string
		text string
		// skip: from [0] some path reaches [2] without passing [1]
		skip [][3]pattern
		// never: no [0] reaches [1]
		never [][2]pattern
		// exclusive: [0] and [1] on two branches of one exclusive split
		exclusive [][2]pattern
	}{
		{
			name:  "amount threshold with an additional approval",
			text:  "The employee submits a purchase requisition. The purchasing agent checks the requisition. Requisitions above 10,000 EUR additionally need the approval of the department manager. If the department manager rejects the requisition, the employee is informed and the process ends. The purchasing agent sends the purchase order to the supplier. Accounts payable pays the invoice.",
			skip:  [][3]pattern{{{"check"}, {"approv"}, {"send|order"}}},
			never: [][2]pattern{{{"inform|reject"}, {"order"}}},
		},
		{
			name:      "depending on",
			text:      "The adjuster registers the claim. Depending on the type of damage, the adjuster sends an expert to the site or settles the claim by phone. The adjuster closes the claim.",
			exclusive: [][2]pattern{{{"send|expert"}, {"settl"}}},
		},
		{
			name:      "sometimes, sometimes, and now and then",
			text:      "The clerk registers the request. The board reviews the request. Sometimes the board approves it, sometimes it rejects it, and now and then it postpones it. If the request is approved, the clerk orders the equipment. The clerk pays the vendor.",
			exclusive: [][2]pattern{{{"approv"}, {"reject"}}, {{"approv"}, {"postpon"}}, {{"reject"}, {"postpon"}}},
			never:     [][2]pattern{{{"reject"}, {"order"}}, {{"reject"}, {"pay"}}, {{"postpon"}, {"order"}}},
		},
		{
			name:      "sometimes with a branch that has no step",
			text:      "The assistant registers the proposal. The underwriter reviews the risk. Sometimes the underwriter orders a survey, sometimes the desk review is enough. The underwriter quotes the premium.",
			skip:      [][3]pattern{{{"review"}, {"survey"}, {"quot"}}},
			exclusive: [][2]pattern{},
		},
		{
			name:      "a subject before the markers and a loop in one alternative",
			text:      "The author submits the paper. The panel reads the paper. The panel sometimes accepts, occasionally refuses, and often requests changes, in which case the author revises the paper and it goes back to the panel. The editor publishes the paper.",
			exclusive: [][2]pattern{{{"accept"}, {"refus"}}},
			never:     [][2]pattern{{{"refus"}, {"publish"}}},
		},
		{
			name:  "a requirement for someone's approval on the cases above a threshold",
			text:  "The traveller enters the trip. The travel desk checks the trip. Trips with costs over 2,000 EUR also require the written approval of the finance director. The travel desk books the flight.",
			skip:  [][3]pattern{{{"check"}, {"approv"}, {"book"}}},
			never: [][2]pattern{},
		},
		{
			name:  "a new approver with no tasks before",
			text:  "The clerk drafts the contract. Each contract requires the signature of the managing director. The clerk sends the contract to the client.",
			never: [][2]pattern{{{"send"}, {"sign"}}},
		},
		{
			name:      "depending on, three verbs in a list",
			text:      "The assistant registers the proposal. Depending on the risk score, the underwriter quotes standard terms, quotes terms with a loading, or declines the risk. The assistant files the proposal.",
			exclusive: [][2]pattern{{{"quot", "standard"}, {"quot", "loading"}}, {{"quot", "standard"}, {"declin"}}, {{"quot", "loading"}, {"declin"}}},
			never:     [][2]pattern{{{"declin"}, {"fil"}}},
		},
		{
			name:      "either with three bare verbs and an aside on the subject",
			text:      "The clerk registers the change. The board, which meets every Thursday, either approves, rejects, or postpones the change. The clerk files the change.",
			exclusive: [][2]pattern{{{"approv"}, {"reject"}}, {{"approv"}, {"postpon"}}, {{"reject"}, {"postpon"}}},
			never:     [][2]pattern{{{"reject"}, {"fil"}}},
		},
		{
			name:      "a hand-over to a body whose relative clause states its choice",
			text:      "The engineer raises the change. The change goes to the change board, which meets every Thursday and either approves, rejects, or postpones it. The clerk files the change.",
			exclusive: [][2]pattern{{{"approv"}, {"reject"}}, {{"approv"}, {"postpon"}}},
			never:     [][2]pattern{{{"reject"}, {"fil"}}},
		},
		{
			name:      "either with three clauses",
			text:      "The agent checks the ticket. The agent either resolves the ticket, escalates it to the specialist or closes it as a duplicate. The agent informs the customer.",
			exclusive: [][2]pattern{{{"resolv"}, {"escalat"}}, {{"resolv"}, {"clos"}}, {{"escalat"}, {"clos"}}},
		},
		{
			name:      "a loss before a colon in a list is a condition",
			text:      "- Receiving clerk unloads the truck\n- quality inspector inspects each damaged pallet\n  - total loss: inspector books the stock write-off\n- Claims clerk files a damage claim with the carrier",
			skip:      [][3]pattern{{{"inspect"}, {"write"}, {"fil", "claim"}}},
			exclusive: [][2]pattern{},
		},
		{
			name:      "either or",
			text:      "The clerk receives the claim. The clerk either approves the claim or forwards it to the team lead. The clerk archives the file.",
			exclusive: [][2]pattern{{{"approv"}, {"forward"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			b := newBehaviour(m)
			for _, s := range tt.skip {
				from := nodesMatching(m, s[0])
				via := map[string]bool{}
				for _, id := range nodesMatching(m, s[1]) {
					via[id] = true
				}
				if len(from) == 0 || len(via) == 0 {
					t.Errorf("no node matches %v or %v:%s", s[0], s[1], describe(m))
					continue
				}
				if !b.reachesAny(from, s[2], via) {
					t.Errorf("every path from %v to %v passes %v:%s", s[0], s[2], s[1], describe(m))
				}
				if !b.reachesAny(from, s[1], nil) {
					t.Errorf("%v does not reach %v:%s", s[0], s[1], describe(m))
				}
			}
			for _, p := range tt.never {
				if from := nodesMatching(m, p[0]); len(from) == 0 || b.reachesAny(from, p[1], nil) {
					t.Errorf("%v (%d nodes) reaches %v:%s", p[0], len(from), p[1], describe(m))
				}
			}
			for _, p := range tt.exclusive {
				if !b.exclusiveApart(p[0], p[1]) {
					t.Errorf("%v and %v are not exclusive:%s", p[0], p[1], describe(m))
				}
			}
		})
	}
}

// TestEndNamesTheState checks that a branch ended by a clause on the
// case's state ("the application is closed as expired") names its end
// event after that state.
func TestEndNamesTheState(t *testing.T) {
	tests := []struct{ name, text, end string }{
		{"closed as expired", "The agent sends the lease to the tenant. If the tenant does not sign within 14 days, the application is closed as expired. The caretaker hands over the keys.", "Application closed as expired"},
		{"cancelled request", "The clerk checks the leave balance. If the balance is too low, the clerk writes to the employee and the request is cancelled. The clerk books the days.", "Request cancelled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			for _, e := range m.Events {
				if e.Name == tt.end {
					if newBehaviour(m).reachesAny([]string{e.ID}, pattern{"hand|book"}, nil) {
						t.Errorf("%q goes on:%s", tt.end, describe(m))
					}
					return
				}
			}
			t.Errorf("no event %q:%s", tt.end, describe(m))
		})
	}
}

// TestStanceIsNoStep checks that a sentence stating an attitude ("attaches
// great importance to …", "reflects the expectations of …") makes no
// step, no lane and no pool, while a light verb with a real object stays
// a step.
func TestStanceIsNoStep(t *testing.T) {
	text := "The bank attaches the utmost importance to knowing its customers. This policy reflects the expectations of the regulator. " +
		"The analyst opens a review case. The analyst puts the file on the shelf. The analyst places an order with the supplier. " +
		"The analyst assigns a priority to the case."
	m := analyze(t, text)
	for _, p := range []pattern{{"attach|importance"}, {"reflect|expectation"}} {
		if ids := nodesMatching(m, p); len(ids) > 0 {
			t.Errorf("%v is a step:%s", p, describe(m))
		}
	}
	for _, p := range []pattern{{"open", "case"}, {"put", "file"}, {"plac", "order"}, {"assign", "priorit"}} {
		if ids := nodesMatching(m, p); len(ids) == 0 {
			t.Errorf("no step %v:%s", p, describe(m))
		}
	}
	for _, pl := range m.Pools {
		if (pattern{"knowing|customers|regulator"}).matches(pl.Name) {
			t.Errorf("pool %q", pl.Name)
		}
	}
	for _, pa := range m.Participants {
		if (pattern{"knowing|customers|regulator"}).matches(pa.Name) {
			t.Errorf("participant %q", pa.Name)
		}
	}
}
