package text

import (
	"context"
	"testing"
)

func TestKeepBackRe(t *testing.T) {
	tests := []struct {
		s, cond string
	}{
		{"The reviewer keeps sending it back until no errors remain.", "no errors remain"},
		{"QA keeps returning the batch record until it is complete.", "it is complete"},
		{"The editor keeps sending the draft back to the author until it reads well.", "it reads well"},
		{"The reviewer sends it back until no errors remain.", ""},
		{"The clerk keeps the file until the end of the month.", ""},
	}
	for _, tt := range tests {
		got := ""
		if m := keepBackRe.FindStringSubmatch(tt.s); m != nil {
			got = m[1]
		}
		if got != tt.cond {
			t.Errorf("keepBackRe(%q) = %q, want %q", tt.s, got, tt.cond)
		}
	}
}

// TestKeepsSendingBack: "keeps sending it back until …" closes the cycle
// of the check and its rework, as "This is repeated until …" does.
func TestKeepsSendingBack(t *testing.T) {
	text := "The translator translates the text. The reviewer checks the translation. If errors are found, the translation is sent back to the translator, who corrects them. The reviewer keeps sending it back until no errors remain. The project manager delivers the files."
	m := Analyze(context.Background(), text, "x.txt")
	b := newBehaviour(m)
	check, fix := pattern{"check", "translation"}, pattern{"correct"}
	if !b.reachesAny(nodesMatching(m, check), fix, nil) || !b.reachesAny(nodesMatching(m, fix), check, nil) {
		t.Errorf("no loop through the check and the correction\n%s", describe(m))
	}
	if !b.reachesAny(nodesMatching(m, fix), pattern{"deliver"}, nil) {
		t.Errorf("the correction never reaches the delivery\n%s", describe(m))
	}
}
