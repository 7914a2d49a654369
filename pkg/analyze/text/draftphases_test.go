package text

import (
	"context"
	"strings"
	"testing"
)

func newTestAnalyzer() *analyzer {
	return &analyzer{ctx: context.Background(), actors: newActorIndex(), canon: map[string]string{}}
}

func TestDraftPerformer(t *testing.T) {
	tests := []struct {
		name      string
		lastActor string
		writer    string
		c         clause
		want      string
	}{
		{"subject", "", "", clause{performer: "Claims Handler", verb: "check"}, "Claims Handler"},
		{"pronoun after an actor", "Clerk", "", clause{pronoun: true, pron: "she", verb: "sign"}, "Clerk"},
		{"I in an e-mail", "", "Fleet Coordinator", clause{pronoun: true, pron: "i", verb: "book"}, "Fleet Coordinator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newTestAnalyzer()
			a.lastActor, a.writer = tt.lastActor, tt.writer
			if got := a.draftPerformer(tt.c); got != tt.want {
				t.Errorf("draftPerformer = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestNotePerformer(t *testing.T) {
	a := newTestAnalyzer()
	c := clause{performer: "Customer", verb: "pay"}
	a.notePerformer(&c, "Customer")
	if a.lastExternal != "Customer" || a.lastInternal != "" || a.lastActor != "Customer" || a.lastClause != &c {
		t.Errorf("after an outside party: internal %q external %q actor %q", a.lastInternal, a.lastExternal, a.lastActor)
	}
	a.notePerformer(&clause{performer: "Clerk", verb: "book"}, "Clerk")
	if a.lastInternal != "Clerk" || a.lastExternal != "Customer" {
		t.Errorf("after a clerk: internal %q external %q", a.lastInternal, a.lastExternal)
	}
}

func TestDraftSIPOC(t *testing.T) {
	tests := []struct {
		name                   string
		c                      clause
		inputs, outputs, custs string
		addressed              string
	}{
		{"worked on", clause{verb: "check", object: []string{"invoice"}}, "Invoice", "Checked invoice", "", ""},
		{"sent to an outside party", clause{verb: "send", object: []string{"offer"}, to: "Customer"}, "Offer", "Sent offer", "Customer", "Customer"},
		{"made, dealt with at a party", clause{verb: "book", object: []string{"bed", "at", "the", "clinic"}}, "", "Bed", "Clinic", "Clinic"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newTestAnalyzer()
			d := &draft{}
			a.objectSIPOC(d, tt.c)
			a.partySIPOC(d, &tt.c)
			got := []string{strings.Join(d.inputs, ","), strings.Join(d.outputs, ","), strings.Join(d.custs, ","), strings.Join(d.addressed, ",")}
			want := []string{tt.inputs, tt.outputs, tt.custs, tt.addressed}
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("inputs|outputs|customers|addressed = %q, want %q", got, want)
			}
		})
	}
}

func TestRecordDraft(t *testing.T) {
	a := newTestAnalyzer()
	a.pendingIn = []string{"Form"}
	a.sectionNo = 3
	d := &draft{}
	a.record(d, clause{verb: "enter", to: "Clerk", pron: "she"}, "She enters it in SAP.")
	if a.last != d || a.count != 1 || d.section != 3 || len(a.drafts) != 1 || a.lastPron != "she" || a.lastTo != "Clerk" {
		t.Errorf("record: last %v count %d section %d lastPron %q lastTo %q", a.last == d, a.count, d.section, a.lastPron, a.lastTo)
	}
	if strings.Join(d.inputs, ",") != "Form" || a.pendingIn != nil || strings.Join(d.systems, ",") != "SAP" {
		t.Errorf("record: inputs %q pending %q systems %q", d.inputs, a.pendingIn, d.systems)
	}
}
