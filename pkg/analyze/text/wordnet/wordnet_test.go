package wordnet

import "testing"

func TestBase(t *testing.T) {
	l := Load()
	tests := []struct {
		word string
		base string
		form Form
	}{
		{"denies", "deny", FormThird},
		{"advertises", "advertise", FormThird},
		{"dismounts", "dismount", FormThird},
		{"invokes", "invoke", FormThird},
		{"checked", "check", FormPast},
		{"shipped", "ship", FormPast},
		{"sent", "send", FormPast},
		{"paid", "pay", FormPast},
		{"approving", "approve", FormIng},
		{"running", "run", FormIng},
		{"approves", "approve", FormThird},
		{"passes", "pass", FormThird},
		{"check", "check", FormBase},
		{"customer", "", FormNone},
		{"the", "", FormNone},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			b, f := l.Base(tt.word)
			if b != tt.base || f != tt.form {
				t.Errorf("Base(%q) = %q, %v; want %q, %v", tt.word, b, f, tt.base, tt.form)
			}
		})
	}
	if !l.HasParticle("set", "up") || l.HasParticle("approve", "up") {
		t.Error("phrasal verbs: want set up and no approve up")
	}
}
