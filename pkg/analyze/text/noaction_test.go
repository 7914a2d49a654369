package text

import (
	"reflect"
	"testing"
)

// TestNoActionClause covers the clauses that withhold the positive
// outcome in an active or modal form ("we pay no duties", "No permit
// shall be issued in that case") and those that do not.
func TestNoActionClause(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"We pay no duties and deliver nothing in that case.", true},
		{"The declarant arranges the return, and we pay no duties.", true},
		{"No permit shall be issued in that case.", true},
		{"No refund may be paid for that booking.", true},
		{"The office issues no permit.", true},
		{"The manager shall cancel the booking, and no order shall be placed with the caterer.", true},
		{"We ship no goods to the customer in that case.", true},
		{"No order shall be placed with the caterer until the quote fits.", false},
		{"The request stops there; the agent does not order anything.", true},
		{"If the seal is broken, we won't ship it.", true},
		{"We pay the duties and deliver the goods.", false},
		{"No approval is needed below 500 EUR.", false},
		{"The clerk does not check the figures twice.", false},
		{"The clerk sends no reminder before day 10 and then calls the customer.", false},
	}
	for _, tt := range tests {
		if got := noActionRe.MatchString(tt.in); got != tt.want {
			t.Errorf("noActionRe(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestConditionAside covers a bracketed aside between a condition and
// its comma: dropped, unless it is a condition itself.
func TestConditionAside(t *testing.T) {
	tests := []struct{ in, want string }{
		{"If this is not the case (more items or other items), the crew reports a mismatch.", "If this is not the case, the crew reports a mismatch."},
		{"Where the tenant is in arrears (see 4.2), the agent sends a reminder.", "Where the tenant is in arrears, the agent sends a reminder."},
		{"If the amount is high (where required), the manager approves it.", "If the amount is high (where required), the manager approves it."},
		{"The clerk (usually Anna) checks the form.", "The clerk (usually Anna) checks the form."},
	}
	for _, tt := range tests {
		if got := dropConditionAside(tt.in); got != tt.want {
			t.Errorf("dropConditionAside(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestHandColonWork covers a hand-over before a colon whose work follows.
func TestHandColonWork(t *testing.T) {
	tests := []struct{ in, want string }{
		{"otherwise it comes to me: I search the union catalogue", "otherwise I search the union catalogue"},
		{"Then the file goes to the auditor: she checks the figures.", "Then she checks the figures."},
		{"It goes to Maria: she books the room.", "She books the room."},
		{"The form goes to the manager: approval is needed.", "The form goes to the manager: approval is needed."},
	}
	for _, tt := range tests {
		if got := handColonWork(tt.in); got != tt.want {
			t.Errorf("handColonWork(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestLowerCaseSentenceOpeners covers chat lines whose next sentence
// opens in lower case with a demonstrative.
func TestLowerCaseSentenceOpeners(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"the assistant cancels the request and emails the patron. that request is dead",
			[]string{"the assistant cancels the request and emails the patron.", "that request is dead"}},
		{"ask for approx. the same amount", []string{"ask for approx. the same amount"}},
	}
	for _, tt := range tests {
		if got := sentences(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestActiveNotDoneColon covers a denied active verb closed by a colon
// with the work done instead after it: the colon ends a sentence.
func TestActiveNotDoneColon(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"If the check fails, the agent does not order anything: the agent refers the case to the fraud desk.",
			[]string{"If the check fails, the agent does not order anything.", "the agent refers the case to the fraud desk."}},
		{"The clerk does not wait: she calls the customer.",
			[]string{"The clerk does not wait: she calls the customer."}},
	}
	for _, tt := range tests {
		if got := sentences(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWithheldOutcomeEndsBranch covers whole descriptions: what a
// negative branch withholds is no step and ends that branch.
func TestWithheldOutcomeEndsBranch(t *testing.T) {
	tests := []logicCase{
		{
			name:   "active negative object after the refusal",
			text:   "The declarant submits the declaration. If customs refuses the release, the declarant arranges the return of the goods. We pay no duties and deliver nothing in that case. The accounts team pays the import duties. The dispatcher books the delivery.",
			never:  [][2]pattern{{{"arrang", "return"}, {"pay"}}, {{"arrang", "return"}, {"book", "delivery"}}},
			reach:  [][2]pattern{{{"submit"}, {"book", "delivery"}}},
			absent: []pattern{{"deliver", "nothing"}},
		},
		{
			name:   "modal passive with no",
			text:   "The officer verifies the proof of residence. Where the applicant is not registered in the zone, the officer refuses the application. No permit shall be issued in that case. Where the applicant is registered, the cashier collects the fee. The officer issues the permit.",
			never:  [][2]pattern{{{"refus"}, {"issu", "permit"}}},
			reach:  [][2]pattern{{{"collect"}, {"issu", "permit"}}},
			absent: []pattern{{"issu", "no"}},
		},
		{
			name:  "denied order before a colon",
			text:  "The agent checks the identity. If the identity check fails, the agent does not order anything: the agent refers the case to the fraud desk and the request stops there. The agent orders the new card.",
			never: [][2]pattern{{{"refer"}, {"order", "card"}}},
			reach: [][2]pattern{{{"check"}, {"order", "card"}}},
		},
		{
			name:  "condition with an aside",
			text:  "The crew checks the items. If the items match the booking, the crew loads them. If this is not the case (more items or other items), the crew reports a mismatch and nothing is loaded.",
			never: [][2]pattern{{{"report", "mismatch"}, {"load"}}},
		},
		{
			name:  "hand-over before a colon in a chat",
			text:  "[09:03] Priya (circulation): the circulation assistant checks the account\n[09:04] Priya (circulation): if the fines are over 10 EUR the assistant cancels the request and emails the patron. that request is dead\n[09:05] Jonas (ILL librarian): otherwise it comes to me: I search the union catalogue and send the request to the lending library",
			never: [][2]pattern{{{"cancel"}, {"search"}}},
			reach: [][2]pattern{{{"check"}, {"search"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
