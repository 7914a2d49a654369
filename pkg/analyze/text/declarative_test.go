package text

import (
	"context"
	"strings"
	"testing"
)

// The phases of declarative, each on its own.

func TestBeClause(t *testing.T) {
	for _, tc := range []struct {
		s    string
		i    int // the form of "be"
		want string
	}{
		{"Missing documents are requested from the owner", 2, "Request missing documents"},
		{"The invoice is not paid", 2, ""},
		{"The clerk is checking the form", 2, "Check form"},
	} {
		ws := strings.Fields(tc.s)
		got := ""
		if cs := beClause(ws[:tc.i], ws, tc.i, ""); len(cs) > 0 {
			got = cs[0].name()
		}
		if got != tc.want {
			t.Errorf("beClause(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestPassiveClause(t *testing.T) {
	for _, tc := range []struct {
		subject, rest, verb string
		want, performer, to string
	}{
		{"The invoice", "by the clerk", "check", "Check invoice", "Clerk", ""},
		{"The applicant", "an offer letter", "send", "Send offer letter", "", "Applicant"},
		{"No invoice", "", "pay", "", "", ""},
	} {
		cs := passiveClause(strings.Fields(tc.subject), strings.Fields(tc.rest), tc.verb, "")
		got, perf, to := "", "", ""
		if len(cs) > 0 {
			got, perf, to = cs[0].name(), cs[0].performer, cs[0].to
		}
		if got != tc.want || !strings.EqualFold(perf, tc.performer) || to != tc.to {
			t.Errorf("passiveClause(%q, %q) = %q by %q to %q; want %q by %q to %q", tc.subject, tc.rest, got, perf, to, tc.want, tc.performer, tc.to)
		}
	}
}

func TestCoordinatedPassive(t *testing.T) {
	// a second passive predicate of the same subject is a step of its
	// own, by whoever its own "by" names, else by the first's performer
	text := "The import declaration is prepared by the customs broker and is lodged with the customs authority. The container is moved to the inspection bay by the terminal operator and is inspected by customs officers."
	m := Analyze(context.Background(), text, "")
	want := map[string]string{"Prepare import declaration": "Customs Broker", "Lodge import declaration": "Customs Broker", "Move container": "Terminal Operator", "Inspect container": "Customs Officers"}
	got := map[string]string{}
	for _, a := range m.Activities {
		got[a.Name] = a.Performer
	}
	for name, who := range want {
		if !strings.EqualFold(got[name], who) {
			t.Errorf("%s by %q, want by %q (%v)", name, got[name], who, got)
		}
	}
}

func TestFiniteVerbAndNoWork(t *testing.T) {
	for _, tc := range []struct {
		s        string
		i        int
		finite   bool
		noWorkIs bool
	}{
		{"The examiners grade the thesis", 2, true, false},
		{"The policy applies to all staff", 2, true, true},
		{"The check takes about 2 hours", 2, true, true},
		{"The clerk checks the invoice", 2, true, false},
		{"The tax office holds the refund", 3, true, false},
		{"The clerk holds the key", 2, true, true},
	} {
		ws := strings.Fields(tc.s)
		b, f := verbAt(ws[:tc.i], ws, tc.i)
		if got := f != formNone && f != formIng && finiteVerb(ws[:tc.i], ws, tc.i, f); got != tc.finite {
			t.Errorf("finiteVerb(%q) = %v, want %v", tc.s, got, tc.finite)
		}
		if got := noWork(ws, tc.i, b, f, ws[:tc.i]); got != tc.noWorkIs {
			t.Errorf("noWork(%q) = %v, want %v", tc.s, got, tc.noWorkIs)
		}
	}
}
