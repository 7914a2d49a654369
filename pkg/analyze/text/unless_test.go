package text

import "testing"

// TestUnlessForm covers "Unless X, Y" written as the "If" of the case it
// names, and the conditions it leaves as they are.
func TestUnlessForm(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Unless the team lead approves the request, it is cancelled.", "If the team lead does not approve the request, it is cancelled.", true},
		{"Unless the form is complete, the clerk returns it.", "If the form is not complete, the clerk returns it.", true},
		{"Unless the customer has a valid ID, the teller refuses the deposit.", "If the customer does not have a valid ID, the teller refuses the deposit.", true},
		{"Unless it arrives by Friday, the buyer cancels the order.", "If it does not arrive by Friday, the buyer cancels the order.", true},
		{"Unless otherwise agreed, invoices are paid within 30 days.", "Unless otherwise agreed, invoices are paid within 30 days.", false},
		{"Unless instructed by the manager, the clerk files the report.", "Unless instructed by the manager, the clerk files the report.", false},
		{"The clerk files the report unless the manager objects.", "The clerk files the report unless the manager objects.", false},
	}
	for _, tt := range tests {
		got, ok := unlessForm(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("unlessForm(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
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
