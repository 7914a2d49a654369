package text

import (
	"reflect"
	"strings"
	"testing"
)

// The phases that gherkinProse, declarative, withPerformer,
// curatedVerbForm, structure, findTail, nominalAction, readWhether and
// readCues were split into, each on its own.

func TestFeatureFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want bool
	}{
		{"two scenarios, four steps", "Scenario: A\nGiven x\nThen y\nScenario: B\nGiven z\nThen w", true},
		{"an example counts as a scenario", "Scenario: A\nGiven x\nThen y\nExample: B\nGiven z\nThen w", true},
		{"one scenario", "Scenario: A\nGiven x\nWhen v\nThen y\nAnd w", false},
		{"three step lines", "Scenario: A\nGiven x\nScenario: B\nGiven z\nThen w", false},
	} {
		if got := featureFile(strings.Split(tc.text, "\n")); got != tc.want {
			t.Errorf("%s: featureFile = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestGherkinWriterStep(t *testing.T) {
	for _, tc := range []struct {
		name    string
		section string
		lines   [][2]string // keyword, text
		want    string      // the prose after flush
	}{
		{"background givens start the process", "background", [][2]string{{"Given", "The customer has sent the parcel back"}}, "The process starts when the customer has sent the parcel back."},
		{"a state is a condition, then an outcome", "scenario", [][2]string{{"When", "the item is damaged"}, {"Then", "the clerk rejects the return"}, {"But", "the customer is never refunded"}}, "If the item is damaged, the clerk rejects the return and the customer is never refunded."},
		{"a role's work is a step of its own", "scenario", [][2]string{{"When", "the returns clerk inspects the item"}, {"Then", "the clerk refunds the customer"}}, "The returns clerk inspects the item.\n\nThe clerk refunds the customer."},
	} {
		w := gherkinWriter{section: tc.section}
		for _, l := range tc.lines {
			w.step(l[0], l[1])
		}
		w.flush()
		if got := strings.Join(w.out, "\n\n"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCuratedStems(t *testing.T) {
	for _, tc := range []struct {
		w     string
		stems []string
		form  int
	}{
		{"verifies", []string{"verify"}, formThird},
		{"closes", []string{"clos", "close"}, formThird},
		{"checks", []string{"check"}, formThird},
		{"process", nil, formNone}, // "-ss" is no third person
		{"verified", []string{"verify"}, formPast},
		{"planned", []string{"planne", "plann", "plan"}, formPast},
		{"closing", []string{"clos", "close"}, formIng},
		{"planning", []string{"plann", "planne", "plan"}, formIng},
		{"sing", nil, formNone}, // too short for "-ing"
	} {
		stems, form := curatedStems(tc.w)
		if !reflect.DeepEqual(stems, tc.stems) || form != tc.form {
			t.Errorf("curatedStems(%q) = %q, %d; want %q, %d", tc.w, stems, form, tc.stems, tc.form)
		}
	}
}

func TestCutTails(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"The clerk rejects the candidate and that's it for that candidate.", "The clerk rejects the candidate."},
		{"The clerk marks the part and nothing is shipped.", "The clerk marks the part"},
		{"The clerk marks the part and it is not shipped.", "The clerk marks the part."},
		{"I close the request and no account is created", "I close the request"},
		{"The coordinator closes the file; no study plan is drawn up for that student.", "The coordinator closes the file"},
		{"If the part fails, it is not shipped.", "If the part fails, it is not shipped."},
		{"The admin rolls back the update and the cycle starts again.", "The admin rolls back the update."},
		{"The agent turns the tenant down and the process ends.", "The agent turns the tenant down."},
		{"The welder scraps the part and goes to step 5.", "The welder scraps the part."},
		{"The clerk files the form.", "The clerk files the form."},
	} {
		if got := cutTails(tc.body); got != tc.want {
			t.Errorf("cutTails(%q) = %q, want %q", tc.body, got, tc.want)
		}
	}
}

func TestJoinedAndRelativeTail(t *testing.T) {
	for _, tc := range []struct {
		name     string
		ws       string
		form     int
		tail     string
		relative bool
		pron     string
	}{
		{"and then a verb", "by email and then enters it", formThird, "enters it", false, ""},
		{"the speaker after and", "by email and I log them", formThird, "log them", false, "i"},
		{"a relative clause", "to the technician, who schedules the visit", formThird, "schedules the visit", true, ""},
		{"a duration is no action", "and takes 15 minutes", formThird, "", false, ""},
		{"a list of nouns after a comma", "the datum, coordinate reference system", formThird, "", false, ""},
	} {
		tail, rel, pron := findTail(strings.Fields(tc.ws), tc.form)
		if strings.Join(tail, " ") != tc.tail || rel != tc.relative || pron != tc.pron {
			t.Errorf("%s: findTail = %q, %v, %q; want %q, %v, %q", tc.name, tail, rel, pron, tc.tail, tc.relative, tc.pron)
		}
	}
}

func TestNominalPhases(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Further documentation can be found here", true},
		{"Verification that the form is complete", false},
		{"Confirmation of what is needed", false},
	} {
		if got := finiteSubject(strings.Fields(tc.s)); got != tc.want {
			t.Errorf("finiteSubject(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		i    int
		verb string
		rest string // "-": no action
	}{
		{"Verification of the invoice", 0, "verify", "the invoice"},
		{"the closing of the ticket", 1, "close", "the ticket"},
		{"Consistency checks between the files", 1, "check", "consistency between the files"},
		{"the verification team", 1, "verify", "-"},
	} {
		ws := strings.Fields(tc.s)
		v, ok := nominalVerb(ws, tc.i)
		if !ok || v != tc.verb {
			t.Errorf("nominalVerb(%q, %d) = %q, %v; want %q", tc.s, tc.i, v, ok, tc.verb)
			continue
		}
		rest, ok := nominalRest(ws, tc.i, v)
		got := strings.Join(rest, " ")
		if !ok {
			got = "-"
		}
		if got != tc.rest {
			t.Errorf("nominalRest(%q, %d) = %q, want %q", tc.s, tc.i, got, tc.rest)
		}
	}
}

func TestWhetherObject(t *testing.T) {
	for _, tc := range []struct{ cond, want string }{
		{"the form is complete", "whether form is complete"},
		{"the order was delivered more than 30 days ago", "whether order was delivered"},
		{"the applicant meets every single one of the listed criteria", "whether applicant meets every single"}, // "one" is a number
	} {
		if got := strings.Join(whetherObject(tc.cond), " "); got != tc.want {
			t.Errorf("whetherObject(%q) = %q, want %q", tc.cond, got, tc.want)
		}
	}
}

func TestPerformerPhases(t *testing.T) {
	cs := []clause{{verb: "approve", object: []string{"it"}}}
	got := eitherPerformer(cs, strings.Fields("the team lead or the director"))
	if len(got) != 2 || got[0].performer != "Team Lead" || got[1].performer != "Director" || got[0].alt || !got[1].alt {
		t.Errorf("eitherPerformer = %+v, want the team lead, then the director as the alternative", got)
	}
	if got := eitherPerformer(cs, strings.Fields("the clerk")); got != nil {
		t.Errorf("eitherPerformer(the clerk) = %+v, want nil", got)
	}
	for _, tc := range []struct {
		subject string
		c       clause
		want    bool
	}{
		{"This page", clause{verb: "describe", object: []string{"the", "process"}}, true},
		{"it", clause{verb: "land", object: []string{"with", "me"}}, true},
		{"it", clause{verb: "send", object: []string{"the", "form"}}, false},
		{"The clerk", clause{verb: "file", object: []string{"the", "form"}}, false},
	} {
		if got := noPerformer([]clause{tc.c}, strings.Fields(tc.subject)); got != tc.want {
			t.Errorf("noPerformer(%q, %s) = %v, want %v", tc.subject, tc.c.verb, got, tc.want)
		}
	}
}

func TestCuePhases(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"We are an independent body shop. We repair cars.", "shop"},
		{"We are small shop.", "shop"},
		{"We are responsible for the repair.", ""},
	} {
		if got := homeCue(tc.text); got != tc.want {
			t.Errorf("homeCue(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	var c partyCues
	c.staff = map[string]bool{}
	c.readStaff("The clinic is staffed by triage nurses and a GP on duty. Drivers are employed by the company.")
	if want := map[string]bool{"nurse": true, "gp": true, "driver": true}; !reflect.DeepEqual(c.staff, want) {
		t.Errorf("readStaff = %v, want %v", c.staff, want)
	}
	c.readOutside("The office appoints an external loss adjuster. PrintCo (the printer) prints the badges. Marco (the export clerk) files it.")
	if want := []string{"loss adjuster", "printco", "printer"}; !reflect.DeepEqual(c.outside, want) {
		t.Errorf("readOutside = %q, want %q", c.outside, want)
	}
}
