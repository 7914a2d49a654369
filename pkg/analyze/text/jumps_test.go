package text

import (
	"strings"
	"testing"
)

// logicCase is a description and the behaviour an analyst checks first in
// its model, in the patterns of the scenario checks.
type logicCase struct {
	name string
	text string
	// never: no node matching [0] reaches a node matching [1]
	never [][2]pattern
	// reach: some node matching [0] reaches a node matching [1]
	reach [][2]pattern
	// loop: some node matching [0] and some matching [1] reach each other
	loop [][2]pattern
	// exclusive: after one exclusive split, an [0] and a [1] that do not
	// reach each other
	exclusive [][2]pattern
	// absent: no activity matches
	absent []pattern
}

// checkLogic makes a logicCase's checks on the model of its text.
func checkLogic(t *testing.T, tt logicCase) {
	t.Helper()
	m := analyze(t, tt.text)
	b := newBehaviour(m)
	for _, p := range tt.never {
		from := nodesMatching(m, p[0])
		if len(from) == 0 {
			t.Errorf("no node matches %v%s", p[0], describe(m))
			continue
		}
		if b.reachesAny(from, p[1], nil) {
			t.Errorf("%v reaches %v%s", p[0], p[1], describe(m))
		}
	}
	for _, p := range tt.reach {
		if !b.reachesAny(nodesMatching(m, p[0]), p[1], nil) {
			t.Errorf("%v does not reach %v%s", p[0], p[1], describe(m))
		}
	}
	for _, p := range tt.loop {
		ok := false
		for _, x := range nodesMatching(m, p[0]) {
			for _, y := range nodesMatching(m, p[1]) {
				if b.reachable(x, nil)[y] && b.reachable(y, nil)[x] {
					ok = true
				}
			}
		}
		if !ok {
			t.Errorf("no loop through %v and %v%s", p[0], p[1], describe(m))
		}
	}
	for _, p := range tt.exclusive {
		if !b.exclusiveApart(p[0], p[1]) {
			t.Errorf("%v and %v are not exclusive%s", p[0], p[1], describe(m))
		}
	}
	for _, p := range tt.absent {
		for _, a := range m.Activities {
			if p.matches(a.Name) {
				t.Errorf("activity %q should not be there%s", a.Name, describe(m))
			}
		}
	}
}

