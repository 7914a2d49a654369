package text

import (
	"regexp"
	"strings"
)

// failHeadRe names the column of a procedure table that says what is
// done when the row's check fails: "If not OK", "If failed", "On
// failure", "Corrective action".
var failHeadRe = regexp.MustCompile(`(?i)^\s*(?:if\s+(?:not\s+ok(?:ay)?|nok|failed|it\s+fails|fail|rejected|not\s+passed|not\s+acceptable)|on\s+failure|corrective\s+actions?|reaction)\s*$`)

// repeatRowRe is a fail cell's way back: "then repeat 1", "repeat step
// 3".
var repeatRowRe = regexp.MustCompile(`(?i)\b(?:and\s+|then\s+)*repeat\s+(?:step\s+|row\s+)?(\d{1,3}(?:\.\d{1,3})*)\b`)

// rowFail reads a fail cell after its row's steps: a decision whose
// "not OK" branch does what the cell says and, with "repeat 1", goes back
// to that row; a dash or an empty cell adds nothing.
func (a *analyzer) rowFail(cell string) {
	cell = strings.TrimSpace(cell)
	if wordCount(strings.Trim(cell, "–—-./ ")) == 0 || strings.EqualFold(cell, "n/a") {
		return
	}
	cell = repeatRowRe.ReplaceAllString(cell, "go back to step $1")
	if ws := strings.Fields(cell); len(ws) > 1 && !articles[strings.ToLower(ws[0])] {
		if _, f := verbForm(ws[1]); f == formThird || auxBe[norm(ws[1])] {
			cell = "the " + lowerFirst1(cell) // "Carpenter corrects the formwork": a role with no article
		}
	}
	a.sentence("If the result is not OK, "+lowerFirst1(cell), true)
}

var (
	// nextIfPartsRe splits a next cell into its answers: "3 if the
	// recipient opens, 4 if nobody is home".
	nextIfPartsRe = regexp.MustCompile(`\s*(?:[,;]|\bor\b)\s*`)
	// nextIfRe is one answer: a row and the condition it is taken on.
	nextIfRe = regexp.MustCompile(`(?i)^(\d{1,3}[a-z]?)\s+if\s+(.{2,80}?)\W*$`)
)

// rowNextIf reads a next cell whose answers each go to a row on a
// condition ("3 if complete, 4 if not"): one decision whose branches
// those rows are, each row on its condition ("not" says the other's
// opposite). It reports whether the cell was such a list.
func (a *analyzer) rowNextIf(h *tableHead, next string) bool {
	parts := nextIfPartsRe.Split(strings.TrimSpace(next), -1)
	if len(parts) < 2 {
		return false
	}
	conds := map[string]string{}
	prev := ""
	for _, p := range parts {
		m := nextIfRe.FindStringSubmatch(p)
		if m == nil {
			return false
		}
		cond := strings.TrimSpace(m[2])
		if c := strings.ToLower(cond); (c == "not" || c == "no") && prev != "" {
			cond = "not " + prev // "4 if not": not complete
		}
		conds[strings.ToLower(m[1])], prev = cond, cond
	}
	for k, c := range conds {
		h.conds[k] = c
	}
	a.b.addWhether("which outcome", a.currentActor())
	a.b.open.cases = true
	return true
}
