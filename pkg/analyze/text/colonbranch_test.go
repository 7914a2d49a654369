package text

import (
	"reflect"
	"testing"
)

// TestCondColonBranches covers a condition whose not-done clause is
// followed, after a colon, by what is done instead: the work is the
// branch's, the not-done clause closes it, "it" is the thing not done.
func TestCondColonBranches(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{
			"If the fee is unpaid, the registration is not completed: The clerk informs the applicant.",
			[]string{"If the fee is unpaid, the clerk informs the applicant; the registration is not completed."},
		},
		{
			"If the 30 days pass without a signed offer, the offer lapses: the loan officer marks the application as expired and the back office archives the file.",
			[]string{"If the 30 days pass without a signed offer, the loan officer marks the application as expired and the back office archives the file; the offer lapses."},
		},
		{
			"The voucher expires: see the terms.",
			[]string{"The voucher expires: see the terms."},
		},
		{
			"If the invoice is a duplicate, the controller rejects it for good: the clerk cancels the invoice and informs the supplier.",
			[]string{"If the invoice is a duplicate, the controller rejects it for good and the clerk cancels the invoice and informs the supplier."},
		},
		{
			// the refusal is the condition: the colon opens its work
			"If every library declines: tell the patron that the request failed.",
			[]string{"If every library declines: tell the patron that the request failed."},
		},
		{
			// no condition: two sentences, as before
			"The registration is not completed: the applicant is informed.",
			[]string{"The registration is not completed.", "the applicant is informed."},
		},
	}
	for _, tt := range tests {
		if got := sentences(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCondColonBranchEnds covers the model: the work after the colon is
// the failing branch's, and that branch never reaches the shipping.
func TestCondColonBranchEnds(t *testing.T) {
	tests := []logicCase{
		{
			name:      "not shipped: blocked and the client is told",
			text:      "The packer packs the order. The packer runs the address check. Should the check fail, the order is not shipped: the packer blocks it and the clerk emails the client. The packer prints the label. The packer hands the parcel to the courier.",
			never:     [][2]pattern{{{"block"}, {"print"}}, {{"email"}, {"hand"}}},
			reach:     [][2]pattern{{{"run"}, {"print"}}, {{"print"}, {"hand"}}},
			exclusive: [][2]pattern{{{"block"}, {"print"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
