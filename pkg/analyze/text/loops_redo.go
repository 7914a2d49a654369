package text

import (
	"regexp"
	"strings"
)

// rePrefixRe is a word with the prefix "re" that may name an earlier
// step done once more: "rescans", "re-inspects", "retested".
var rePrefixRe = regexp.MustCompile(`\b([Rr]e-?)([a-z]{3,})\b`)

// reWords keep their own meaning: without "re" they name another verb
// ("removes" is no second "moves", "returns" no second "turns"), or
// they start a new case rather than redo a step ("a rejected applicant
// may reapply next year").
var reWords = set(`remove replace report repair reserve represent resign refund relay recover restore reform
	resolve return review recall research resort refine remark reside resent retreat retire reward rebound
	record reclaim reset rejoin relate reverse repress repose restrain reject redress refuse remind reprove
	recite retail revise react release register request resume relieve regard reply resound recoil repeat
	redo rerun retain remit retrace rerate remain resist respect resubmit relocate reassure
	reapply reenter recommend`)

// clauseEndRe is where the clause a word is in ends: a comma, a
// semicolon, a full stop or a conjunction that starts the next clause.
var clauseEndRe = regexp.MustCompile(`(?i)[,;.!:]|\s(?:and|then|until|till|before|after|but|so|if|when|once|while|with)\s`)

// redoPrefix rewrites a step whose verb is an earlier step's verb with
// "re" in front as that step done again ("the inspector rescans the
// label" after "scans each label": "scans the label again"), so that it
// loops back like "again" does. Words that keep a meaning of their own
// ("removes", "returns", "reviews") stay, and so does a noun ("a full
// recount"). The step keeps its own name (redone.restore).
func (a *analyzer) redoPrefix(s string) (string, redone) {
	if len(a.drafts) == 0 {
		return s, redone{}
	}
	for _, m := range rePrefixRe.FindAllStringSubmatchIndex(s, -1) {
		word, rest := strings.ToLower(s[m[0]:m[1]]), s[m[4]:m[5]]
		hyphen := strings.HasSuffix(s[m[2]:m[3]], "-")
		if wb, _ := verbForm(word); !hyphen && reWords[wb] || afterDeterminer(s[:m[0]]) {
			continue // "orders a full recount": a noun
		}
		b, f := verbForm(rest)
		if f == formNone || !a.earlierVerb(b) {
			continue
		}
		end := len(s)
		if e := clauseEndRe.FindStringIndex(s[m[1]:]); e != nil {
			end = m[1] + e[0]
		}
		head := s[:m[0]]
		if m[0] == 0 || strings.TrimSpace(head) == "" {
			rest = capitalise(rest)
		}
		orig := "re" + b
		return head + rest + strings.TrimRight(s[m[1]:end], " ") + " again" + s[end:], redone{base: b, name: capitalise(strings.ToLower(orig)), from: len(a.drafts)}
	}
	return s, redone{}
}

// redone is a step redoPrefix rewrote: base is the verb without "re",
// name the verb as written ("Reinspect"), from the number of steps read
// before the sentence.
type redone struct {
	base, name string
	from       int
}

// restore gives the sentence's rewritten steps their own verb back
// ("Inspect parts again" is "Reinspect parts") and keeps them in the
// flow where the loop back would have dropped them.
func (r redone) restore(a *analyzer) {
	if r.base == "" || r.from > len(a.drafts) {
		return
	}
	for _, d := range a.drafts[r.from:] {
		ws := strings.Fields(d.name)
		if d.event != nil || d.item == nil || firstWord(d.verb) != r.base || len(ws) == 0 || !strings.EqualFold(ws[0], r.base) {
			continue
		}
		// "… and the inspector rescans it": the rescan is work of its
		// own on the way back, even where the loop returns to the scan
		d.drop = false
		ws[0] = r.name
		if n := len(ws); n > 1 && strings.EqualFold(ws[n-1], "again") {
			ws = ws[:n-1]
		}
		d.name = strings.Join(ws, " ")
	}
}

// afterDeterminer reports whether the text before a word ends with a
// determiner or a quantity word, making the word a noun ("a full
// recount", "the re-test").
func afterDeterminer(before string) bool {
	ws := strings.Fields(before)
	if len(ws) == 0 {
		return false
	}
	w := norm(ws[len(ws)-1])
	return determiners[w] || nounLeads[w]
}

// nounLeads are words before a noun, not a verb: "a full recount".
var nounLeads = set(`full new second third final another further complete partial quick fresh`)

// earlierVerb reports whether a step read before has verb b.
func (a *analyzer) earlierVerb(b string) bool {
	for _, d := range a.drafts {
		if d.event == nil && !d.drop && d.item != nil && firstWord(d.verb) == b {
			return true
		}
	}
	return false
}
