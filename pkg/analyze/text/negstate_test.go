package text

import (
	"context"
	"slices"
	"testing"
)

func TestUnsuitableSubject(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Unsuccessful applicants receive a standard letter from HR.", "If the applicant is unsuccessful, the applicants receive a standard letter from HR.", true},
		{"unsuccessful applicants receive a standard letter from HR, nothing more", "If the applicant is unsuccessful, the applicants receive a standard letter from HR, nothing more", true},
		{"Ineligible parties are told in writing.", "If the party is ineligible, the parties are told in writing.", true},
		{"Rejected claims are returned to the customer.", "If the claim is rejected, the claims are returned to the customer.", true},
		{"Approved claims go to finance.", "Approved claims go to finance.", false},
		{"Shortlisted applicants are invited to an interview.", "Shortlisted applicants are invited to an interview.", false},
		{"The applicants receive a letter.", "The applicants receive a letter.", false},
	}
	for _, tt := range tests {
		got, ok := unsuitableSubject(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("unsuitableSubject(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestUnsuitableCaseEnds: the letter to an unsuccessful applicant is a
// branch of its own that ends, and never reaches the offer.
func TestUnsuitableCaseEnds(t *testing.T) {
	tests := []struct{ name, text, neg, pos string }{
		{"plural subject", "The recruiter screens the applications. Unsuccessful applicants receive a standard letter from HR. The line manager interviews the shortlisted applicants. HR makes the offer.", "Send standard letter", "Make offer"},
		{"stated condition", "The recruiter screens the applications. If the applicant is not selected, HR sends a standard letter. The line manager interviews the applicant. HR makes the offer.", "Send standard letter", "Make offer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Analyze(context.Background(), tt.text, "t.txt")
			ids := map[string]string{}
			for _, a := range m.Activities {
				ids[a.Name] = a.ID
			}
			if ids[tt.neg] == "" || ids[tt.pos] == "" {
				t.Fatalf("activities %v lack %q or %q", ids, tt.neg, tt.pos)
			}
			if reaches(m, ids[tt.neg], ids[tt.pos]) {
				t.Errorf("%q reaches %q", tt.neg, tt.pos)
			}
		})
	}
}

func TestNotDoneColonSplits(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Should the tax office report arrears, the registration is not completed: the applicant is informed in writing and the file is closed.",
			[]string{"Should the tax office report arrears, the applicant is informed in writing and the file is closed; the registration is not completed."}},
		{"Should the check fail, the order is not shipped: you set it to blocked and I email the client.",
			[]string{"Should the check fail, you set the order to blocked and I email the client; the order is not shipped."}},
		{"The order is not shipped: see below.", []string{"The order is not shipped: see below."}},
		{"The clerk checks two things: the address and the amount.", []string{"The clerk checks two things: the address and the amount."}},
		{"The parcel is shipped: the clerk prints the label and seals it.", []string{"The parcel is shipped: the clerk prints the label and seals it."}},
	}
	for _, tt := range tests {
		if got := sentences(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
