package text

import (
	"regexp"
	"strings"
)

// announcedRe is a sentence that announces the outcomes a decision can
// have, listed after a colon: "The coordinator decides one of three
// things: suited for work with children, suited for adult programmes
// only, or not suited", "There are three possible outcomes: …".
var announcedRe = regexp.MustCompile(`(?i)\b(?:one\s+of\s+(?:the\s+)?(?:two|three|four|five|following)|(?:two|three|four|five)\s+(?:possible\s+)?)\s*(?:things|options|outcomes|results|answers|decisions|ways|routes|verdicts)\b[^:]{0,40}:\s*(\S.+)$`)

// announcedSplitRe splits the listed outcomes.
var announcedSplitRe = regexp.MustCompile(`(?i)\s*(?:,\s*(?:or\s+|and\s+)?|;\s*|\s+or\s+)`)

// announcedOptions records the outcomes a sentence announces, as the
// stems of their words of four letters or more; nil when it announces
// none.
func announcedOptions(s string) [][]string {
	m := announcedRe.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(s), "."))
	if m == nil {
		return nil
	}
	var out [][]string
	for _, o := range announcedSplitRe.Split(m[1], -1) {
		var stems []string
		for _, w := range strings.Fields(strings.ToLower(o)) {
			if w = trimPunct(w); len(w) >= 4 {
				stems = append(stems, stemOf(w))
			}
		}
		if len(stems) > 0 {
			out = append(out, stems)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// announcedLabel reads "Adult programmes: she adds the volunteer to the
// adult roster" after a sentence that announced the outcomes ("one of
// three things: …, suited for adult programmes only, …") as the case of
// that outcome, like an arrow note: "Adult programmes -> she adds …".
// The label is short, has no verb and shares a word with one of the
// outcomes announced. The outcomes are forgotten at the first sentence
// after a label that is none.
func (a *analyzer) announcedLabel(s string) string {
	if opts := announcedOptions(s); opts != nil {
		a.announced, a.announcedHit = opts, false
		return s
	}
	if a.announced == nil {
		return s
	}
	if a.announcedLabel1 != "" {
		// "Not suited: she sends …" was cut at the colon as a thing not
		// done: the label's case is this sentence
		label := a.announcedLabel1
		a.announcedLabel1 = ""
		return outcomeCase(label, s)
	}
	if t := strings.TrimSuffix(strings.TrimSpace(s), "."); !strings.ContainsAny(t, ":,;") && labelOf(t, a.announced) {
		a.announcedHit, a.announcedLabel1 = true, t
		return s
	}
	label, rest, ok := strings.Cut(s, ":")
	if ok && labelOf(label, a.announced) && wordCount(rest) >= 2 {
		a.announcedHit = true
		return outcomeCase(label, rest)
	}
	if a.announcedHit {
		a.announced, a.announcedHit = nil, false
	}
	return s
}

// labelOf reports whether label is a short outcome label without a verb
// that shares a stem with one of the outcomes.
func labelOf(label string, opts [][]string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimSpace(label)))
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	if determiners[ws[0]] || pronounSubjects[ws[0]] {
		return false // "She decides: …", "The clerk: …": a clause or a role
	}
	for _, w := range ws {
		if w = trimPunct(w); len(w) < 4 {
			continue
		}
		for _, o := range opts {
			for _, st := range o {
				if stemOf(w) == st {
					return true
				}
			}
		}
	}
	return false
}

// pronounSubjects open a clause, never an outcome label.
var pronounSubjects = set(`i you he she it we they who`)

// outcomeCase writes an announced outcome's case as the others are
// written, "If the outcome is adult programmes, she adds …", so that the
// outcomes are the branches of one choice, not questions in a row.
func outcomeCase(label, rest string) string {
	return "If the outcome is " + strings.ToLower(strings.TrimSpace(label)) + ", " + strings.TrimSpace(rest)
}
