package text

import "testing"

// TestAskedCase covers a turn that asks about a case and the turn that
// answers it: the answer is that case's branch, in the answerer's words.
func TestAskedCase(t *testing.T) {
	tests := []struct {
		name, question, answer, want string
	}{
		{"then-answer", "and if it isn't?", "then I bounce it back to the line manager", "If it isn't, I bounce it back to the line manager"},
		{"what happens if, the asker's you", "What happens if you can't reproduce it?", "Then I ask the customer for more details.", "If I can't reproduce it, I ask the customer for more details."},
		{"the asker's I", "And if I don't send the photo?", "The complaint is closed after 14 days.", "If you don't send the photo, the complaint is closed after 14 days."},
		{"an answer with its own condition", "and when it works?", "As soon as you confirm that it works, the ticket is closed.", "As soon as you confirm that it works, the ticket is closed."},
		{"no case asked", "How do new bug reports come in?", "Customers open a ticket.", "Customers open a ticket."},
		{"what about, a fronted object", "What about a hit?", "A sanctions hit I hand over to Compliance.", "If there is a hit, I hand a sanctions hit over to Compliance."},
		{"what about the weather (no case)", "What about it?", "It rains.", "It rains."},
		{"a one-word answer", "And if the fire brigade says no?", "Then?", "Then?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := askedCase(caseQuestion(tt.question), tt.answer); got != tt.want {
				t.Errorf("askedCase(%q, %q) = %q, want %q", tt.question, tt.answer, got, tt.want)
			}
		})
	}
}

// TestAskedCaseInTranscript covers the model: the answer to "and if it
// isn't?" is a branch, here a rework loop, and the question is no step.
func TestAskedCaseInTranscript(t *testing.T) {
	tests := []logicCase{
		{
			name: "a chat's rework loop asked about",
			text: "Dana (Service Desk): the line manager raises the access request and I check the contract end date\n" +
				"Luis (Identity Team): and if it is missing?\n" +
				"Dana (Service Desk): then I send the request back to the line manager, they add the date and resubmit, and I check it again\n" +
				"Luis (Identity Team): otherwise I create the account in the directory\n",
			loop:  [][2]pattern{{{"check", "date"}, {"add", "date"}}},
			reach: [][2]pattern{{{"check", "date"}, {"creat", "account"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
