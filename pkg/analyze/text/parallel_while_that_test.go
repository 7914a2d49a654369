package text

import "testing"

// sideBySideCase is a text whose steps a and b run side by side, and
// whose step after (when set) waits for both.
type sideBySideCase struct {
	name, text, a, b, after string
}

func checkSideBySide(t *testing.T, c sideBySideCase) {
	t.Helper()
	m := analyze(t, c.text)
	find := func(prefix string) string {
		for _, x := range m.Activities {
			if len(x.Name) >= len(prefix) && x.Name[:len(prefix)] == prefix {
				return x.ID
			}
		}
		t.Fatalf("no activity %q in %v", prefix, names(m))
		return ""
	}
	a, b := find(c.a), find(c.b)
	if reaches(m, a, b) || reaches(m, b, a) {
		t.Errorf("%s and %s should run side by side (%v)", c.a, c.b, names(m))
	}
	if c.after != "" {
		after := find(c.after)
		if !reaches(m, a, after) || !reaches(m, b, after) {
			t.Errorf("%s should follow both %s and %s", c.after, c.a, c.b)
		}
	}
}

func TestWhileThatRunsBeside(t *testing.T) {
	t.Parallel()
	for _, c := range []sideBySideCase{
		{name: "while these are awaited", text: "The assistant orders the searches. While these are awaited, the conveyancer reviews the draft contract. Then the conveyancer sends the report.",
			a: "Order searches", b: "Review draft contract", after: "Send report"},
		{name: "and then while that's going on", text: "The manager sends the invoice. And then while that's going on, the chef plans the menu. The manager writes the run sheet.",
			a: "Send invoice", b: "Plan menu", after: "Write run sheet"},
		{name: "whilst this happens", text: "The clerk books the room. Whilst this happens, the assistant prints the badges. The clerk opens the event.",
			a: "Book room", b: "Print badges", after: "Open event"},
	} {
		t.Run(c.name, func(t *testing.T) { checkSideBySide(t, c) })
	}
}

func TestPointsBack(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rest string
		want bool
	}{
		{" are awaited", true},
		{"'s going on", true},
		{" happens", true},
		{" is being done", true},
		{"", true},
		{" form is checked", false},
		{" customer waits for the call", false},
	} {
		if got := pointsBack(c.rest); got != c.want {
			t.Errorf("pointsBack(%q) = %v, want %v", c.rest, got, c.want)
		}
	}
}
