package text

import (
	"strings"
	"testing"
)

// TestMissingSteps holds steps the reader used to lose: each text must
// give every named activity (name and performer as names() prints them).
func TestMissingSteps(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"subsection markers inside a paragraph",
			"§ 13 Examination. (1) The caseworker examines the application for completeness. (2) The caseworker calculates the entitlement according to Annex 2.",
			[]string{"Examine application for completeness (Caseworker)", "Calculate entitlement (Caseworker)"}},
		{"lettered subsection",
			"The clerk registers the claim. (e) Where the defendant admits the claim, the defendant pays the claimant directly.",
			[]string{"Register claim (Clerk)", "Pay claimant (Defendant)"}},
		{"lead phrase without comma, base verb of plain English",
			"The customer reports the lost card. For all blocked cards the agent order a new card.",
			[]string{"Order new card (Agent)"}},
		{"lead phrase, performer opening with a capital",
			"The candidate signs the form. With the signed form HR assistant order the check at the screening agency.",
			[]string{"Order check at screening agency (HR Assistant)"}},
		{"lead clause, article and two-word performer",
			"The engineer tests the part. At the end the quality engineer file the approval report in the PLM system.",
			[]string{"File approval report in PLM system (Quality Engineer)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := names(analyze(t, tt.text))
			for _, w := range tt.want {
				if !contains(got, w) {
					t.Errorf("missing %q in %v", w, got)
				}
			}
		})
	}
}

func TestDropSubsectionMark(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(2) The caseworker calculates the entitlement.", "The caseworker calculates the entitlement."},
		{"(e) Where the defendant admits the claim, …", "Where the defendant admits the claim, …"},
		{"(iv) The clerk files it.", "The clerk files it."},
		{"(see annex) The clerk files it.", "(see annex) The clerk files it."},
		{"The clerk files it (2) times.", "The clerk files it (2) times."},
	}
	for _, tt := range tests {
		if got := dropSubsectionMark(tt.in); got != tt.want {
			t.Errorf("dropSubsectionMark(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlainAfterLead(t *testing.T) {
	tests := []struct {
		in   string
		k    int
		want bool
	}{
		{"For all blocked cards the agent order a new card", 4, true},
		{"With the signed form HR assistant order the check", 4, true},
		{"For all blocked cards the agents order", 4, false},      // "agents order" ends the sentence: no object
		{"For the new product the price list shows it", 4, false}, // no performer, third person
		{"In the morning the clerk checks the mail", 3, false},    // third person: the plain rule is not needed
	}
	for _, tt := range tests {
		got := plainAfterLead(strings.Fields(tt.in), tt.k) != nil
		if got != tt.want {
			t.Errorf("plainAfterLead(%q, %d) = %v, want %v", tt.in, tt.k, got, tt.want)
		}
	}
}
