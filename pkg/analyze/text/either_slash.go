package text

import (
	"regexp"
	"strings"
)

// slashSepRe is the slash between alternatives written as clauses: "DTP
// lays out the PDF / PM converts the file / PM uploads the strings".
var slashSepRe = regexp.MustCompile(`\s+/\s+`)

// slashParts splits alternatives separated by spaced slashes, or returns
// nil when body has none or a part is too short to be a clause ("yes /
// no"); "and/or" and "PDF/A" keep their slashes.
func slashParts(body string) []string {
	parts := slashSepRe.Split(strings.TrimRight(strings.TrimSpace(body), "."), -1)
	if len(parts) < 2 {
		return nil
	}
	for _, p := range parts {
		if wordCount(p) < 3 {
			return nil
		}
	}
	return parts
}

// slashChoice reads "Depending on X, A / B / C", each part a clause with
// its own performer, as one exclusive choice among the parts, named by
// what it depends on. It reports whether body was such a list.
func (a *analyzer) slashChoice(on, body string, r *reading) ([]*draft, bool) {
	parts := slashParts(body)
	if parts == nil {
		return nil, false
	}
	var ds []*draft
	var alts [][]*draft
	for _, p := range parts {
		alt := a.clauses(capitalise(strings.TrimSpace(p))+".", r.s)
		if len(alt) == 0 {
			return nil, false
		}
		alts = append(alts, alt)
		ds = append(ds, alt...)
	}
	a.applyTimes(alts[0], r.work, r.wait)
	a.b.addChoice(a.decider(ds), alts)
	if o := a.b.lastItem(); o != nil && o.gw != nil {
		o.gw.name = capitalise(strings.TrimSpace(on)) + "?"
		o.gw.spec = "Depends on " + strings.TrimSpace(on) + "."
	}
	return ds, true
}

// dependingColonRe is "Depending on X: …", a lead the colon ends.
var dependingColonRe = regexp.MustCompile(`(?i)^(\W*depending\s+on\s+[^,:]{2,80}):\s+(\S.*)$`)

// dependingColon writes "Depending on the format: A / B" as "Depending on
// the format, A / B", so the lead is read as the choice's condition and
// not as a label before the step.
func dependingColon(s string) string {
	if m := dependingColonRe.FindStringSubmatch(s); m != nil {
		return m[1] + ", " + m[2]
	}
	return s
}

// ownSubject reports a clause that opens with its own performer and a
// finite verb: "the counter assistant hands it over" after "the driver
// delivers the cake or", which is no second step of the driver's.
func ownSubject(text string) bool {
	ws := strings.Fields(text)
	for k := 1; k < len(ws) && k <= 4; k++ {
		if _, f := verbForm(ws[k]); f == formThird || f == formPast {
			return determiners[norm(ws[0])] && isAgent(nounPhrase(ws[:k], 4))
		}
	}
	return false
}
