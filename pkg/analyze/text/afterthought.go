package text

import (
	"regexp"
	"strings"
)

// afterthoughtRe is a case added as an afterthought, after the process
// was told to its end: "Oh and if a label does not scan, …", "By the way,
// when …", "PS: if …". Group 1 is the marker, group 2 the condition and
// its case.
var afterthoughtRe = regexp.MustCompile(`(?im)(?:^|[.!?]\s+)((?:oh,?\s+and|and\s+oh|oh|by\s+the\s+way|btw|p\.?s\.?|one\s+more\s+thing|forgot\s+to\s+(?:say|mention))\s*[,:;-]?\s+)((?:if|when|whenever|should)\s[^.!?\n]*[.!?])`)

// sentenceEndRe ends a sentence or a line: where an afterthought can be
// put back.
var sentenceEndRe = regexp.MustCompile(`[.!?](?:\s+|$)|\n`)

// afterthoughtSkip are the words of a condition that say nothing about
// which step it is about.
var afterthoughtSkip = set(`if when whenever should a an the this that it its they them does do did not no doesn't don't
	is are was were be been has have had can cannot can't will won't any some`)

// placeAfterthoughts moves each afterthought case to right after the
// first sentence before it that does what its condition is about ("Oh
// and if a label does not scan, …" after "The inspector scans each
// label."), so the case is read where it happens, not as the end of the
// process. A condition no earlier sentence is about stays where it is.
func placeAfterthoughts(text string) string {
	for range 8 {
		loc := afterthoughtRe.FindStringSubmatchIndex(text)
		if loc == nil {
			return text
		}
		markStart, caseStart, caseEnd := loc[2], loc[4], loc[5]
		cond := text[caseStart:caseEnd]
		if i := strings.IndexAny(cond, ","); i > 0 {
			cond = cond[:i]
		}
		var keys []string
		for _, w := range strings.Fields(cond) {
			if n := norm(w); len(n) > 2 && !afterthoughtSkip[n] {
				keys = append(keys, stemOf(n))
			}
		}
		moved := capitalise(text[caseStart:caseEnd])
		at := afterthoughtTarget(text[:markStart], keys)
		if at < 0 {
			// no step it is about: it stays, without its marker
			text = text[:markStart] + moved + text[caseEnd:]
			continue
		}
		text = text[:at] + " " + moved + text[at:markStart] + strings.TrimLeft(text[caseEnd:], " ")
	}
	return text
}

// afterthoughtTarget is the end of the first sentence of before that
// names every key (a verb or noun of the condition, by stem), or -1.
func afterthoughtTarget(before string, keys []string) int {
	if len(keys) == 0 {
		return -1
	}
	start := 0
	for _, m := range sentenceEndRe.FindAllStringIndex(before, -1) {
		sent := before[start:m[0]]
		start = m[1]
		stems := map[string]bool{}
		for _, w := range strings.Fields(sent) {
			stems[stemOf(norm(w))] = true
		}
		all := true
		for _, k := range keys {
			if !stems[k] {
				all = false
				break
			}
		}
		if all && before[m[0]] == '\n' {
			return m[0]
		}
		if all {
			return m[0] + 1
		}
	}
	return -1
}
