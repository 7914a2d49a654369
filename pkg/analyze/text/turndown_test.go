package text

import "testing"

// TestTurnDownAndNothingMadeEndTheBranch covers a refusal worded as
// "turns it down" or "says no", and a branch closed by what is not made
// for the case ("no learning agreement is drawn up for that student"):
// the branch ends and never reaches the positive path after the decision.
func TestTurnDownAndNothingMadeEndTheBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:  "turned down in the condition, branch steps name no refusal",
			text:  "The planner sends the quote to the client. Should the client turn the quote down, the planner archives the enquiry and updates the forecast. If the client accepts, the planner books the crew. The crew installs the kitchen.",
			never: [][2]pattern{{{"archiv"}, {"install"}}, {{"archiv"}, {"book"}}},
			reach: [][2]pattern{{{"book"}, {"install"}}},
		},
		{
			name:  "says no in the condition",
			text:  "The clerk forwards the request to the budget owner. If the budget owner says no, the clerk closes the request and informs the employee. If the budget owner agrees, the clerk orders the laptop. The technician sets up the laptop.",
			never: [][2]pattern{{{"close"}, {"order"}}, {{"close"}, {"set"}}},
			reach: [][2]pattern{{{"order"}, {"set"}}},
		},
		{
			name:  "no thing is drawn up for that case",
			text:  "The coordinator nominates the student to the partner school. If the partner school has no place, the coordinator informs the student and closes the nomination; no study plan is drawn up for that student. The student drafts the study plan. The coordinator signs the study plan.",
			never: [][2]pattern{{{"close", "nomination"}, {"draft"}}, {{"close", "nomination"}, {"sign"}}},
			reach: [][2]pattern{{{"nominat"}, {"sign"}}},
		},
		{
			name:  "and no thing is paid",
			text:  "The officer checks the claim. If the claim is late, the officer writes to the member and no benefit is paid. The officer approves the claim. The cashier pays the benefit.",
			never: [][2]pattern{{{"writ"}, {"pay"}}, {{"writ"}, {"approv"}}},
			reach: [][2]pattern{{{"approv"}, {"pay"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestNoneDoneClause covers the closing clause that says the positive
// outcome is not made for the case, and what it is not.
func TestNoneDoneClause(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"The coordinator closes the nomination; no learning agreement is drawn up for that student.", true},
		{"The caseworker issues the refusal notice and no grant is paid.", true},
		{"No account is created.", true},
		{"The clerk informs the customer, so no refund is ever issued.", true},
		{"If the amount is small, no approval is needed.", false},
		{"The clerk books the invoice; no signature is required.", false},
		{"No grant is paid before the contract is signed by both parties.", false},
	}
	for _, tt := range tests {
		if got := noneDoneRe.MatchString(tt.s); got != tt.want {
			t.Errorf("noneDoneRe(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// TestRefusalTurnDown covers the refusal conditions worded without a
// refusal verb.
func TestRefusalTurnDown(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"they turn a student down", true},
		{"the agent turns it down", true},
		{"the landlord turned the offer down", true},
		{"the data owner says no", true},
		{"the owner says yes", false},
		{"the customer turns up", false},
	}
	for _, tt := range tests {
		if got := refusalRe.MatchString(tt.s); got != tt.want {
			t.Errorf("refusalRe(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
