package text

import (
	"strings"
	"testing"
)

// TestGherkinProse covers the rewriting of feature files into prose and
// which texts are left alone.
func TestGherkinProse(t *testing.T) {
	feature := "Feature: Parcel returns\n  As the returns desk we want one way of handling returns.\n\n" +
		"  Background:\n    Given the customer has sent the parcel back\n\n" +
		"  Scenario: Item is fine\n    When the returns clerk inspects the item\n    And the item is undamaged\n    Then the clerk refunds the customer\n    And the clerk restocks the item\n\n" +
		"  Scenario: Item is damaged\n    When the item is damaged\n    Then the clerk rejects the return\n    But the customer is never refunded\n"
	tests := []struct {
		name string
		text string
		ok   bool
		want []string // lines the prose holds
	}{
		{
			name: "feature with background and two scenarios",
			text: feature,
			ok:   true,
			want: []string{
				"Parcel returns",
				"The process starts when the customer has sent the parcel back.",
				"The returns clerk inspects the item.",
				"If the item is undamaged, the clerk refunds the customer and the clerk restocks the item.",
				"If the item is damaged, the clerk rejects the return and the customer is never refunded.",
			},
		},
		{
			name: "one scenario is no process of choices",
			text: "Feature: Login\n  Scenario: Valid user\n    Given a user\n    When the user logs in\n    Then the user sees the start page\n    And the user gets a welcome mail\n",
		},
		{
			name: "prose that mentions a scenario",
			text: "Scenario: the clerk checks the form. Scenario: the clerk files the form. Then the manager signs it.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := gherkinProse(tt.text)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v; prose:\n%s", ok, tt.ok, got)
			}
			lines := strings.Split(got, "\n\n")
			for _, w := range tt.want {
				found := false
				for _, l := range lines {
					found = found || l == w
				}
				if !found {
					t.Errorf("no line %q in:\n%s", w, got)
				}
			}
		})
	}
}

// TestGherkinModel covers the model of a feature file: the rejecting
// scenario never reaches the refund, and the two scenarios are apart.
func TestGherkinModel(t *testing.T) {
	checkLogic(t, logicCase{
		text: "Feature: Parcel returns\n\n  Background:\n    Given the customer has sent the parcel back\n\n" +
			"  Scenario: Item is fine\n    When the returns clerk inspects the item\n    And the item is undamaged\n    Then the clerk refunds the customer\n    And the clerk restocks the item\n\n" +
			"  Scenario: Item is damaged\n    When the item is damaged\n    Then the clerk rejects the return\n    And the customer is never refunded\n",
		never:     [][2]pattern{{{"reject"}, {"refund"}}},
		exclusive: [][2]pattern{{{"reject"}, {"restock"}}},
		reach:     [][2]pattern{{{"inspect"}, {"restock"}}},
	})
}

// TestNounBeforeRole covers a subject whose noun before the role reads
// as a verb: "the special needs coordinator assesses …", "the returns
// clerk inspects …".
func TestNounBeforeRole(t *testing.T) {
	tests := []struct{ text, performer, verb string }{
		{"the special needs coordinator assesses the support plan", "Special Needs Coordinator", "assess"},
		{"the returns clerk inspects the item", "Returns Clerk", "inspect"},
	}
	for _, tt := range tests {
		cs := parseClause(tt.text, "")
		if len(cs) == 0 || cs[0].performer != tt.performer || cs[0].verb != tt.verb {
			t.Errorf("%q: got %+v, want %s / %s", tt.text, cs, tt.performer, tt.verb)
		}
	}
}
