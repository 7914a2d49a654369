package rules

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

func TestNegativeWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		want bool
	}{
		{"Reject claim", true},
		{"Send rejection letter", true},
		{"Application declined", true},
		{"Cancel order", true},
		{"Refuse application", true},
		{"Credit denied", true},
		{"Withdraw offer", true},
		{"Test failed", true},
		{"Abort shipment", true},
		{"Claim not approved", true},
		{"Loan not granted", true},
		{"Approve claim", false},
		{"Check documents", false},
		{"Documents missing?", false},
		{"Deny", true},
		{"Denim order", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := isNegative(tt.name); got != tt.want {
			t.Errorf("isNegative(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestPositiveCompletion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind, name string
		want       bool
	}{
		{"task", "Pay repair shop", true},
		{"userTask", "Approve requisition", true},
		{"task", "Issue permit", true},
		{"sendTask", "Ship order", true},
		{"task", "Deliver goods", true},
		{"task", "Grant loan", true},
		{"task", "Accept offer", true},
		{"task", "Complete the order", true},
		{"subProcess", "Fulfil order", true},
		{"task", "Settle claim", true},
		{"task", "Complete checklist", false},
		{"task", "Refund payment", false},
		{"task", "Pay back deposit", false},
		{"task", "Issue refusal notice", false},
		{"task", "Approve cancellation", false},
		{"task", "Check payment", false},
		{"endEvent", "Invoice paid", true},
		{"intermediateThrowEvent", "Permit issued", true},
		{"endEvent", "Order completed", true},
		{"endEvent", "Review completed", false},
		{"endEvent", "Claim rejected", false},
		{"startEvent", "Order approved", false},
		{"exclusiveGateway", "Approved?", false},
	}
	for _, tt := range tests {
		e := &parse.Element{Kind: tt.kind, Name: tt.name}
		if got := isPositive(e); got != tt.want {
			t.Errorf("isPositive(%s %q) = %v, want %v", tt.kind, tt.name, got, tt.want)
		}
	}
}

func TestNegativeBranch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		question, label string
		want            bool
	}{
		{"Invoice approved?", "no", true},
		{"Invoice approved?", "yes", false},
		{"Test passed?", "No", true},
		{"Board rejects the change?", "yes", true},
		{"Board rejects the change?", "no", false},
		{"Warranty valid?", "no", false},
		{"Documents missing?", "yes", false},
		{"Credit check", "declined", true},
		{"Credit check", "granted", false},
		{"Decision", "not approved", true},
		{"Approved?", "no, ask again later please", false},
	}
	for _, tt := range tests {
		gw := &parse.Element{Kind: "exclusiveGateway", Name: tt.question}
		f := &parse.Element{Kind: "sequenceFlow", Name: tt.label}
		if got := negativeBranch(gw, f); got != tt.want {
			t.Errorf("negativeBranch(%q, %q) = %v, want %v", tt.question, tt.label, got, tt.want)
		}
	}
}

func TestSaysReturn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want bool
	}{
		{"Retry payment", true},
		{"Resubmit application", true},
		{"Correct the invoice", true},
		{"Goes back to review", true},
		{"Start again", true},
		{"Appeal decision", true},
		{"Send back device", false},
		{"Return device", false},
		{"Screen resume", false},
		{"Pay invoice", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := saysReturn(tt.text); got != tt.want {
			t.Errorf("saysReturn(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
