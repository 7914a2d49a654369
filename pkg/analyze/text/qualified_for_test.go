package text

import (
	"context"
	"testing"
)

func TestQualifiedForKind(t *testing.T) {
	tests := []struct{ body, cond, main string }{
		{"For domestic shipments, the clerk books a truck.", "shipments domestic", "the clerk books a truck."},
		{"for EU destinations he only issues the e-AD document.", "destinations eu", "he only issues the e-AD document."},
		{"For small orders the clerk ships at once.", "orders small", "the clerk ships at once."},
		{"For orders ships the clerk at once.", "", ""},
	}
	for _, tt := range tests {
		cond, main := qualifiedSubject(tt.body)
		if cond != tt.cond || main != tt.main {
			t.Errorf("qualifiedSubject(%q) = %q, %q; want %q, %q", tt.body, cond, main, tt.cond, tt.main)
		}
	}
}

// TestWhereThenForKind: "Where …, A; for other cases he only B" is one
// exclusive choice between A and B.
func TestWhereThenForKind(t *testing.T) {
	text := "The packer packs the bottles. Where the destination is outside the EU, the shipping clerk prepares the export declaration; for EU destinations he only issues the e-AD document. The packer labels the cases."
	m := Analyze(context.Background(), text, "x.txt")
	b := newBehaviour(m)
	if !b.exclusiveApart(pattern{"prepar", "declaration"}, pattern{"issu", "document"}) {
		t.Errorf("the declaration and the e-AD are not exclusive\n%s", describe(m))
	}
}
