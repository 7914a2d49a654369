package text

import (
	"slices"
	"strings"
	"testing"
)

// TestPersonObject covers a pronoun for a person at an object's start:
// dropped after a verb that addresses someone or before the thing given;
// "them" as things stays for the antecedent.
func TestPersonObject(t *testing.T) {
	tests := []struct {
		verb, object, want string
	}{
		{"call", "them back", "back"},
		{"call", "them", ""},
		{"give", "them the next free appointment", "the next free appointment"},
		{"inform", "them about the date", "about the date"},
		{"check", "them", "them"},
		{"send", "them to the customer", "them to the customer"},
		{"sign", "them all", "them all"},
	}
	for _, tt := range tests {
		got := strings.Join(personObject(tt.verb, strings.Fields(tt.object)), " ")
		if got != tt.want {
			t.Errorf("personObject(%q, %q) = %q, want %q", tt.verb, tt.object, got, tt.want)
		}
	}
}

// TestCallThemBack covers the labels of steps with "them" for the
// patients: no earlier object in them.
func TestCallThemBack(t *testing.T) {
	m := analyze(t, "The nurse reads the notes and decides how urgent it is. If it is not urgent, the receptionist calls them back and gives them the next free appointment.")
	var names []string
	for _, a := range m.Activities {
		names = append(names, a.Name)
	}
	for _, want := range []string{"Call back", "Give next free appointment"} {
		if !slices.Contains(names, want) {
			t.Errorf("no task %q among %q", want, names)
		}
	}
}