// TestJumpsToNumberedSteps covers "go (back) to step N" after work of its
// own, jumps forward over steps, a jump to a closing "End" step, and
// numbered rows of a procedure table.
func TestJumpsToNumberedSteps(t *testing.T) {
	tests := []logicCase{
		{
			name:   "work, then back to an earlier step",
			text:   "1. The cashier counts the till.\n2. The cashier compares the total with the receipts.\n3. If the totals differ, the cashier recounts the coins and goes back to step 2.\n4. The supervisor signs the cash sheet.\n",
			loop:   [][2]pattern{{{"recount"}, {"compar"}}},
			reach:  [][2]pattern{{{"compar"}, {"sign"}}},
			absent: []pattern{{"go"}},
		},
		{
			name:      "a jump forward skips the steps between",
			text:      "1. The clerk opens the parcel.\n2. If the parcel is empty, the clerk writes a damage report and goes to step 5.\n3. The clerk shelves the items.\n4. The clerk updates the stock list.\n5. The clerk files the delivery note.\n",
			never:     [][2]pattern{{{"writ", "report"}, {"shelv"}}, {{"writ", "report"}, {"updat"}}},
			reach:     [][2]pattern{{{"writ", "report"}, {"file"}}, {{"shelv"}, {"file"}}},
			exclusive: [][2]pattern{{{"writ", "report"}, {"shelv"}}},
			absent:    []pattern{{"go"}},
		},
		{
			name:   "a jump to a closing End step ends the branch",
			text:   "1. The guard checks the badge.\n2. If the badge is invalid, the guard turns the visitor away and goes to step 5.\n3. The guard prints a visitor pass.\n4. The host collects the visitor at the gate.\n5. End.\n",
			never:  [][2]pattern{{{"turn"}, {"print"}}, {{"turn"}, {"collect"}}},
			reach:  [][2]pattern{{{"check", "badge"}, {"collect"}}},
			absent: []pattern{{"end"}, {"go"}},
		},
		{
			name:   "numbered rows of a procedure table",
			text:   "No. | Action | Role\n1 | Weigh the parcel | Packer\n2 | Print the shipping label | Packer\n3 | If the label is unreadable, clean the print head and go back to step 2 | Packer\n4 | Hand the parcel to the driver | Dispatcher\n5 | End | —\n",
			loop:   [][2]pattern{{{"clean"}, {"print"}}},
			reach:  [][2]pattern{{{"weigh"}, {"hand"}}},
			absent: []pattern{{"end"}, {"go"}},
		},
		{
			name:      "table cells with a condition after a semicolon and a finding before a colon",
			text:      "No. | Step | Who\n1 | Fill the mould with resin | Moulder\n2 | Measure the wall thickness; if too thin, grind the core and go back to step 1 | Moulder\n3 | Wall and core do not match: scrap the part and go to step 5 | Moulder\n4 | Pack the part | Packer\n5 | End | —\n",
			loop:      [][2]pattern{{{"grind"}, {"fill"}}},
			never:     [][2]pattern{{{"scrap"}, {"pack"}}},
			exclusive: [][2]pattern{{{"scrap"}, {"pack"}}},
			reach:     [][2]pattern{{{"measur"}, {"pack"}}},
			absent:    []pattern{{"go"}, {"end"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestConditionAfterSemicolon covers "X; if C, Y": a step, then a decision
// on C with Y on its branch, in imperative and in reported style.
func TestConditionAfterSemicolon(t *testing.T) {
	tests := []logicCase{
		{
			name:  "imperative with a jump back",
			text:  "1. Fill the mould with resin.\n2. Measure the wall thickness; if too thin, grind the core and go back to step 1.\n3. Pack the part.\n",
			loop:  [][2]pattern{{{"grind"}, {"fill"}}},
			reach: [][2]pattern{{{"measur"}, {"pack"}}},
		},
		{
			name:  "a verb WordNet knows only without its re- prefix",
			text:  "The operator runs the batch. The operator checks the yield; if implausible, the operator recalibrates the scale and weighs the batch again. The operator labels the drums.",
			reach: [][2]pattern{{{"recalibrat"}, {"label"}}, {{"check"}, {"label"}}},
		},
		{
			name:  "reported with its own subject",
			text:  "The porter brings the trolley to the ward. The nurse counts the linen; if pieces are missing, the nurse writes a loss note. The porter takes the empty trolley back.",
			reach: [][2]pattern{{{"count"}, {"take|tak", "trolley"}}, {{"writ", "note"}, {"take|tak", "trolley"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestAgainReturnsToTheSameWork covers a step done "again" when more than
// one earlier step has its verb: it returns to the one on the same thing.
func TestAgainReturnsToTheSameWork(t *testing.T) {
	tests := []logicCase{
		{
			name: "the same object, not the nearest step with the verb",
			text: "The lab runs the stress test. The auditor runs the document review. If the stress test fails, the engineer patches the firmware and the lab runs the stress test again. The manager signs the certificate.",
			loop: [][2]pattern{{{"patch"}, {"run", "stress"}}},
		},
		{
			name: "the same performer when the objects say nothing",
			text: "The buyer checks the offer. The controller checks the budget. If the offer is incomplete, the assistant completes it and the buyer checks it again. The buyer places the order.",
			loop: [][2]pattern{{{"complet"}, {"check", "offer"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestChoiceBranchGoesBack covers a choice whose one branch hands the work
// back for rework: that branch returns to the work in front of the
// choice instead of joining the other.
func TestChoiceBranchGoesBack(t *testing.T) {
	tests := []logicCase{
		{
			name:  "either, with a resubmission again",
			text:  "The planner submits the rota to the head nurse. The head nurse either accepts the rota, or she returns it and the planner adjusts the shifts and submits the rota again. The planner publishes the rota.",
			loop:  [][2]pattern{{{"adjust"}, {"submit"}}},
			reach: [][2]pattern{{{"accept"}, {"publish"}}},
		},
		{
			name:  "or, with the work sent back to whoever did it",
			text:  "The analyst prepares the forecast for the director. The director signs the forecast or sends it back, and the analyst corrects the figures. The analyst uploads the forecast.",
			loop:  [][2]pattern{{{"correct"}, {"prepar"}}},
			reach: [][2]pattern{{{"sign"}, {"upload"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestWikiOutline covers a wiki page: "== Heading ==" lines are headings
// and "**" bullets are items one level in, whose conditions and loops are
// read like any other item's.
func TestWikiOutline(t *testing.T) {
	checkLogic(t, logicCase{
		name:   "wiki how-to",
		text:   "= How to: Book the van =\n\n== Steps ==\n* Fill in the booking sheet.\n* Send the sheet to the fleet desk.\n* The fleet desk checks the calendar.\n** If the van is taken, the fleet desk offers another date.\n*** Pick a new date and send the sheet again.\n** If the van is free, the fleet desk confirms the booking.\n* Collect the keys at reception.\n",
		loop:   [][2]pattern{{{"pick"}, {"check", "calendar"}}},
		reach:  [][2]pattern{{{"confirm"}, {"collect"}}},
		absent: []pattern{{"=="}, {"**"}},
	})
	m := analyze(t, "== Steps ==\n* The clerk opens the file.\n** The clerk signs the form.\n")
	for _, a := range m.Activities {
		if strings.Contains(a.Name, "=") || strings.Contains(a.Name, "*") {
			t.Errorf("markup in activity %q", a.Name)
		}
	}
}

// TestOppositeAnswersOneQuestion covers two conditions that answer one
// question in other words ("if something is wrong … if everything is
// fine"): one decision, not two in a row.
func TestOppositeAnswersOneQuestion(t *testing.T) {
	checkLogic(t, logicCase{
		name:      "wrong and fine",
		text:      "The editor reads the article. If something is wrong, the editor marks the errors. If everything is fine, the editor publishes the article. The editor archives the draft.",
		exclusive: [][2]pattern{{{"mark"}, {"publish"}}},
		never:     [][2]pattern{{{"mark"}, {"publish"}}},
	})
}

// TestArrowChecklist covers a terse checklist: "[ ]" items, chains of
// arrows (a finding, then its steps in order, "END" closing the branch),
// arrow lines indented under an item, and "X decides:" followed by its
// answers, each with its own work.
func TestArrowChecklist(t *testing.T) {
	checkLogic(t, logicCase{
		name: "bakery dispatch checklist",
		text: "BREAD DISPATCH — night shift\n\n" +
			"[ ] Oven done → count the trays\n" +
			"      trays short → phone the baker → note the gap → END\n" +
			"[ ] Count OK → load the crates\n" +
			"[ ] Scan the crates\n" +
			"      scanner offline → restart the handheld → scan again\n" +
			"[ ] Crate damaged? → set it aside → supervisor decides:\n" +
			"      repack → move the loaves to a new crate\n" +
			"      discard → log the loaves as waste → END\n" +
			"[ ] Seal the van\n",
		never:     [][2]pattern{{{"phone", "baker"}, {"load"}}, {{"log", "waste"}, {"seal"}}},
		reach:     [][2]pattern{{{"count", "tray"}, {"seal"}}, {{"move", "loav"}, {"seal"}}},
		loop:      [][2]pattern{{{"restart"}, {"scan"}}},
		exclusive: [][2]pattern{{{"phone"}, {"load"}}, {{"move", "loav"}, {"log", "waste"}}},
		absent:    []pattern{{"[ ]"}, {"end"}, {"stop"}, {"→"}},
	})
	m := analyze(t, "[ ] Switch on the till\n[x] Count the float\n")
	if got := names(m); len(got) != 2 {
		t.Errorf("checkbox items: %v", got)
	}
}

// TestFailedItemGoesBack covers a subject limited by a failed check ("A
// part that fails …") that goes back to an earlier role, and a step that
// two conditions lead to ("If A, or once B, X"): it is not lost and comes
// after the decision.
func TestFailedItemGoesBack(t *testing.T) {
	tests := []logicCase{
		{
			name: "a failed item goes back to a role",
			text: "The joiner builds the cabinet. The inspector checks the cabinet. A cabinet that fails the check goes back to the joiner for another round. The driver delivers the cabinet.",
			loop: [][2]pattern{{{"build"}, {"check"}}},
		},
		{
			name:  "either way to one step",
			text:  "The clerk checks the form. If the form is complete, the clerk files it. Otherwise the clerk asks for the missing page. If the form is complete, or once the page has arrived, the manager signs the form. The clerk archives it.",
			reach: [][2]pattern{{{"file"}, {"sign"}}, {{"ask"}, {"sign"}}, {{"sign"}, {"archiv"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestFAQAnswers covers an FAQ: the "A:" label is no part of the answer,
// whose steps and conditions are read like any other text.
func TestFAQAnswers(t *testing.T) {
	checkLogic(t, logicCase{
		name:  "library FAQ",
		text:  "Interlibrary loans — FAQ\n\nQ: How do I order a book from another library?\nA: Fill in the loan form at the desk. The loan office checks the form.\n\nQ: What if the book cannot be found?\nA: The loan office cancels the order and sends you an e-mail. Nothing is charged.\n\nQ: What does it cost?\nA: The loan office charges a fee of 3 EUR when the book arrives.\n",
		reach: [][2]pattern{{{"fill", "form"}, {"check", "form"}}, {{"check", "form"}, {"charg"}}},
	})
	m := analyze(t, "Q: Who signs the lease?\nA: The landlord signs the lease and the tenant pays the deposit.\n")
	for _, a := range m.Activities {
		if strings.HasPrefix(a.Name, "A:") || strings.HasPrefix(a.Name, "A ") {
			t.Errorf("the answer's label in %q", a.Name)
		}
	}
}

// TestTwoPassivesInOneSentence covers "A is done by X and B is done by
// Y": both steps, each by its own performer, in the branch they belong to.
func TestTwoPassivesInOneSentence(t *testing.T) {
	m := analyze(t, "The registrar checks the request. If the request is valid, the licence is issued by the registrar and the fee is collected by the cashier. The registrar archives the file.")
	want := map[string]string{"Issue licence": "Registrar", "Collect fee": "Cashier"}
	for name, who := range want {
		a, ok := activity(m, name)
		if !ok || a.Performer != who {
			t.Errorf("no %q by %s: %v", name, who, names(m))
		}
	}
	checkLogic(t, logicCase{
		name:  "both in the branch",
		text:  "The registrar checks the request. If the request is valid, the licence is issued by the registrar and the fee is collected by the cashier. Otherwise the registrar rejects the request. The registrar archives the file.",
		never: [][2]pattern{{{"reject"}, {"collect"}}},
		reach: [][2]pattern{{{"issu"}, {"collect"}}, {{"collect"}, {"archiv"}}},
	})
}
