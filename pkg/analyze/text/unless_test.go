package text

import "testing"

func TestUnlessCondition(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"auxiliary", "Unless the sheet is complete and current, the booking agent rejects the booking.",
			"If the sheet is not complete and current, the booking agent rejects the booking."},
		{"plural auxiliary", "Unless the goods are limited quantities, the officer sends the declaration.",
			"If the goods are not limited quantities, the officer sends the declaration."},
		{"modal", "Unless the part can be reworked, the inspector scraps it.",
			"If the part can not be reworked, the inspector scraps it."},
		{"third person verb", "Unless the customer pays within 14 days, the clerk sends a reminder.",
			"If the customer does not pay within 14 days, the clerk sends a reminder."},
		{"plural noun then verb", "Unless the claims exceed 500 euros, the assistant settles them.",
			"If the claims do not exceed 500 euros, the assistant settles them."},
		{"pronoun", "Unless we hear back by Friday, we cancel the booking.",
			"If we do not hear back by Friday, we cancel the booking."},
		{"already negative", "Unless the form is not signed, the clerk files it.",
			"Unless the form is not signed, the clerk files it."},
		{"no comma", "Unless the sheet is complete the agent rejects the booking.",
			"If the sheet is not complete, the agent rejects the booking."},
		{"it arrives", "Unless it arrives by Friday, the buyer cancels the order.",
			"If it does not arrive by Friday, the buyer cancels the order."},
		{"has", "Unless the customer has a valid ID, the teller refuses the deposit.",
			"If the customer does not have a valid ID, the teller refuses the deposit."},
		{"otherwise agreed", "Unless otherwise agreed, invoices are paid within 30 days.",
			"Unless otherwise agreed, invoices are paid within 30 days."},
		{"no subject", "Unless instructed by the manager, the clerk files the report.",
			"Unless instructed by the manager, the clerk files the report."},
		{"not a lead", "The agent rejects the booking unless the sheet is complete.",
			"The agent rejects the booking unless the sheet is complete."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unlessCondition(ifComma(tt.in)); got != tt.want {
				t.Errorf("unlessCondition(ifComma(%q)) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestUnlessMakesChoice(t *testing.T) {
	m := analyze(t, "The booking agent checks the safety data sheet. Unless the sheet is complete, the booking agent rejects the booking and the process ends. The officer classifies the goods.")
	if len(m.Gateways) == 0 {
		t.Fatalf("no gateway in %v", m.Activities)
	}
	if g := m.Gateways[0].Name; g != "Sheet not complete?" {
		t.Errorf("gateway %q, want %q", g, "Sheet not complete?")
	}
}

func TestAmountLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Above 500 euros the senior adjuster reviews the receipts.", "If the amount is above 500 euros, the senior adjuster reviews the receipts."},
		{"Up to 500 euros, the assistant settles it at once.", "If the amount is up to 500 euros, the assistant settles it at once."},
		{"More than €10,000 the CFO signs the order.", "If the amount is more than €10,000, the CFO signs the order."},
		{"Up to 2,000 euros I approve it myself.", "If the amount is up to 2,000 euros, I approve it myself."},
		{"Above all the clerk checks the form.", "Above all the clerk checks the form."},
		{"Over the weekend the system runs the batch.", "Over the weekend the system runs the batch."},
		{"Above 2 % deviation, the technician replaces the meter.", "If the deviation is above 2 %, the technician replaces the meter."},
		{"Above 2 % deviation the technician replaces the meter.", "If the deviation is above 2 %, the technician replaces the meter."},
		{"Above 2 % the meter counts as faulty.", "If the percentage is above 2 %, the meter counts as faulty."},
	}
	for _, tt := range tests {
		if got := amountLead(tt.in); got != tt.want {
			t.Errorf("amountLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestUnlessBranchEnds covers a negative outcome in an "unless" lead: it
// is a branch that ends, its pronoun is the thing decided on, and the
// approved case goes on.
func TestUnlessBranchEnds(t *testing.T) {
	tests := []logicCase{
		{
			name:  "unless approved, cancelled; the pronoun is the request",
			text:  "The employee submits the leave request. The team lead checks the staffing plan. Unless the team lead approves the request, it is cancelled and the employee is informed; nothing is booked. The HR advisor books the leave. The HR advisor sends the confirmation.",
			never: [][2]pattern{{{"cancel", "request"}, {"book"}}, {{"cancel", "request"}, {"send"}}},
			reach: [][2]pattern{{{"check"}, {"book"}}, {{"book"}, {"send"}}},
		},
		{
			name:  "unless complete, returned and ended",
			text:  "The clerk receives the application. Unless the application is complete, the clerk rejects the application and informs the applicant. The officer assesses the application. The officer issues the permit.",
			never: [][2]pattern{{{"reject"}, {"assess"}}, {{"reject"}, {"issu"}}},
			reach: [][2]pattern{{{"receiv"}, {"issu"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

func TestPercentLead(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want string
	}{
		{"measured before", []string{"The technician tests the meter. Deviation 4.1 %.", "If the percentage is above 2 %, the meter counts as faulty."}, "If the deviation is above 2 %, the meter counts as faulty."},
		{"measured with of", []string{"The lab finds a moisture of 14 %.", "If the percentage is up to 2 %, we confirm it."}, "If the moisture is up to 2 %, we confirm it."},
		{"comparison is no measure", []string{"If the bonus is above 20 %, the lawyer checks it.", "If the percentage is above 5 %, the CFO signs."}, "If the bonus is above 5 %, the CFO signs."},
		{"nothing measured", []string{"The clerk checks the form.", "If the percentage is above 2 %, the meter counts as faulty."}, "If the percentage is above 2 %, the meter counts as faulty."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &analyzer{}
			got := ""
			for _, s := range tt.in {
				got = a.percentLead(s)
			}
			if got != tt.want {
				t.Errorf("percentLead = %q, want %q", got, tt.want)
			}
		})
	}
}
