package text

import (
	"slices"
	"strings"
	"testing"
)

// TestNominalActionLeavesWordsAlone pins that reading a nominal action
// ("Check that …", "Review of …") never writes over the caller's words:
// the caller reads the same sentence again when it is no action.
func TestNominalActionLeavesWordsAlone(t *testing.T) {
	for _, s := range []string{
		"Check that all documents are present",
		"Review of the file and approval of the request",
		"Consistency checks between the ledger and the bank statement",
		"Verification that all documents are present",
	} {
		ws := strings.Fields(s)
		before := slices.Clone(ws)
		nominalAction(ws, "")
		if !slices.Equal(ws, before) {
			t.Errorf("%q: words became %q", s, strings.Join(ws, " "))
		}
	}
}
