package text

import (
	"strings"
	"testing"
)

// The phases of imperative, each on its own.

func TestNominalAction(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want string // "" : no nominal action
	}{
		{"Verification of the invoice", "Verify invoice"},
		{"the closing of the ticket", "Close ticket"},
		{"Further documentation can be found here", ""},
		{"Check the invoice", ""},
	} {
		cs, ok := nominalAction(strings.Fields(tc.s), "")
		got := ""
		if ok && len(cs) > 0 {
			got = cs[0].name()
		}
		if got != tc.want {
			t.Errorf("nominalAction(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestNotInstruction(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Check the invoice", false},
		{"Ensure it is set up", false},
		{"Budget owners confirm the figures", true},
		{"Document status", true},
		{"Order details are sent", true},
		{"Purchase requisitions above 10,000 EUR must be approved", true},
		{"Processing logs and configuration files provide the data", true},
	} {
		ws := strings.Fields(tc.s)
		w0 := norm(ws[0])
		base, form := verbForm(w0)
		if got := notInstruction(ws, w0, base, form); got != tc.want {
			t.Errorf("notInstruction(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
