package text

import (
	"regexp"
	"strings"
)

// responsibleRe is a responsibility matrix's cell of whoever does the
// row's work: "R", "R/A", "A, R" (RACI: responsible, accountable,
// consulted, informed).
var responsibleRe = regexp.MustCompile(`^(?:[ACIS][ \t]*[/,+][ \t]*)*R(?:[ \t]*[/,+][ \t]*[ACIS])*$`)

// matrixResponsible is who does a row of a responsibility matrix: the
// header of the first column whose cell marks it responsible ("R"), its
// bracket dropped ("Architect (Parkes Studio)" → "Architect"), or "".
// With no R, the column marked A (accountable) does it. A matrix needs the letters: any other cell of the row that holds
// words makes the row no matrix row.
func matrixResponsible(h *tableHead, cells []string) string {
	who, signs := "", ""
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if i == h.action || c == "" || i >= len(h.heads) {
			continue
		}
		if !raciCell(c) {
			return ""
		}
		if who == "" && responsibleRe.MatchString(c) {
			who = h.heads[i]
		}
		if signs == "" && c == "A" {
			signs = h.heads[i]
		}
	}
	if who == "" {
		who = signs // no one marked R: who signs it off does it ("Approve cost" A by the client)
	}
	if j := strings.IndexByte(who, '('); j > 0 {
		who = who[:j]
	}
	return strings.TrimSpace(who)
}

// raciCell reports whether a cell holds only RACI letters and
// separators.
func raciCell(c string) bool {
	for _, r := range c {
		if !strings.ContainsRune("RACIS/,+ \t", r) {
			return false
		}
	}
	return true
}
