package text

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// TestDeadlinesOnWaiting checks that a deadline on a wait is a timer with
// its own path, apart from the answer it waits for, and that a payment
// term stays with the step it delays.
func TestDeadlinesOnWaiting(t *testing.T) {
	timers := func(m process.Model) int {
		n := 0
		for _, e := range m.Events {
			if e.Trigger == process.TriggerTimer {
				n++
			}
		}
		return n
	}
	t.Run("no answer within 14 days", func(t *testing.T) {
		m := analyze(t, "The clerk sends the offer to the customer. If the customer does not answer within 14 days, the clerk closes the case. If the customer accepts the offer, the clerk books the order.")
		if timers(m) == 0 {
			t.Errorf("no timer:%s", describe(m))
		}
		b := newBehaviour(m)
		if !b.exclusiveApart(pattern{"clos"}, pattern{"book"}) {
			t.Errorf("closing and booking are not alternatives:%s", describe(m))
		}
	})
	// an answer owed by an outside party by a deadline: an event-based
	// gateway whose one way is the answer's message, the other the timer
	waits := []struct{ name, text, answer, late, onTime string }{
		{"has not replied, no other branch", "The support agent opens a ticket with the vendor. If the vendor has not replied within 2 days, the support manager calls the vendor's account manager. The support agent installs the patch.", "repl", "call", "install"},
		{"positive condition first", "The clerk mails the quote to the broker. If the broker accepts the quote within 30 days, the clerk books the policy. If the broker does not accept in that time, the clerk archives the quote.", "accept", "archiv", "book"},
		{"fails to respond", "The officer asks the tenant for the missing papers. Should the tenant fail to respond within 3 weeks, the officer closes the file. The officer checks the papers.", "respon", "clos", "check"},
	}
	for _, tt := range waits {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var eb string
			for _, g := range m.Gateways {
				if g.Type == process.GatewayEventBased {
					eb = g.ID
				}
			}
			if eb == "" {
				t.Fatalf("no event-based gateway:%s", describe(m))
			}
			kinds := map[string]string{}
			for _, e := range m.Events {
				kinds[e.ID] = e.Trigger
			}
			var msg, timer string
			for _, f := range m.Flows {
				if f.Source == eb {
					switch kinds[f.Target] {
					case process.TriggerMessage:
						msg = f.Target
					case process.TriggerTimer:
						timer = f.Target
					}
				}
			}
			if msg == "" || timer == "" {
				t.Fatalf("the gateway does not wait for a message and a timer:%s", describe(m))
			}
			b := newBehaviour(m)
			if !b.reachesAny([]string{timer}, pattern{tt.late}, nil) || !b.reachesAny([]string{msg}, pattern{tt.onTime}, nil) {
				t.Errorf("the timer does not lead to %q or the answer to %q:%s", tt.late, tt.onTime, describe(m))
			}
			for _, e := range m.Events {
				if e.ID == msg && !(pattern{tt.answer}).matches(e.Name) {
					t.Errorf("the message is named %q, want %q", e.Name, tt.answer)
				}
			}
		})
	}
	t.Run("a deadline on our own work stays a decision", func(t *testing.T) {
		m := analyze(t, "The technician repairs the machine. If the technician has not fixed the machine within 4 hours, the supervisor informs the plant manager. The operator restarts the line.")
		for _, g := range m.Gateways {
			if g.Type == process.GatewayEventBased {
				t.Errorf("an event-based gateway for internal work:%s", describe(m))
			}
		}
	})
	t.Run("a customer's payment is waited for", func(t *testing.T) {
		m := analyze(t, "The clerk sends the invoice to the customer. The customer pays within 30 days. The clerk closes the order.")
		if timers(m) == 0 {
			t.Errorf("no timer for the customer's payment term:%s", describe(m))
		}
	})
	t.Run("payment term", func(t *testing.T) {
		m := analyze(t, "The clerk checks the invoice. Accounts payable pays the supplier within 30 days.")
		if timers(m) != 0 {
			t.Errorf("a payment term became a timer:%s", describe(m))
		}
		pay := nodesMatching(m, pattern{"pay"})
		if len(pay) != 1 {
			t.Fatalf("no payment step:%s", describe(m))
		}
		for _, a := range m.Activities {
			if a.ID == pay[0] && a.WaitMinutes != 30*1440 {
				t.Errorf("the payment waits %v minutes, want the 30-day term", a.WaitMinutes)
			}
		}
	})
}

// TestOwnDeadlineIsBoundaryTimer checks that a time limit on the
// organisation's own step is a non-interrupting boundary timer on that
// step with a path of its own, not a wait in front of it, while a wait
// ("After 2 days …") and a deadline on waiting stay in the flow.
func TestOwnDeadlineIsBoundaryTimer(t *testing.T) {
	tests := []struct {
		name, text, host string // host "" when the timer stays in the flow
	}{
		{"limit before the step", "The porter takes in the parcel. Within 3 hours the porter has to log the parcel. The courier leaves.", "Log parcel"},
		{"limit after the step", "The agent opens the case. The agent must classify the case within one day. The supervisor audits the case.", "Classify case"},
		{"a wait is no limit", "The agent opens the case. After one day the agent classifies the case.", ""},
		{"a deadline on waiting", "The agent mails the form to the tenant. If the tenant does not reply within 10 days, the agent closes the case. The agent files the form.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			names := map[string]string{}
			for _, a := range m.Activities {
				names[a.ID] = a.Name
			}
			var on string
			found := false
			for _, e := range m.Events {
				if e.Trigger != process.TriggerTimer {
					continue
				}
				found = true
				if e.Type == process.EventBoundary {
					on = names[e.AttachedTo]
					if !e.NonInterrupting {
						t.Errorf("boundary timer on %q interrupts the step", on)
					}
					leaves := false
					for _, f := range m.Flows {
						if f.Source == e.ID {
							leaves = true
						}
					}
					if !leaves {
						t.Errorf("boundary timer on %q leads nowhere", on)
					}
				}
			}
			if !found {
				t.Fatalf("no timer:%s", describe(m))
			}
			if on != tt.host {
				t.Errorf("boundary timer on %q, want %q:%s", on, tt.host, describe(m))
			}
		})
	}
}
