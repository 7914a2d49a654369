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
