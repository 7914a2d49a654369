package text

import (
	"context"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestAnnouncedOutcomes reads "there are three outcomes" followed by one
// "if" sentence per outcome as one decision with a branch each, and the
// rules of chat text and hyphenated verbs.
func TestAnnouncedOutcomes(t *testing.T) {
	for _, tc := range []logicCase{
		{
			name: "three outcomes, one ends",
			text: "The clerk checks the application. The head of the office decides. There are three outcomes. " +
				"If everything complies, the head grants the permit. If minor points are open, the head grants the permit with conditions. " +
				"If the project contradicts the plan, the head refuses the permit and the file is closed. " +
				"The clerk then collects the fee and the inspector schedules the site inspection.",
			exclusive: [][2]pattern{{{"grant", "permit"}, {"refus", "permit"}}, {{"condition"}, {"refus", "permit"}}},
			never:     [][2]pattern{{{"refus", "permit"}, {"collect", "fee"}}},
		},
		{
			name: "an outcome that waits again",
			text: "HR files the application with the immigration office. The immigration office can resolve in three manners. " +
				"If the office grants the permit, HR informs the candidate. If the office requires more information, HR sends the information to the office and waits again for the resolution. " +
				"If the office denies the permit, HR sends a denial letter to the candidate and the hiring is cancelled; the process ends here. HR registers the new worker.",
			loop:  [][2]pattern{{{"send", "information"}, {"send", "information"}}},
			never: [][2]pattern{{{"denial"}, {"regist", "worker"}}},
		},
		{
			name:   "repeat a step by its noun until",
			text:   "The technician pipettes the samples onto the plate. Wash the plate with wash buffer. Repeat the washing until the residual volume check passes (usually three cycles). The technician reads the plate.",
			loop:   [][2]pattern{{{"wash", "plate"}, {"wash", "plate"}}},
			reach:  [][2]pattern{{{"pipett", "sample"}, {"read", "plate"}}},
			absent: []pattern{{"repeat"}},
		},
		{
			name: "outcome list: a long state, a jump back to a step",
			text: "1. The technician pipettes the samples onto the plate.\n2. The technician reads the plate.\n3. The scientist evaluates the controls:\n   - controls within range: the scientist accepts the run and calculates the concentrations;\n" +
				"   - one control slightly out of range: the scientist repeats the run from step 1;\n   - controls clearly out of range or the standard curve failed: the scientist rejects the run. No results are reported.\n4. The scientist sends the results to the sponsor.",
			loop:      [][2]pattern{{{"pipett"}, {"evaluat", "control"}}},
			exclusive: [][2]pattern{{{"accept", "run"}, {"reject", "run"}}},
			never:     [][2]pattern{{{"reject", "run"}, {"send", "result"}}},
		},
		{
			name: "cases by level in lettered items",
			text: "Section 3. The analyst classifies the alert as low, medium or high risk.\n(a) A low-risk alert is closed by the analyst with a short justification.\n(b) A medium-risk alert is escalated to the compliance officer.\n" +
				"(c) A high-risk alert is escalated to the reporting officer, who files a report with the authority.\nSection 4. The officer archives the case file.",
			exclusive: [][2]pattern{{{"clos", "alert"}, {"file", "report"}}},
			never:     [][2]pattern{{{"clos", "alert"}, {"file", "report"}}},
		},
		{
			name: "macro sections are alternatives; 'it' in the next condition is the same thing",
			text: "The agent verifies the customer's identity. Then pick the macro that matches the request.\n\nMACRO A — Refund request\nThe agent checks the return window and issues the refund.\n\n" +
				"MACRO B — Parcel not arrived\nThe agent opens a trace request with the carrier. If the parcel is lost, the agent ships a replacement order; if it is found, the agent sends the tracking link to the customer.\n\n" +
				"MACRO C — Account deletion\nThe agent forwards the request to the privacy team. The privacy team deletes the account.",
			exclusive: [][2]pattern{{{"issu", "refund"}, {"trace"}}, {{"trace"}, {"delet", "account"}}, {{"ship", "replacement"}, {"send", "tracking"}}},
		},
		{
			name:  "chat text in lower case, a hyphenated verb",
			text:  "the developer cherry-picks the fix onto the release branch. CI builds the branch. if the build fails, the developer corrects the code and pushes again. once it is green, ops deploys the hotfix.",
			loop:  [][2]pattern{{{"build", "branch"}, {"correct", "code"}}},
			reach: [][2]pattern{{{"cherry", "fix"}, {"deploy", "hotfix"}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { checkLogic(t, tc) })
	}
}

// TestOnBehalfIsOutside reads a party acting on behalf of an outside
// party as outside too.
func TestOnBehalfIsOutside(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"Permits\n\nAn architect submits the application on behalf of the owner.", "Architect", true},
		{"A clerk files the form on behalf of the customer.", "Clerk", false}, // a role of ours
		{"An architect drafts the plans on behalf of the partner.", "Architect", false},
	} {
		c := readCues(tc.text)
		if got := c.external(tc.name); got != tc.want {
			t.Errorf("%q: external(%q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

// TestSingularPerson tells who "he" or "she" can mean.
func TestSingularPerson(t *testing.T) {
	for _, tc := range []struct {
		p    string
		want bool
	}{
		{"Head of The Office", true},
		{"Regional Fire Service", false},
		{"Zoning Officer", true},
		{"Review Board", false},
		{"Credit Bureau", false},
	} {
		if got := singular(tc.p); got != tc.want {
			t.Errorf("singular(%q) = %v, want %v", tc.p, got, tc.want)
		}
	}
	for _, p := range []string{"Sponsor", "Parts Dealer", "Beneficiary", "Solicitor", "Subcontractor", "Airline", "Parents"} {
		if !isExternal(p) {
			t.Errorf("%q is an outside party", p)
		}
	}
	if !isExternal("Financial Intelligence Unit") || isExternal("Business Unit") {
		t.Errorf("a financial intelligence unit is an outside authority, a business unit is ours")
	}
}

// TestPlainEnglishSideBySide reads plain non-native English, where a
// role or an acronym takes the base form ("the lab make", "the DBA
// make"), as a clause of its own, beside the other "in same time".
func TestPlainEnglishSideBySide(t *testing.T) {
	for _, tc := range []struct {
		text string
		a, b pattern
	}{
		{"The supplier send the samples. The incoming inspector measure all dimension and in same time the lab make the material test. The quality engineer decide.",
			pattern{"measur", "dimension"}, pattern{"make", "test"}},
		{"The engineer prepare the deployment package and at the same time the DBA make the backup of the database. The engineer deploy.",
			pattern{"prepar", "package"}, pattern{"backup"}},
	} {
		m := Analyze(context.Background(), tc.text, "t.txt")
		if !parallelApart(m, tc.a, tc.b) {
			t.Errorf("%q: %v and %v not on two branches of a parallel split:%s", tc.text, tc.a, tc.b, describe(m))
		}
	}
}

// TestPlainEnglishRework: "we start again with measuring" goes back to
// the measuring, "no order is released" ends the branch, and "for 5
// samples" is what is asked for.
func TestPlainEnglishRework(t *testing.T) {
	checkLogic(t, logicCase{
		text: "Purchasing ask the supplier for 5 samples of the new part. The inspector measures the samples. The quality engineer checks the report. " +
			"If the dimension is wrong, purchasing sends the samples back to the supplier and we start again with measuring. " +
			"If the material test is failed, the part is rejected, purchasing inform supplier and no order is released. Purchasing releases the serial order.",
		loop:  [][2]pattern{{{"measur", "sample"}, {"send", "back"}}},
		never: [][2]pattern{{{"reject", "part"}, {"releas", "order"}}},
		reach: [][2]pattern{{{"ask", "sample"}, {"measur"}}},
	})
	for _, tc := range []struct {
		w    string
		want bool
	}{{"samples", true}, {"days", false}, {"EUR", false}, {"checks", false}, {"items", true}} {
		if got := countedThing(tc.w); got != tc.want {
			t.Errorf("countedThing(%q) = %v, want %v", tc.w, got, tc.want)
		}
	}
}

// TestRecipientFirst reads the recipient before the object, as
// Spanish-influenced English writes it.
func TestRecipientFirst(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"HR solicits to the candidate the documentation.", "Solicit documentation"},
		{"The buyer sends to the supplier the signed order.", "Send signed order"},
		{"The clerk sends the order to the supplier.", "Send order"},
	} {
		m := Analyze(context.Background(), tc.text, "t.txt")
		if len(m.Activities) != 1 || m.Activities[0].Name != tc.want {
			t.Errorf("%q: %v, want one activity %q", tc.text, names(m), tc.want)
		}
	}
}

// TestMoreParallelPhrasings lists more ways a text puts work side by side:
// a list after "in parallel:", "parallel to that", "in any order", "two
// tasks start now:".
func TestMoreParallelPhrasings(t *testing.T) {
	a, b := pattern{"credit"}, pattern{"fraud"}
	for _, text := range []string{
		"The clerk registers the order. The following happens in parallel:\n- the analyst runs the credit check\n- the risk officer runs the fraud check\nThe manager decides.",
		"The clerk registers the order. Then the analyst runs the credit check. Parallel to that, the risk officer runs the fraud check. The manager decides.",
		"The clerk registers the order. The analyst runs the credit check and the risk officer runs the fraud check. These checks can be done in any order. The manager decides.",
		"The clerk registers the order. Two tasks start now: the analyst runs the credit check and the risk officer runs the fraud check. Once both are finished, the manager decides.",
	} {
		m := Analyze(context.Background(), text, "t.txt")
		if !parallelApart(m, a, b) {
			t.Errorf("%q: credit and fraud checks not on two branches of a parallel split:%s", text, describe(m))
		}
	}
}

// TestMoreLoopPhrasings lists more ways a text sends work back: "This is
// repeated until the editor approves it", "go back to the drafting",
// "the process returns to the production step", "she waits five minutes
// and measures again".
func TestMoreLoopPhrasings(t *testing.T) {
	for _, tc := range []logicCase{
		{text: "The writer revises the draft. The editor reads the draft. This is repeated until the editor approves it. The editor publishes the draft.",
			loop: [][2]pattern{{{"revis"}, {"read"}}}},
		{text: "The writer drafts the text. The editor reviews the draft. If it is not approved, go back to the drafting. The editor publishes the text.",
			loop: [][2]pattern{{{"draft", "text"}, {"review"}}}},
		{text: "The operator produces the part. The inspector checks the quality. If the quality is not sufficient, the process returns to the production step. The inspector packs the part.",
			loop: [][2]pattern{{{"produc"}, {"check"}}}},
		{text: "The nurse measures the blood pressure. If the value is above 140, she waits five minutes and measures again. The nurse records the value.",
			loop: [][2]pattern{{{"measur"}, {"measur"}}}},
	} {
		checkLogic(t, tc)
	}
}

// TestRelativeAndReplyMessages: "requests documents from the applicant, who uploads
// them" is the applicant's step, and a party's closing reply ("The
// sponsor acknowledges receipt") is a message back.
func TestRelativeAndReplyMessages(t *testing.T) {
	for _, tc := range []struct {
		text      string
		party     string
		atLeast   int
		partyStep string
	}{
		{"The bank requests documents from the applicant, who uploads them to the portal. The officer checks the documents.", "Applicant", 2, "Upload documents"},
		{"The scientist evaluates the results. The scientist sends the results to the sponsor. The sponsor acknowledges receipt.", "Sponsor", 2, "Acknowledge receipt"},
	} {
		m := Analyze(context.Background(), tc.text, "t.txt")
		act, ok := activity(m, tc.partyStep)
		if !ok || act.Performer != tc.party || len(m.MessageFlows) < tc.atLeast {
			t.Errorf("%q: %q by %q, %d message flows; want it by %q and at least %d:%s", tc.text, tc.partyStep, act.Performer, len(m.MessageFlows), tc.party, tc.atLeast, describe(m))
		}
	}
}

// TestMoreChoicePhrasings lists more ways a text names alternatives: "For
// domestic shipments, … For international shipments, …", "In case of a
// small claim … In case of a large claim, …", "accepts it, rejects it, or
// requests changes", "can accept it, reject it or request changes".
func TestMoreChoicePhrasings(t *testing.T) {
	for _, tc := range []logicCase{
		{text: "The clerk receives the order. For domestic shipments, the clerk books a truck. For international shipments, the clerk books a freight forwarder. The clerk sends the invoice.",
			exclusive: [][2]pattern{{{"book", "truck"}, {"book", "forwarder"}}}},
		{text: "The handler registers the claim. In case of a small claim the handler pays directly. In case of a large claim, an expert visits the site. The handler closes the claim.",
			exclusive: [][2]pattern{{{"pay"}, {"visit"}}}},
		{text: "The author submits the change. The approver can accept it, reject it or request changes. The author closes the ticket.",
			exclusive: [][2]pattern{{{"accept"}, {"request", "change"}}, {{"reject"}, {"request", "change"}}}},
		{text: "The buyer checks the offer. Three outcomes are possible: the buyer accepts the offer, negotiates the price, or rejects the offer. The buyer files the documents.",
			exclusive: [][2]pattern{{{"accept"}, {"negotiat"}}},
			never:     [][2]pattern{{{"reject"}, {"file"}}}},
	} {
		checkLogic(t, tc)
	}
}

// TestRestartAndBareDecision: "… and the cycle starts again" loops with
// no step of its own; "Quality engineer decide." is the engineer's step.
func TestRestartAndBareDecision(t *testing.T) {
	checkLogic(t, logicCase{
		text:   "The engineer installs the update. The engineer runs the tests. If a test fails, the engineer rolls back the update and the cycle starts again. The engineer closes the ticket.",
		loop:   [][2]pattern{{{"roll"}, {"run", "test"}}},
		absent: []pattern{{"start"}},
	})
	checkLogic(t, logicCase{
		text:   "The landlord checks the references. If the references are bad, the landlord turns the tenant down and the process ends. The landlord prepares the lease.",
		never:  [][2]pattern{{{"turn", "tenant"}, {"prepar", "lease"}}},
		absent: []pattern{{"process", "end"}},
	})
	m := Analyze(context.Background(), "The inspector measure the parts. Quality engineer decide. If all is ok he approve the part.", "t.txt")
	if a, ok := activity(m, "Decide"); !ok || a.Performer != "Quality Engineer" {
		t.Errorf("want the quality engineer's decision: %v", names(m))
	}
}

// TestCustomerServiceIsOurs: "customer service" is a team of ours, and
// the customer it calls is not that team.
func TestCustomerServiceIsOurs(t *testing.T) {
	m := Analyze(context.Background(), "The agent logs the complaint. Then customer service calls the customer and explains the problem.", "t.txt")
	a, ok := activity(m, "Call customer")
	if !ok || a.Performer != "Customer Service" || a.Pool != "" || len(m.MessageFlows) == 0 {
		t.Errorf("want customer service's call to the customer, a message to the customer's pool:%s", describe(m))
	}
}

// TestToldThenActs: "The carrier is notified and collects the goods" is
// the organisation's notice, then the carrier's step.
func TestToldThenActs(t *testing.T) {
	m := Analyze(context.Background(), "The clerk prepares the goods. The carrier is notified and collects the goods. The clerk closes the order.", "t.txt")
	a, ok := activity(m, "Collect goods")
	if !ok || a.Performer != "Carrier" || len(m.MessageFlows) < 2 {
		t.Errorf("want the carrier's collection after the notice, with messages:%s", describe(m))
	}
}

// TestProcessTableNext reads a Markdown process table whose "Next"
// column loops back, takes an exception row on a condition, branches to
// rows by answer and ends; "… at the same time" at a row's end puts its
// own steps side by side.
func TestProcessTableNext(t *testing.T) {
	text := "| No. | Step | Who | Next |\n| 1 | Receive the application form | Procurement | 2 |\n" +
		"| 2 | Check the insurance certificate | Procurement | 3, or 2a if documents missing |\n" +
		"| 2a | Request missing documents from the carrier | Procurement | back to 2 |\n" +
		"| 3 | Run credit check and sanctions screening at the same time | Finance | 4 |\n" +
		"| 4 | Rate the carrier | Procurement | A → 5, B → 6, C → 7 |\n" +
		"| 5 | Sign the framework contract | Procurement | 8 |\n| 6 | Agree a trial period | Procurement | 8 |\n" +
		"| 7 | Reject the carrier | Procurement | end |\n| 8 | Create the carrier in the system | Planning | end |\n"
	checkLogic(t, logicCase{
		text:      text,
		loop:      [][2]pattern{{{"check", "insurance"}, {"request", "document"}}},
		exclusive: [][2]pattern{{{"sign"}, {"agree", "trial"}}, {{"sign"}, {"reject"}}},
		never:     [][2]pattern{{{"reject"}, {"creat", "carrier"}}},
	})
	if m := Analyze(context.Background(), text, "t.txt"); !parallelApart(m, pattern{"credit"}, pattern{"sanction"}) {
		t.Errorf("credit check and sanctions screening not side by side:%s", describe(m))
	}
	if c := tableCells("| 2a | Request documents | Procurement | back to 2 |"); len(c) != 4 || c[0] != "2a" || c[3] != "back to 2" {
		t.Errorf("a Markdown row's outer bars: %q", c)
	}
}

// TestWaitsAgain: "… sends a reminder and waits again" goes back to the
// wait for the answer, not to the invoice.
func TestWaitsAgain(t *testing.T) {
	checkLogic(t, logicCase{
		text:  "The clerk sends the invoice to the customer. If the customer does not pay within 30 days, the clerk sends a reminder and waits again. After the payment arrives, the clerk closes the case.",
		loop:  [][2]pattern{{{"send", "reminder"}, {"send", "reminder"}}},
		never: [][2]pattern{{{"send", "reminder"}, {"send", "invoice"}}},
	})
	m := Analyze(context.Background(), "The clerk sends the invoice to the customer. If the customer does not pay within 30 days, the clerk sends a reminder and waits again. After the payment arrives, the clerk closes the case.", "t.txt")
	n := 0
	for _, e := range m.Events {
		if e.Trigger == process.TriggerMessage && e.Type == process.EventIntermediate {
			n++
		}
	}
	if n != 1 {
		t.Errorf("want one catch of the payment, got %d:%s", n, describe(m))
	}
}

// TestClauseAfterRecipient: "… to an interview and the manager makes an
// offer", "… to the candidate and the candidate signs the contract": the
// clause after the recipient is a step of its own subject.
func TestClauseAfterRecipient(t *testing.T) {
	for _, tc := range []struct{ text, step, by string }{
		{"HR reviews the application. The candidate is invited to an interview and the manager makes an offer.", "Make offer", "Manager"},
		{"HR communicates the resolution to the candidate and the candidate signs the contract. HR registers the worker.", "Sign contract", "Candidate"},
	} {
		m := Analyze(context.Background(), tc.text, "t.txt")
		if a, ok := activity(m, tc.step); !ok || a.Performer != tc.by {
			t.Errorf("%q: want %q by %q:%s", tc.text, tc.step, tc.by, describe(m))
		}
	}
}

// TestGoesToParty: "An e-mail goes to the supplier" is the buyer's send
// to the supplier's pool; "the parts go to the warehouse" is no send.
func TestGoesToParty(t *testing.T) {
	m := Analyze(context.Background(), "The buyer approves the order. An e-mail goes to the supplier. The buyer files the order.", "t.txt")
	if a, ok := activity(m, "Send e-mail"); !ok || a.Performer != "Buyer" || len(m.MessageFlows) == 0 {
		t.Errorf("want the buyer's e-mail to the supplier:%s", describe(m))
	}
	m = Analyze(context.Background(), "The clerk checks the parts. The parts go to the warehouse. The clerk files the report.", "t.txt")
	if _, ok := activity(m, "Send parts"); ok {
		t.Errorf("parts moved inside are no message:%s", describe(m))
	}
}
