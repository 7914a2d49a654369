package text

import (
	"context"
	"testing"
)

func TestPurpose(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"statement", "Invoice handling\n\nThis procedure describes how supplier invoices are approved before payment.\n\nThe clerk checks the invoice.",
			"This procedure describes how supplier invoices are approved before payment."},
		{"editorial notes skipped, statement wins",
			"Field book\n\nNOTE FROM ARDEN: ADD PHOTOS IF YOU HAVE THEM, or screen shots if possible.\n\nARDEN: Please DO NOT edit this anymore, I am moving it to the git repository.\n\nThis fieldbook provides a standardised operational guide for drone deployments in the field.\n\nThe pilot checks the batteries.",
			"This fieldbook provides a standardised operational guide for drone deployments in the field."},
		{"explicit purpose line", "Invoice handling\n\nPurpose: approve supplier invoices before payment.\n\nThe clerk checks the invoice.", "approve supplier invoices before payment."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "x.txt")
			if m.ProcessPurpose != tt.want {
				t.Errorf("purpose = %q, want %q", m.ProcessPurpose, tt.want)
			}
		})
	}
}
