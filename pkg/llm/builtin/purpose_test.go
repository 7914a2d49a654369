package builtin

import (
	"context"
	"testing"

	"github.com/spade-bpmn/spade/pkg/llm"
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
			r, err := New(Options{}).Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: tt.text, Filename: "x.txt"})
			if err != nil {
				t.Fatal(err)
			}
			if r.Model.ProcessPurpose != tt.want {
				t.Errorf("purpose = %q, want %q", r.Model.ProcessPurpose, tt.want)
			}
		})
	}
}
