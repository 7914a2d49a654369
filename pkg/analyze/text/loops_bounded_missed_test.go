package text

import "testing"

// TestAfterMissedLead: a count of failed tries named by what was tried
// reads as the decision on the count; other leads stay.
func TestAfterMissedLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"After two missed interviews the application is closed and the applicant gets a short e-mail.", "If the second attempt fails, the application is closed and the applicant gets a short e-mail."},
		{"After three failed deliveries, the parcel goes back to the depot.", "If the third attempt fails, the parcel goes back to the depot."},
		{"After the third unanswered reminder the clerk calls the tenant.", "If the third attempt fails, the clerk calls the tenant."},
		{"After three failed loading trials the crane is checked.", "After three failed loading trials the crane is checked."},
		{"After the meeting the clerk files the notes.", "After the meeting the clerk files the notes."},
	}
	for _, tt := range tests {
		if got, _ := afterMissedLead(tt.in); got != tt.want {
			t.Errorf("afterMissedLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	logic := []logicCase{{
		name:  "two missed interviews close the application, a new date goes round",
		text:  "The coordinator invites the applicant to an interview. If the applicant does not show up, the coordinator offers a new date. After two missed interviews the application is closed. The coordinator interviews the applicant and adds the volunteer to the roster.",
		never: [][2]pattern{{{"clos", "application"}, {"add", "volunteer"}}},
	}}
	for _, tt := range logic {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestBoundColonLead: a bounded repetition before a colon leaves the
// case of the bound after it as the sentence; other colons stay.
func TestBoundColonLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Repeat until the check passes, but at most three rounds: if the third round still fails, the operator escalates to me.", "If the third round still fails, the operator escalates to me."},
		{"Retry at most twice: after the second failure the clerk calls the bank.", "After the second failure the clerk calls the bank."},
		{"Repeat until the check passes: the owner checks the data.", "Repeat until the check passes: the owner checks the data."},
		{"Note: if the check fails, call the lead.", "Note: if the check fails, call the lead."},
	}
	for _, tt := range tests {
		if got := boundColonLead(tt.in); got != tt.want {
			t.Errorf("boundColonLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
