package text

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestTerminationPhrases lists ways a text says a branch is over, and
// sentences that only look like it.
func TestTerminationPhrases(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"The consultant discharges the patient and the clinic's part ends there.", true},
		{"The procedure is thereby terminated.", true},
		{"The application is then closed.", true},
		{"If CAB say no, it is finish for this change.", true},
		{"The port never happens.", true},
		{"The process ends.", true},
		{"The road ends at the depot.", false},
		{"The nurse ends the call and books the slot.", false},
		{"If the patient is not fit, the doctor postpones the discharge; the checklist stops here for today.", true},
		{"A rejected sample is not processed further.", true},
		{"The desk assistant declines the loan. STOP.", false},
		{"STOP.", true},
		{"STOP, no ILL needed.", true},
		{"That application is dead at that point; it never goes to the committee.", true},
		{"The order no longer proceeds to picking.", true},
		{"The parcel never goes missing.", false},
		{"Stop - do not continue with the order.", true},
		{"Stop the line and call the supervisor.", false},
		{"The paralegal notifies the business unit and the matter is closed.", true},
		{"The ticket is closed.", true},
		{"The booking file is updated.", false},
		{"A blocked batch is never filled.", true},
		{"The batch is never late.", false},
		{"The line stops for cleaning.", false},
	} {
		if got := endRe.MatchString(tc.s); got != tc.want {
			t.Errorf("endRe(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestJumpToNumberedItem reads a jump to a numbered item or point as one
// to a numbered step, and a rule about some cases as no end of the
// branch the text follows.
func TestJumpToNumberedItem(t *testing.T) {
	for _, tc := range []struct {
		s    string
		jump bool
	}{
		{"The nurse explains them again and goes back to item 3.", true},
		{"If not, return to point 2.", true},
		{"The clerk goes back to the item list.", false},
	} {
		if got := stepJumpRe.MatchString(tc.s); got != tc.jump {
			t.Errorf("stepJumpRe(%q) = %v, want %v", tc.s, got, tc.jump)
		}
	}
	m := Analyze(context.Background(), "1. The author opens a pull request.\n2. The maintainer reviews the change.\n3. The bot closes the issue.\n\nA pull request that the maintainer closes as obsolete is never merged.", "x.txt")
	names := map[string]bool{}
	for _, act := range m.Activities {
		names[act.Name] = true
	}
	if !names["Close issue"] || len(m.Activities) != 3 {
		t.Errorf("a rule about some cases changed the steps: %v", names)
	}
}

// TestChoiceShapes checks choices written without "if": a "when" lead-in
// answered by "otherwise" decides like "if".
func TestChoiceShapes(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		exclusive [][2]pattern
		never     [][2]pattern
	}{
		{
			name:      "when … otherwise",
			text:      "The consultant assesses the patient. When no disorder is found, the consultant discharges the patient and the clinic's part ends there. Otherwise the consultant agrees a treatment plan with the family.",
			exclusive: [][2]pattern{{{"discharg"}, {"agre", "plan"}}},
			never:     [][2]pattern{{{"discharg"}, {"agre", "plan"}}},
		},
		{
			name:      "whenever … otherwise",
			text:      "The inspector checks the crate. Whenever a seal is broken, the inspector quarantines the crate. Otherwise the clerk stores the crate.",
			exclusive: [][2]pattern{{{"quarantin"}, {"stor"}}},
		},
	}
	for _, tc := range tests {
		m := Analyze(context.Background(), tc.text, "t.txt")
		b := newBehaviour(m)
		for _, p := range tc.exclusive {
			if !b.exclusiveApart(p[0], p[1]) {
				t.Errorf("%s: %v and %v not on two branches of a choice:%s", tc.name, p[0], p[1], describe(m))
			}
		}
		for _, p := range tc.never {
			if b.reachesAny(nodesMatching(m, p[0]), p[1], nil) {
				t.Errorf("%s: %v reaches %v:%s", tc.name, p[0], p[1], describe(m))
			}
		}
	}
}

// TestWhenWithoutOtherwiseStaysTemporal: a "when" with no "otherwise"
// after it is a point in time, not a choice.
func TestWhenWithoutOtherwiseStaysTemporal(t *testing.T) {
	m := Analyze(context.Background(), "The clerk registers the parcel. When the parcel is registered, the clerk stores it. The driver delivers it.", "t.txt")
	for _, g := range m.Gateways {
		t.Errorf("unexpected gateway %q:%s", g.Name, describe(m))
	}
}

// TestEachParty splits a compound subject that works side by side into a
// clause per party, and leaves other sentences alone.
func TestEachParty(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"The buyer and the planner check the forecast.", "The buyer must check the forecast and the planner must check the forecast."},
		{"AP and AR close their sub-ledgers on day 1.", "AP must close their sub-ledgers on day 1 and AR must close their sub-ledgers on day 1."},
		{"The quality engineer and the plant manager sign the report", "The quality engineer must sign the report and the plant manager must sign the report."},
		{"Salt and pepper season the soup.", "Salt and pepper season the soup."},
		{"The clerk checks the invoice and the receipt.", "The clerk checks the invoice and the receipt."},
	} {
		if got := eachParty(tc.in); got != tc.want {
			t.Errorf("eachParty(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestParallelShapes checks side-by-side work written in the middle of a
// sentence or with a compound subject.
func TestParallelShapes(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		parallel [2]pattern
	}{
		{"and in the meantime", "The clerk registers the order. The porting desk books the port date, and in the meantime logistics ships the SIM. The network team activates the number.", [2]pattern{{"book"}, {"ship"}}},
		{"compound subject simultaneously", "The clerk opens the period. The buyer and the planner check the forecast simultaneously. The accountant reconciles the accounts.", [2]pattern{{"check"}, {"check"}}},
		{"neither waits for the other", "The clerk opens the file. The auditor reviews the ledger and the analyst tests the controls; neither waits for the other. The manager signs the report.", [2]pattern{{"review"}, {"test"}}},
		{"meanwhile after an outside party's reply: beside our own step", "The underwriter logs the submission. The underwriter orders a survey from the risk engineering firm. The risk engineering firm sends the survey report. Meanwhile, the underwriter pulls the loss history. The underwriter rates the risk.", [2]pattern{{"order", "survey"}, {"pull"}}},
		{"a nested list under a bullet lead", "Steps\n- The engineer acknowledges the alert\n- At the same time:\n  - the commander posts a status update\n  - the engineer checks the recent deploys\n- The engineer verifies the error rate\n", [2]pattern{{"post"}, {"check"}}},
	}
	for _, tc := range tests {
		m := Analyze(context.Background(), tc.text, "t.txt")
		if !parallelApart(m, tc.parallel[0], tc.parallel[1]) {
			t.Errorf("%s: %v and %v not on two branches of a parallel split:%s", tc.name, tc.parallel[0], tc.parallel[1], describe(m))
		}
	}
}

// parallelApart reports a parallel split after which two different
// activities matching a and b follow that do not reach each other.
func parallelApart(m process.Model, a, b pattern) bool {
	bh := newBehaviour(m)
	as, bs := nodesMatching(m, a), nodesMatching(m, b)
	for _, g := range m.Gateways {
		if g.Type != process.GatewayParallel {
			continue
		}
		after := bh.reachable(g.ID, nil)
		for _, x := range as {
			for _, y := range bs {
				if x != y && after[x] && after[y] && !bh.reachable(x, nil)[y] && !bh.reachable(y, nil)[x] {
					return true
				}
			}
		}
	}
	return false
}

// TestUntilLoops: steps that go on "until" a result loops back through a
// decision on it; an "until" of time or of a wait is no loop.
func TestUntilLoops(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		loop [2]pattern // nil: no decision at all
	}{
		{"two steps until", "The clerk registers the part. The setter adjusts the mould and the inspector measures the part until all dimensions are in tolerance. The manager releases the mould.", [2]pattern{{"adjust"}, {"measur"}}},
		{"keeps doing until", "The clerk registers the meter. The lab keeps testing the meter until two results agree. Billing issues a credit note.", [2]pattern{{"test"}, {"test"}}},
		{"a wait until collected", "The clerk registers the parcel. The parcel is held at the depot until the customer collects it. The clerk closes the case.", [2]pattern{}},
		{"until a day", "The clerk registers the parcel. The clerk stores the parcel until Friday. The clerk closes the case.", [2]pattern{}},
		{"back and forth until, after a decision", "The clerk checks the calendar. If the date is free, the clerk sends a quote. If the date is taken, the clerk proposes other dates. Sometimes this goes back and forth a few times until a date fits. The chef runs the course.", [2]pattern{{"propos"}, {"check", "calendar"}}},
	} {
		m := Analyze(context.Background(), tc.text, "t.txt")
		if tc.loop[0] == nil {
			if len(m.Gateways) > 0 {
				t.Errorf("%s: a decision where none was said:%s", tc.name, describe(m))
			}
			continue
		}
		b := newBehaviour(m)
		as := nodesMatching(m, tc.loop[0])
		looped := false
		for _, x := range as {
			for _, y := range nodesMatching(m, tc.loop[1]) {
				if b.reachable(x, nil)[y] && b.reachable(y, nil)[x] {
					looped = true
				}
			}
		}
		if !looped {
			t.Errorf("%s: no cycle through %v and %v:%s", tc.name, tc.loop[0], tc.loop[1], describe(m))
		}
	}
}

// TestSectionEndEndsProcess: a section whose branch ends the process is
// no sub-process (its end would only end the section and the case would
// go on to the next one); the other sections stay sub-processes.
func TestSectionEndEndsProcess(t *testing.T) {
	text := `Permit manual

1. Intake
1.1 The clerk registers the request.
1.2 The clerk checks the identity of the requester.
1.3 If the identity cannot be confirmed, the clerk rejects the request and the process ends.
1.4 The clerk assigns the request to an officer.

2. Handling
2.1 The officer reviews the file.
2.2 The officer prepares the permit.
2.3 The supervisor signs the permit.

3. Closing
3.1 The officer sends the permit.
3.2 The clerk archives the file.`
	m := Analyze(context.Background(), text, "t.txt")
	subs := map[string]string{}
	for _, a := range m.Activities {
		if a.Type == process.ActivitySubProcess {
			subs[a.ID] = a.Name
		}
	}
	for _, a := range m.Activities {
		if (pattern{"reject"}).matches(a.Name) && subs[a.Parent] != "" {
			t.Errorf("the rejection ends only its section %q:%s", subs[a.Parent], describe(m))
		}
		if (pattern{"sign", "permit"}).matches(a.Name) && subs[a.Parent] == "" {
			t.Errorf("the handling section is no longer a sub-process:%s", describe(m))
		}
	}
}

// TestDocumentAboutItself: a sentence about the policy, ordinance or
// regulation itself is no step, and the document is no performer.
func TestDocumentAboutItself(t *testing.T) {
	for _, s := range []string{
		"This policy applies to all staff.",
		"This ordinance lays down the rules for pavement cafés.",
		"The present regulation enters into force on 1 May.",
		"These rules replace the guidelines of 2019.",
	} {
		m := Analyze(context.Background(), s+" The clerk checks the form. The officer approves the form.", "t.txt")
		for _, a := range m.Activities {
			if a.Source == s || !(pattern{"check|approv"}).matches(a.Name) {
				t.Errorf("%q: activity %q [%s]", s, a.Name, a.Performer)
			}
		}
	}
}

// TestAdverbBeforeVerb: an adverb between the performer and the verb
// belongs to neither ("The clerk simply closes the file").
func TestAdverbBeforeVerb(t *testing.T) {
	for _, s := range []string{"The clerk simply closes the file.", "The clerk generally closes the file.", "The clerk often closes the file."} {
		m := Analyze(context.Background(), "The officer reviews the file. "+s, "t.txt")
		found := false
		for _, a := range m.Activities {
			if (pattern{"clos", "file"}).matches(a.Name) {
				found = true
				if a.Performer != "Clerk" {
					t.Errorf("%q: performer %q, want Clerk", s, a.Performer)
				}
			}
		}
		if !found {
			t.Errorf("%q: no closing step:%s", s, describe(m))
		}
	}
}

// TestRefusalShapesEndBranch: a refusal said with a phrasal verb or
// handed over as a notice ends its branch.
func TestRefusalShapesEndBranch(t *testing.T) {
	for _, tc := range []struct {
		s   string
		neg pattern
	}{
		{"Should the manager not approve, the request is turned down and the employee is informed.", pattern{"turn"}},
		{"If the customer withdraws, the clerk sends a cancellation confirmation.", pattern{"cancellation"}},
		{"If the budget is exhausted, the clerk e-mails a decline notice.", pattern{"decline"}},
	} {
		m := Analyze(context.Background(), "The clerk checks the application. "+tc.s+" Otherwise the clerk approves the application. The cashier pays the grant.", "t.txt")
		b := newBehaviour(m)
		ns := nodesMatching(m, tc.neg)
		if len(ns) == 0 || b.reachesAny(ns, pattern{"pay"}, nil) {
			t.Errorf("%q: %v missing or reaches the payment:%s", tc.s, tc.neg, describe(m))
		}
		if !b.reachesAny(nodesMatching(m, pattern{"approv"}), pattern{"pay"}, nil) {
			t.Errorf("%q: the approval no longer reaches the payment:%s", tc.s, describe(m))
		}
	}
}

// TestAsLongAsLoops: "As long as C, A and B" repeats the steps while C
// holds; the way out goes on.
func TestAsLongAsLoops(t *testing.T) {
	m := Analyze(context.Background(), "The tester tests the build. As long as defects are found, the developer fixes them and the tester retests the build. The manager releases the build.", "t.txt")
	b := newBehaviour(m)
	fix, retest := nodesMatching(m, pattern{"fix"}), nodesMatching(m, pattern{"retest"})
	if len(fix) == 0 || len(retest) == 0 || !b.reachesAny(fix, pattern{"retest"}, nil) || !b.reachesAny(retest, pattern{"fix"}, nil) {
		t.Errorf("no cycle through the fix and the retest:%s", describe(m))
	}
	if !b.reachesAny(retest, pattern{"releas"}, nil) {
		t.Errorf("the loop has no way out:%s", describe(m))
	}
}

// TestRepeatLoopsBack: "repeats the reconciliation" goes back to the
// reconciliation; with no such step before it stays a step.
func TestRepeatLoopsBack(t *testing.T) {
	for _, tc := range []struct {
		text string
		loop pattern // the step looped to; nil: no loop, "Repeat" kept
	}{
		{"The clerk registers the order. The accountant reconciles the accounts. If the figures still do not match, the accountant repeats the reconciliation. The controller signs the report.", pattern{"reconcil"}},
		{"The clerk registers the device. The technician repairs the device. If the customer is not satisfied, the technician repeats the repair. The clerk closes the case.", pattern{"repair"}},
		{"The clerk registers the order. The tester tests the build. If the customer is not satisfied, the technician repeats the repair. The clerk closes the case.", nil},
		{"The clerk registers the sample. The nurse runs the bloods. If the bloods are abnormal, the doctor reviews them and the nurse repeats the bloods. The doctor operates.", pattern{"run", "blood"}},
		{"The clerk registers the patient. The nurse takes blood. If the sample is clotted, the lab rejects the sample and the nurse takes new blood. The doctor reads the result.", pattern{"take", "blood"}},
	} {
		m := Analyze(context.Background(), tc.text, "t.txt")
		b := newBehaviour(m)
		if tc.loop == nil {
			if len(nodesMatching(m, pattern{"repeat"})) == 0 {
				t.Errorf("the repeat step was dropped with nothing to repeat:%s", describe(m))
			}
			continue
		}
		ns := nodesMatching(m, tc.loop)
		if len(ns) != 1 || !b.reachable(ns[0], nil)[ns[0]] {
			t.Errorf("no loop back to %v:%s", tc.loop, describe(m))
		}
	}
}

// TestItemLaterSentenceQualifies: in a list item only the first sentence
// is the item's step; "Incomplete submissions are returned …" after it is
// a decision as in a paragraph, and the resubmission loops back.
func TestItemLaterSentenceQualifies(t *testing.T) {
	text := "Ethics review\n\n" +
		"1. The investigator submits the protocol to the Ethics Office.\n" +
		"2. The secretary screens the submission for completeness. Incomplete submissions are returned to the investigator, who resubmits them.\n" +
		"3. The committee discusses the study.\n"
	m := Analyze(context.Background(), text, "t.txt")
	b := newBehaviour(m)
	screen := nodesMatching(m, pattern{"screen"})
	resubmit := nodesMatching(m, pattern{"resubmit"})
	if len(screen) != 1 || len(resubmit) != 1 || !b.reachable(resubmit[0], nil)[screen[0]] {
		t.Errorf("no loop from the resubmission back to the screening:%s", describe(m))
	}
	if len(m.Gateways) == 0 {
		t.Errorf("no decision for incomplete submissions:%s", describe(m))
	}
}

// TestSectionEndingOnBranchIsInlined: a section whose branch ends the
// process is no sub-process, also when the next section's "at the same
// time" put it on a branch of parallel work; the refusal never reaches
// the permit.
func TestSectionEndingOnBranchIsInlined(t *testing.T) {
	text := "Ordinance on market stalls\n\n" +
		"Article 1 — Purpose\n" +
		"This ordinance lays down the rules for market stalls on public squares, in the interest of public safety.\n\n" +
		"Article 2 — Application\n" +
		"(1) The trader shall submit the application to the permit office together with a stall plan.\n" +
		"(2) The permit office shall check the stall plan. Where the stall would block the fire lane, the application shall be refused, and the refusal shall be notified to the trader; the procedure is thereby terminated.\n\n" +
		"Article 3 — Consultation\n" +
		"(1) The permit office shall at the same time consult the police and the fire service.\n" +
		"(2) Should either of them object, the permit office shall invite the trader to amend the stall plan.\n\n" +
		"Article 4 — Decision\n" +
		"The permit office shall issue the permit and the finance office shall levy the fee.\n"
	m := Analyze(context.Background(), text, "t.txt")
	refused := false
	for _, a := range m.Activities {
		if strings.HasPrefix(a.Name, "Refuse") {
			refused = true
			if a.Parent != "" {
				t.Errorf("the refusal ends only the section %s:%s", a.Parent, describe(m))
			}
		}
	}
	if !refused {
		t.Errorf("no refusal:%s", describe(m))
	}
}

// TestTimeLeadComma: a short time lead-in naming a thing gets its comma;
// one naming an action or a clause is left alone; a prohibition before a
// colon ("do NOT fail over:") leads in to the step done instead.
func TestTimeLeadComma(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"After surgery the nurse monitors the recovery.", "After surgery, the nurse monitors the recovery."},
		{"Before shipment we weigh the parcel.", "Before shipment, we weigh the parcel."},
		{"After checking the form the clerk files it.", "After checking the form the clerk files it."},
		{"After the customer pays the invoice, we ship.", "After the customer pays the invoice, we ship."},
		{"After surgery, the nurse monitors the recovery.", "After surgery, the nurse monitors the recovery."},
		{"After the repair the technician runs a test cycle.", "After the repair, the technician runs a test cycle."},
		{"In laboratory the lab assistant scan every tube.", "In laboratory, the lab assistant scan every tube."},
		{"In the portal the applicant uploads the form.", "In the portal the applicant uploads the form."},
		{"In case the customer objects, we call.", "In case the customer objects, we call."},
		{"If the lag is above 60 seconds, do NOT fail over: the DBA opens a support case.", "If the lag is above 60 seconds, the DBA opens a support case."},
		{"Don't ship it: QA blocks the batch.", "QA blocks the batch."},
		{"Do not sign the form.", "Do not sign the form."},
	} {
		if got := plainOrder(tc.in); got != tc.want {
			t.Errorf("plainOrder(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestQuestionConditions: a short question naming a case, then what is
// done, is that case's condition; a question to the reader is not.
func TestQuestionConditions(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want []string
	}{
		{[]string{"No answer within 10 days?", "The assistant selects the next library."}, []string{"If no answer within 10 days, the assistant selects the next library."}},
		{[]string{"Complete?", "Then the officer assesses the plan."}, []string{"If complete, then the officer assesses the plan."}},
		{[]string{"What about a critical value?", "Then the scientist phones the GP."}, []string{"If there is a critical value, then the scientist phones the GP."}},
		{[]string{"What about the rest?", "We keep it."}, []string{"If there is the rest, we keep it."}},
		{[]string{"What happens next?", "We ship."}, []string{"What happens next?", "We ship."}},
		{[]string{"Account in arrears?", "Then we do not troubleshoot at all.", "The agent passes the account to Collections."}, []string{"If account in arrears, the agent passes the account to Collections.", "Then we do not troubleshoot at all."}},
		{[]string{"What happens next?", "The clerk files it."}, []string{"What happens next?", "The clerk files it."}},
		{[]string{"QA hold?", "The planner waits."}, []string{"If QA hold, the planner waits."}},
	} {
		if got := questionConditions(tc.in); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("questionConditions(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// "STOP, no ILL needed." ends the branch and is no step
	m := Analyze(context.Background(), "The assistant checks the catalogue. If we own the item, the assistant places a hold. STOP, no loan needed. The assistant sends the request.", "t.txt")
	if len(nodesMatching(m, pattern{"stop"})) != 0 {
		t.Errorf("a STOP note became a step:%s", describe(m))
	}
}

// TestLabelBeforeCondition: "Dryer check: if …, X" keeps X as the
// condition's branch; "Nothing is paid for a rejected load" is no step.
func TestLabelBeforeCondition(t *testing.T) {
	m := Analyze(context.Background(), "The operator tests the sample. Dryer check: if the grain can be dried, the operator books it for drying. The operator prints the ticket.", "t.txt")
	if len(nodesMatching(m, pattern{"book", "drying"})) != 1 || len(m.Gateways) == 0 {
		t.Errorf("no decision with the drying step:%s", describe(m))
	}
	m = Analyze(context.Background(), "The operator tests the load. If the load is wet, the operator rejects the load. Nothing is paid for a rejected load. The office pays the farmer.", "t.txt")
	if len(nodesMatching(m, pattern{"pay", "nothing"})) != 0 {
		t.Errorf("'nothing is paid' became a step:%s", describe(m))
	}
}

// TestItCannotIsTheOtherBranch: "if the grain can be dried, …; if it
// cannot be dried, …" is one decision, not a second one on the last
// object.
func TestItCannotIsTheOtherBranch(t *testing.T) {
	m := Analyze(context.Background(), "The operator tests the sample. If the grain can be dried, the operator books it for drying and adds a drying charge. If it cannot be dried, the operator rejects the load. The operator prints the ticket.", "t.txt")
	splits := 0
	for _, g := range m.Gateways {
		if g.Name != "" {
			splits++
		}
	}
	if splits != 1 {
		t.Errorf("%d named decisions, want 1:%s", splits, describe(m))
	}
}

// TestNounVerbs: the step a noun of work names.
func TestNounVerbs(t *testing.T) {
	for noun, verb := range map[string]string{"diagnosis": "diagnose", "analysis": "analyse", "delivery": "deliver", "acceptance": "accept", "inspection": "inspect"} {
		found := false
		for _, v := range nounVerbs(noun) {
			found = found || v == verb
		}
		if !found {
			t.Errorf("nounVerbs(%q) = %v, want %q among them", noun, nounVerbs(noun), verb)
		}
	}
}
