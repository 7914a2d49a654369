package text

import (
	"strings"
	"testing"
)

// The phases of finish, each on its own: the particle, a leading
// coordination, the object scan's cuts, and the tail's performer.

func TestTakeParticle(t *testing.T) {
	for _, tc := range []struct{ verb, rest, wantVerb, wantRest string }{
		{"hand", "over the keys", "hand over", "the keys"},
		{"select", "up to five candidates", "select", "up to five candidates"},
		{"hire", "through an agency", "hire", "through an agency"},
		{"fill", "in the form", "fill in", "the form"},
		{"check", "the invoice", "check", "the invoice"},
	} {
		c, rest := takeParticle(clause{verb: tc.verb}, strings.Fields(tc.rest))
		if c.verb != tc.wantVerb || strings.Join(rest, " ") != tc.wantRest {
			t.Errorf("takeParticle(%q, %q) = %q, %q; want %q, %q", tc.verb, tc.rest, c.verb, strings.Join(rest, " "), tc.wantVerb, tc.wantRest)
		}
	}
}

func TestLeadingCoordination(t *testing.T) {
	for _, tc := range []struct {
		verb, rest string
		form       int
		want       []string // clause names
		alt        bool     // the second clause is an alternative
	}{
		{"pick", "and packs the goods", formThird, []string{"Pick goods", "Pack goods"}, false},
		{"approve", "or rejects the claim", formThird, []string{"Approve claim", "Reject claim"}, true},
		{"be", "and", formThird, nil, false},
	} {
		got := leadingCoordination(clause{verb: tc.verb}, strings.Fields(tc.rest), "", tc.form)
		var names []string
		for _, c := range got {
			names = append(names, c.name())
		}
		if strings.Join(names, "|") != strings.Join(tc.want, "|") {
			t.Errorf("leadingCoordination(%q, %q) = %q; want %q", tc.verb, tc.rest, names, tc.want)
			continue
		}
		if len(got) > 1 && got[1].alt != tc.alt {
			t.Errorf("leadingCoordination(%q, %q): alt %v, want %v", tc.verb, tc.rest, got[1].alt, tc.alt)
		}
	}
}

func TestObjectCut(t *testing.T) {
	for _, tc := range []struct {
		rest string
		j    int
		want bool
	}{
		{"the environment the day before", 2, true},
		{"at least twice", 0, true},
		{"the form in order to", 2, true},
		{"the form — quickly", 2, true},
		{"the invoice number", 1, false},
	} {
		ws := strings.Fields(tc.rest)
		if got := objectCut(ws, tc.j, norm(ws[tc.j])); got != tc.want {
			t.Errorf("objectCut(%q, %d) = %v, want %v", tc.rest, tc.j, got, tc.want)
		}
	}
}

// TestSystemFollows: "in SAP" and "with the database" end an object, a
// party named after a system ("with the database vendor") does not.
func TestSystemFollows(t *testing.T) {
	for _, tc := range []struct {
		rest string
		j    int
		want bool
	}{
		{"the invoice in SAP", 2, true},
		{"the case with the database", 2, true},
		{"a support case with the database vendor", 3, false},
	} {
		ws := strings.Fields(tc.rest)
		if got := systemFollows(ws, tc.j, norm(ws[tc.j])); got != tc.want {
			t.Errorf("systemFollows(%q, %d) = %v, want %v", tc.rest, tc.j, got, tc.want)
		}
	}
}

func TestSkipAside(t *testing.T) {
	for _, tc := range []struct {
		rest     string
		wantJ    int
		wantStop bool
	}{
		{"(see the annex) the form", 2, false},
		{"(EUR 500). Then", 1, true},
	} {
		j, stop := skipAside(strings.Fields(tc.rest), 0)
		if j != tc.wantJ || stop != tc.wantStop {
			t.Errorf("skipAside(%q) = %d, %v; want %d, %v", tc.rest, j, stop, tc.wantJ, tc.wantStop)
		}
	}
}

func TestTailPerformer(t *testing.T) {
	for _, tc := range []struct {
		name     string
		c, t     clause
		pron     string
		relative bool
		want     string
		pronoun  bool
	}{
		{"the subject before", clause{performer: "clerk"}, clause{}, "", false, "clerk", false},
		{"own performer", clause{performer: "clerk"}, clause{performer: "manager"}, "", false, "manager", false},
		{"the speaker", clause{performer: "clerk"}, clause{}, "i", false, "", true},
		{"relative to", clause{performer: "clerk", to: "the technician"}, clause{}, "", true, "the technician", false},
	} {
		got := tailPerformer(tc.c, tc.t, tc.pron, tc.relative)
		if got.performer != tc.want || got.pronoun != tc.pronoun {
			t.Errorf("%s: performer %q pronoun %v; want %q %v", tc.name, got.performer, got.pronoun, tc.want, tc.pronoun)
		}
	}
}

func TestFinishPhases(t *testing.T) {
	for _, tc := range []struct {
		verb, rest string
		want       []string
	}{
		{"check", "the invoice and sends it to the manager", []string{"Check invoice", "Send invoice"}},
		{"review", "the receipts (see annex) and approves them", []string{"Review receipts", "Approve receipts"}},
		{"store", "the samples for 30 days", []string{"Store samples"}},
		{"record", "the order in SAP", []string{"Record order"}},
	} {
		var names []string
		for _, c := range finish(clause{verb: tc.verb}, strings.Fields(tc.rest), "", formThird) {
			names = append(names, c.name())
		}
		if strings.Join(names, "|") != strings.Join(tc.want, "|") {
			t.Errorf("finish(%q, %q) = %q; want %q", tc.verb, tc.rest, names, tc.want)
		}
	}
}
