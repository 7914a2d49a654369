package text

import (
	"context"
	"reflect"
	"testing"
)

func TestSlashParts(t *testing.T) {
	tests := []struct {
		body string
		want []string
	}{
		{"DTP lays out the PDF / PM converts the file / PM uploads the strings.", []string{"DTP lays out the PDF", "PM converts the file", "PM uploads the strings"}},
		{"the clerk grants read/write access.", nil},
		{"the answer is yes / no.", nil},
		{"the clerk books it.", nil},
	}
	for _, tt := range tests {
		if got := slashParts(tt.body); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("slashParts(%q) = %q, want %q", tt.body, got, tt.want)
		}
	}
}

// TestDependingSlashChoice: "Depending on X: A / B / C", each part a
// clause with its own performer, is one exclusive choice of three.
func TestDependingSlashChoice(t *testing.T) {
	for _, lead := range []string{"Depending on the format: ", "Depending on the format, "} {
		text := "The reviewer checks the translation.\n" + lead + "DTP specialist lays out the PDF / PM converts the file to Word / PM uploads the strings to the client's CMS.\nThe PM delivers the files.\n"
		m := Analyze(context.Background(), text, "x.txt")
		b := newBehaviour(m)
		for _, p := range [][2]pattern{{{"lay"}, {"convert"}}, {{"lay"}, {"upload"}}, {{"convert"}, {"upload"}}} {
			if !b.exclusiveApart(p[0], p[1]) {
				t.Errorf("%q: %v and %v are not exclusive\n%s", lead, p[0], p[1], describe(m))
			}
		}
		if !b.reachesAny(nodesMatching(m, pattern{"upload"}), pattern{"deliver"}, nil) {
			t.Errorf("%q: the upload never reaches the delivery\n%s", lead, describe(m))
		}
	}
}

func TestDependingColon(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Depending on the format: DTP lays out the PDF.", "Depending on the format, DTP lays out the PDF."},
		{"Depending on the format, DTP lays out the PDF.", "Depending on the format, DTP lays out the PDF."},
		{"Note: DTP lays out the PDF.", "Note: DTP lays out the PDF."},
	}
	for _, tt := range tests {
		if got := dependingColon(tt.in); got != tt.want {
			t.Errorf("dependingColon(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOrOwnSubject: "A does X or B does Y" after "Depending on …" gives B
// its own step, not a step of A's named "A B".
func TestOrOwnSubject(t *testing.T) {
	tests := []struct {
		text      string
		performer map[string]string
	}{
		{"The baker bakes the cake.\nDepending on whether the customer chose delivery, the driver delivers the cake or the counter assistant hands it over in the shop.\n",
			map[string]string{"Deliver cake": "Driver", "Hand cake over in shop": "Counter Assistant"}},
		{"Depending on the damage, the adjuster sends an expert or settles the claim by phone.\n",
			map[string]string{"Send expert": "Adjuster", "Settle claim": "Adjuster"}},
	}
	for _, tt := range tests {
		m := Analyze(context.Background(), tt.text, "x.txt")
		got := map[string]string{}
		for _, a := range m.Activities {
			got[a.Name] = a.Performer
		}
		for name, who := range tt.performer {
			if got[name] != who {
				t.Errorf("%q: %q by %q, want %q (steps %v)", tt.text, name, got[name], who, got)
			}
		}
	}
}
