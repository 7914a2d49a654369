package text

import (
	"strings"
	"testing"
)

// TestYouLegend: a manual that says who "you" is reads "you" as that
// role; a page that names no role, or an outside one, is left alone.
func TestYouLegend(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`In this module "you" are the teller at the counter, and "the customer" is the person paying. You then check the ID.`, "the teller then checks the ID.", true},
		{`Throughout these notes "you" means you, the reservations agent. You check availability.`, "the reservations agent checks availability.", true},
		{"Once the form is in, you, the events clerk, check that it is complete.", "Once the form is in, the events clerk checks that it is complete.", true},
		{`In this module "you" are the teller. A valid ID you scan into the screen.`, "the teller scans a valid ID into the screen.", true},
		{"The form comes in. You, the events clerk, check it.", "The form comes in. The events clerk checks it.", true},
		{`In this module "you" are the teller. The rule lets you credit it, and you first count the notes.`, "lets the teller credit it, and the teller first counts the notes.", true},
		{`Here "you" are the customer. You send the form.`, "", false},
		{"You send the form and we check it.", "", false},
	} {
		got, ok := youLegend(tc.in)
		if ok != tc.ok || !strings.Contains(strings.ToLower(got), strings.ToLower(tc.want)) {
			t.Errorf("youLegend(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
