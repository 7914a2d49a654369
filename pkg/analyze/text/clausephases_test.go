package text

import (
	"context"
	"strings"
	"testing"
)

func TestClauseRewrites(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The clerk gets the report from the police", "The clerk receives the report from the police"},
		{"It is the responsibility of the clerk to archive the file", "The clerk must archive the file"},
		{"The clerk signs the form", "The clerk signs the form"},
		{"The monthly report goes to the statistics office", "The monthly report is sent to the statistics office"},
		{"A copy goes out to the customer", "A copy is sent to the customer"},
		{"The order goes to the warehouse", "The order goes to the warehouse"},
		{"The clerk goes to the customer", "The clerk goes to the customer"},
	}
	for _, tt := range tests {
		if got := clauseRewrites(tt.in); got != tt.want {
			t.Errorf("clauseRewrites(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestClausePhases(t *testing.T) {
	tests := []struct {
		name  string
		known []string // people introduced before
		text  string
		whole bool   // read at once by wholeForms
		who   string // namedPerson's performer
		list  []string
	}{
		{name: "list passive", text: "The brakes, the lights and the tyres are tested.", whole: true},
		{name: "routed", text: "The request goes to the finance manager for approval.", whole: true},
		{name: "named person", known: []string{"Anna"}, text: "Anna receives the invoice.", who: "Anna", list: []string{"Agent: Receive invoice"}},
		{name: "clause list", text: "The post is advertised, applicants apply, and the applications are checked.",
			list: []string{": Advertise post", "Applicants: Apply", ": Check applications"}},
		{name: "lead-in is context", text: "When a customer calls, the agent opens a ticket.", list: []string{"Agent: Open ticket"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &analyzer{ctx: context.Background(), actors: newActorIndex(), canon: map[string]string{}}
			for _, k := range tt.known {
				a.performer(k)
			}
			_, _, whole := a.wholeForms(tt.text, tt.text)
			if whole != tt.whole {
				t.Fatalf("wholeForms = %v, want %v", whole, tt.whole)
			}
			if whole {
				return
			}
			who, rest := a.namedPerson(tt.text)
			if who != tt.who {
				t.Errorf("namedPerson = %q, want %q", who, tt.who)
			}
			var got []string
			for _, c := range a.clauseList(rest, who) {
				got = append(got, c.performer+": "+c.name())
			}
			if strings.Join(got, "|") != strings.Join(tt.list, "|") {
				t.Errorf("clauseList = %q, want %q", got, tt.list)
			}
		})
	}
}
