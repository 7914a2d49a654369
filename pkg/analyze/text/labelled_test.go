package text

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestLabelledOptionsAndCaseJumps covers options written as a capitalised
// label, a dash and a clause under a "one of" lead; a label in quotes
// before a colon; a phrasal verb before a jump back; and the case (not a
// person) going back to an earlier step.
func TestLabelledOptionsAndCaseJumps(t *testing.T) {
	tests := []logicCase{
		{
			name: "capitalised options after a dash are one choice",
			text: "The inspector checks the parts. The quality engineer decides, one of:\n" +
				"USE AS IS - the quality engineer releases the parts.\n" +
				"REWORK - production reworks the parts.\n" +
				"SCRAP - the warehouse scraps the parts. Scrapped parts are never shipped.\n" +
				"Logistics ships the released parts to the customer.\n",
			exclusive: [][2]pattern{{{"scrap"}, {"rework"}}, {{"releas"}, {"scrap"}}},
			never:     [][2]pattern{{{"scrap"}, {"ship"}}},
			absent:    []pattern{{"use", "as"}, {"scrap", "warehouse"}},
		},
		{
			name:   "a label in quotes before a colon heads the step",
			text:   "Field 1 \"Detected by\": the operator who finds the defect stops the line and raises the report.\nField 2 \"Containment\": the shift supervisor quarantines all suspect stock.\n",
			reach:  [][2]pattern{{{"stop", "line"}, {"quarantin"}}},
			absent: []pattern{{"field"}},
		},
		{
			name:   "the case returns to an earlier step after a phrasal verb",
			text:   "The change manager schedules the change. The lead runs the smoke test. If the smoke test fails, the lead rolls back and the change returns to scheduling. The change manager closes the record.\n",
			loop:   [][2]pattern{{{"roll", "back"}, {"schedul"}}},
			reach:  [][2]pattern{{{"run", "test"}, {"clos", "record"}}},
			absent: []pattern{{"return"}},
		},
		{
			name:   "the case goes back with work of its own before",
			text:   "The change manager schedules the change. The lead runs the smoke test. If the smoke test fails, the lead reverts the change and the change goes back to scheduling. The change manager closes the record.\n",
			loop:   [][2]pattern{{{"revert"}, {"schedul"}}},
			absent: []pattern{{"change", "go"}, {"return"}},
		},
		{
			name:  "a person going back keeps the subject",
			text:  "The engineer visits the site. The engineer tests the line. If the line still fails, the engineer orders a part and the engineer returns to the site.\nThe clerk closes the ticket.\n",
			reach: [][2]pattern{{{"test", "line"}, {"clos", "ticket"}}},
		},
		{
			name:  "rework named by a bare noun",
			text:  "1. Production reworks the parts.\n2. The quality engineer inspects the parts. Parts that fail the inspection go back to rework.\n3. Logistics ships the parts.\n",
			reach: [][2]pattern{{{"inspect"}, {"ship"}}},
		},
		{
			name: "repeat till a condition holds",
			text: "The lab assistant prepares the sample. The lab assistant measures the sample again and again till two readings agree. The lab assistant files the result.\n",
			loop: [][2]pattern{{{"measur"}, {"measur"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestBranchWorkSideBySide covers "A and, at the same time, B" on a
// branch of a decision: a parallel split inside the branch, and the
// other branch still apart.
func TestBranchWorkSideBySide(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		parallel  [2]pattern
		exclusive [2]pattern
	}{
		{
			name:      "after otherwise",
			text:      "The clerk checks the order. If the order is incomplete, the clerk rejects it. Otherwise the clerk books the order and, at the same time, the warehouse reserves the stock. The driver delivers the goods.",
			parallel:  [2]pattern{{"book"}, {"reserv"}},
			exclusive: [2]pattern{{"reject"}, {"book"}},
		},
		{
			name:      "after if, without commas",
			text:      "The clerk checks the order. If the order is complete, the clerk books the order and at the same time the warehouse reserves the stock. If not, the clerk returns the order to the customer. The driver delivers the goods.",
			parallel:  [2]pattern{{"book"}, {"reserv"}},
			exclusive: [2]pattern{{"return"}, {"reserv"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := analyze(t, tc.text)
			if !parallelApart(m, tc.parallel[0], tc.parallel[1]) {
				t.Errorf("%v and %v not on two branches of a parallel split:%s", tc.parallel[0], tc.parallel[1], describe(m))
			}
			if !newBehaviour(m).exclusiveApart(tc.exclusive[0], tc.exclusive[1]) {
				t.Errorf("%v and %v are not exclusive:%s", tc.exclusive[0], tc.exclusive[1], describe(m))
			}
		})
	}
}

// TestOrdinalSecondAndLapse covers "after a second reminder", an ordinal
// and no wait of one second, and "the offer lapses and the hire is
// cancelled", whose step is the cancelling alone.
func TestOrdinalSecondAndLapse(t *testing.T) {
	m := analyze(t, "The partner sends the contract to the candidate. If the candidate does not sign within 7 days, the partner sends a reminder; after a second reminder without signature the offer lapses and the hire is cancelled. The partner creates the payroll record.")
	for _, e := range m.Events {
		if e.Trigger == process.TriggerTimer && strings.Contains(strings.ToLower(e.Name), "second") {
			t.Errorf("timer %q read from an ordinal:%s", e.Name, describe(m))
		}
	}
	found := false
	for _, a := range m.Activities {
		if strings.Contains(strings.ToLower(a.Name), "lapse") {
			t.Errorf("activity %q names the lapse:%s", a.Name, describe(m))
		}
		found = found || a.Name == "Cancel hire"
	}
	if !found {
		t.Errorf("no step \"Cancel hire\":%s", describe(m))
	}
}

// TestUntilOnBranch covers "If C, A until D": A is done again on the
// branch until D holds; a wait ("is held until …") is no loop.
func TestUntilOnBranch(t *testing.T) {
	checkLogic(t, logicCase{
		name:  "work done again on a branch",
		text:  "The clerk receives the claim. If the leak report is missing, the adjuster chases the plumber until the report comes in. The clerk files the claim.",
		loop:  [][2]pattern{{{"chas"}, {"chas"}}},
		reach: [][2]pattern{{{"chas"}, {"file"}}},
	})
	m := analyze(t, "The clerk receives the parcel. If the customer is away, the parcel is held until the customer collects it. The clerk closes the file.")
	b := newBehaviour(m)
	for _, x := range nodesMatching(m, pattern{"hold|held"}) {
		if b.reachable(x, nil)[x] {
			t.Errorf("a wait loops back to itself:%s", describe(m))
		}
	}
}

// TestNoCaseLeadAndStopThere covers call-note phrasing: "No glass cover,
// the handler declines the claim, and we stop there" is a decision whose
// declining branch ends, with no "stop" step.
func TestNoCaseLeadAndStopThere(t *testing.T) {
	checkLogic(t, logicCase{
		text:      "The handler checks the cover. No glass cover, the handler declines the claim, and we stop there. The handler sends a repair order to the workshop. The handler pays the workshop.",
		never:     [][2]pattern{{{"declin"}, {"pay"}}},
		exclusive: [][2]pattern{{{"declin"}, {"send", "order"}}},
		absent:    []pattern{{"stop"}},
	})
	if got := noCaseLead("No money, no honey."); got != "No money, no honey." {
		t.Errorf("a rule was read as a case: %q", got)
	}
}

// TestDoesNotGoFurther covers "the centre does not treat the patient
// further" after a branch: the branch ends; "does not need further
// documents" is no end.
func TestDoesNotGoFurther(t *testing.T) {
	checkLogic(t, logicCase{
		text:  "1. The nurse assesses the patient. If the patient shows signs of a stroke, the nurse calls the ambulance service; the centre does not treat the patient further.\n2. The doctor examines the patient.\n3. The receptionist discharges the patient.\n",
		never: [][2]pattern{{{"call", "ambulanc"}, {"examin"}}},
		reach: [][2]pattern{{{"assess"}, {"examin"}}},
	})
	if endRe.MatchString("The clerk does not need further documents from the bank.") {
		t.Error("a clause that only needs nothing more reads as an end")
	}
}

// TestReturnedForGood covers a branch that hands the case back to an
// outside party ("the referral is returned to the customer"): it ends;
// a return for correction does not.
func TestReturnedForGood(t *testing.T) {
	checkLogic(t, logicCase{
		name:  "returned for good, after a lead of what is missing",
		text:  "The coordinator sends the appointment letter to the customer. The coordinator phones the customer; without a confirmation the slot is released and the referral is returned to the customer. The nurse examines the customer.",
		never: [][2]pattern{{{"return"}, {"examin"}}},
		reach: [][2]pattern{{{"phone"}, {"examin"}}},
	})
	tests := []struct {
		s    string
		want bool
	}{
		{"The application is returned to the applicant.", true},
		{"The application is returned to the applicant for correction.", false},
		{"The form is returned to the clerk.", false},
	}
	for _, tt := range tests {
		if got := returnedOut(tt.s); got != tt.want {
			t.Errorf("returnedOut(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// TestReturnedInvoiceNeverPaid covers the invoice returned to the
// supplier on the "otherwise" branch: it never reaches the payment.
func TestReturnedInvoiceNeverPaid(t *testing.T) {
	checkLogic(t, logicCase{
		text:  invoiceText,
		never: [][2]pattern{{{"return", "invoice"}, {"pay"}}},
		reach: [][2]pattern{{{"approv"}, {"pay"}}},
	})
}

// TestClockTimeLead covers a log's clock times before its lines: they
// name no performer.
func TestClockTimeLead(t *testing.T) {
	m := analyze(t, "22:00 Dispatcher assigns the pickup to a driver.\n22:05 Driver drives to the yard.\n22:40 The driver loads the trailer.\n08:00 – Billing clerk invoices the shipper.\n")
	for _, p := range m.Participants {
		if strings.ContainsAny(p.Name, "0123456789:") {
			t.Errorf("lane %q holds the clock time:%s", p.Name, describe(m))
		}
	}
	for _, want := range []string{"Assign pickup", "Load trailer", "Invoice shipper"} {
		if _, ok := activity(m, want); !ok {
			t.Errorf("no activity %q:%s", want, describe(m))
		}
	}
}

// TestMinutesLeadsAndRoster covers meeting minutes: the attendee line is
// no step, a title line does not run into it, and a lead ending in a
// colon does not run into the sentence after it.
func TestMinutesLeadsAndRoster(t *testing.T) {
	m := analyze(t, "Change Advisory Board - minutes, weekly session\nPresent: Change Manager (chair), Infrastructure Lead, Service Owner.\n\n"+
		"Item 1 - how normal changes go through CAB from now on (agreed):\nRequester raises the change record. Change Manager screens it.\nInfrastructure Lead implements the change.\n")
	for _, want := range []string{"Raise change record", "Screen change record", "Implement change"} {
		if _, ok := activity(m, want); !ok {
			t.Errorf("no activity %q:%s", want, describe(m))
		}
	}
	for _, a := range m.Activities {
		if l := strings.ToLower(a.Name); strings.Contains(l, "present") || strings.Contains(l, "minutes") {
			t.Errorf("activity %q from the header:%s", a.Name, describe(m))
		}
	}
}

// TestEveryNUnits covers a recurrence with a count: "every 12 months",
// "every 2 weeks" are timers as "every month" is.
func TestEveryNUnits(t *testing.T) {
	for _, text := range []string{
		"The analyst opens the account. The KYC file is reviewed again every 12 months.",
		"The clerk sends the offer. The clerk checks the status every 2 weeks.",
		"The clerk sends the offer. The clerk checks the status every three days.",
	} {
		m := analyze(t, text)
		timers := 0
		for _, e := range m.Events {
			if e.Trigger == process.TriggerTimer && strings.HasPrefix(e.Name, "Every ") {
				timers++
			}
		}
		if timers != 1 {
			t.Errorf("%q: %d recurrence timers:%s", text, timers, describe(m))
		}
	}
}
