package text

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func TestEvents(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		timers   []string // timer texts expected, in order
		messages int
		noTask   string // an activity name that must not appear
	}{
		{"wait is a timer, not a task", "Power on the drone. Wait 30 seconds for the GNSS fix. Calibrate the compass.", []string{"30 seconds"}, 0, "Wait"},
		{"deadline in a condition", "HR makes an offer. If no answer arrives within two weeks, HR calls the candidate.", []string{"two weeks"}, 1, ""}, // the answer or the deadline, whichever comes first
		{"recurring", "Every Tuesday the board reviews the changes. The manager closes the request.", []string{"Every Tuesday"}, 0, ""},
		{"period end", "At the end of each quarter the warehouse manager prints the count sheets.", []string{"At the end of each quarter"}, 0, ""},
		{"work time is no timer", "Centrifuge the samples for 10 minutes. Check the serum.", nil, 0, ""},
		{"waiting for a message", "The officer requests the documents from the applicant and waits for the documents. The analyst evaluates the application.", nil, 1, "Wait for documents"},
		{"frequency", "Once a week the planner reviews the open receipts.", []string{"Once a week"}, 0, ""},
		{"next working day", "A crew is sent out the next working day to empty the bin.", []string{"the next working day"}, 0, ""},
		{"end of a named period", "At the end of the registration period, the lecturer receives the final list.", []string{"At the end of the registration period"}, 0, ""},
		{"day of an event", "On the day of rental, the employee hands over the keys.", []string{"On the day of rental"}, 0, ""},
		{"in advance", "The physician orders the doses two weeks in advance.", []string{"two weeks in advance"}, 0, ""},
		{"month", "Each January, the advisor sends the checklist.", []string{"Each January"}, 0, ""},
		{"a date", "On the due date, the treasury team releases the payment run.", []string{"On the due date"}, 0, ""},
		{"the last working day is a date, not work that lasts", "On the last business day of each month the cashier counts the safe.", []string{"On the last business day of each month"}, 0, ""},
		{"work that lasts is no timer", "The soak test lasts 4 hours. The engineer reads the log.", nil, 0, ""},
		{"some days after an event", "The auction closes 14 days after the listing. The seller ships the lot.", []string{"14 days after the listing"}, 0, ""},
		{"a period of some days", "A cooling-off period of 7 days applies. The agent activates the contract.", []string{"7 days"}, 0, ""},
		{"inside as within", "The nurse must call the surgeon inside 20 minutes.", []string{"20 minutes"}, 0, ""},
		{"held for more than a time", "Parcels held for more than two weeks are returned to the sender by the clerk.", []string{"two weeks"}, 0, ""},
		{"no time at all", "The clerk checks the invoice. The manager approves it.", nil, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var timers []string
			messages := 0
			for _, e := range m.Events {
				switch e.Trigger {
				case process.TriggerTimer:
					timers = append(timers, e.Timer)
				case process.TriggerMessage:
					messages++
				}
			}
			if strings.Join(timers, "|") != strings.Join(tt.timers, "|") {
				t.Errorf("timers = %q, want %q", timers, tt.timers)
			}
			if messages != tt.messages {
				t.Errorf("message events = %d, want %d", messages, tt.messages)
			}
			if tt.noTask != "" {
				for _, a := range m.Activities {
					if strings.HasPrefix(a.Name, tt.noTask) {
						t.Errorf("activity %q: want an event instead", a.Name)
					}
				}
			}
		})
	}
}

func TestMessageLead(t *testing.T) {
	tests := []struct{ in, want string }{
		{"As soon as the parts arrive, he replaces the components.", "Parts received"},
		{"When the signed lease is received, the manager schedules the handover.", "Signed lease received"},
		{"After the client has accepted the quote, the manager offers the job.", "Quote accepted"},
		{"After the manager has accepted the quote, she books it.", ""}, // no outside party
		{"If the book has not arrived after six weeks, the librarian cancels.", ""},
		{"The clerk checks the invoice.", ""},
		{"As soon as the client replies, the chef draws up a menu.", "Reply received"},
		{"When the customer has paid, the clerk ships the goods.", "Payment received"},
		{"When the manager replies, the clerk books it.", ""}, // no outside party
	}
	for _, tt := range tests {
		if got := messageLead(tt.in, ""); got != tt.want {
			t.Errorf("messageLead(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestTrailingArrival checks that a closing "once … has been received"
// waits for the message before the sentence's step.
func TestTrailingArrival(t *testing.T) {
	m := analyze(t, "Orders\n\nThe clerk sends the invoice to the customer. The goods are shipped by the clerk once the payment has been received. The clerk closes the order.")
	ship, ok := activity(m, "Ship goods")
	if !ok {
		t.Fatalf("no Ship goods in %v", names(m))
	}
	for _, e := range m.Events {
		if e.Name == "Payment received" && e.Trigger == process.TriggerMessage {
			for _, f := range m.Flows {
				if f.Source == e.ID && f.Target == ship.ID {
					return
				}
			}
			t.Fatalf("Payment received does not lead to Ship goods: %+v", m.Flows)
		}
	}
	t.Errorf("no message event Payment received: %+v", m.Events)
}
