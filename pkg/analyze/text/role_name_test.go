package text

import "testing"

func TestDropPersonAfterRole(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"your conveyancer, Jo Marsh, reviews the contract", "your conveyancer reviews the contract"},
		{"The site manager, Tom Reyes, checks the scaffold", "The site manager checks the scaffold"},
		{"the salvage agent, Autosalv Ltd, collects the car", "the salvage agent, Autosalv Ltd, collects the car"},
		{"the clerk, Anna Berg, and the nurse meet", "the clerk, Anna Berg, and the nurse meet"},
	} {
		if got := dropPersonAfterRole(c.in); got != c.want {
			t.Errorf("dropPersonAfterRole(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
