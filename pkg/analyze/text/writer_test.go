package text

import "testing"

func TestWriterRole(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"role after a comma", "Subject: refunds\nFrom: Tom Reed, Finance Lead\nTo: all\n\nHi,", "Finance Lead"},
		{"role in brackets", "From: Lena Vogt (Payroll Office)\nTo: Process team", "Payroll Office"},
		{"name only", "From: Lena Vogt\nTo: Process team", ""},
		{"no sender line", "The clerk checks the form. The clerk files it.", ""},
		{"from inside a sentence", "The goods come from: the warehouse, north wing", ""},
		{"a story's narrator", "How it went\n\nI, Marco, needed a loan. I sent the application.", "Marco"},
		{"a narrator in brackets", "I (Ana) open the shop at eight.", "Ana"},
		{"my name is", "My name is Lea and I run the kiosk.", "Lea"},
		{"a plain I names no one", "I sent the application to the bank.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := writerRole(tt.text); got != tt.want {
				t.Errorf("writerRole = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWriterIsI checks that in an e-mail "I" and "me" are the writer's
// role from the sender line: "needs an approval from me" is the writer's
// step.
func TestWriterIsI(t *testing.T) {
	text := "Subject: how refunds work\nFrom: Tom Reed, Finance Lead\nTo: Process team\n\nHi all,\n\n" +
		"The cashier checks the refund request. Refunds above 500 EUR need an approval from me. I check the bank details. Then the cashier pays the refund.\n\nThanks\nTom"
	m := analyze(t, text)
	for _, want := range []struct{ p pattern }{{pattern{"approv"}}, {pattern{"check", "bank"}}} {
		ids := nodesMatching(m, want.p)
		if len(ids) == 0 {
			t.Fatalf("no node matches %v:%s", want.p, describe(m))
		}
		for _, a := range m.Activities {
			if a.ID == ids[0] && a.Performer != "Finance Lead" {
				t.Errorf("%s is done by %q, want Finance Lead", a.Name, a.Performer)
			}
		}
	}
}
