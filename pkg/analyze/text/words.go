package text

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// Verb forms recognised by verbForm.
const (
	formNone = iota
	formBase
	formThird // checks
	formPast  // checked, sent
	formIng   // checking
)

// norm lower-cases a token and trims the punctuation around it.
func norm(w string) string {
	return strings.ToLower(strings.TrimFunc(w, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\''
	}))
}

// lexicon is WordNet's verb lexicon, loaded on first use: read-only and
// shared, it costs a few milliseconds once instead of once per analysis.
var lexicon = sync.OnceValue(wordnet.Load)

// notWork are verbs WordNet knows that never name a step on their own:
// auxiliaries, modals and verbs of being, seeming and containing.
var notWork = set(`be have do can will may might must shall should would could need dare get let go come
	seem become appear remain stay lie exist happen occur mean include contain consist comprise depend belong
	cost last like want wish hope think know believe see look arrive expire exceed end begin start continue
	follow concern relate involve matter apply concern take own possess employ`)

// verbForm returns the base form of w and which form it is, or formNone
// when w is not a verb that names work: the curated list first, then any
// WordNet verb used mostly as a verb ("denies", "advertises").
func verbForm(w string) (string, int) {
	b, f := curatedVerbForm(w)
	if f != formNone {
		return b, f
	}
	n := strings.TrimSuffix(norm(w), "'s")
	base, form := lexicon().Base(n)
	if form == wordnet.FormNone {
		// "preselects", "co-signs", "recalibrates": a prefix on a verb
		// WordNet knows
		for _, pre := range []string{"pre-", "pre", "re-", "re", "co-"} {
			if rest := strings.TrimPrefix(n, pre); rest != n && len(rest) >= 4 {
				if b, f := verbForm(rest); f != formNone {
					return strings.TrimSuffix(pre, "-") + b, f
				}
			}
		}
		if b, f := hyphenVerb(n); f != formNone {
			return b, f
		}
	}
	if form == wordnet.FormNone || notWork[base] {
		return "", formNone
	}
	e, _ := lexicon().Lookup(base)
	if e.Verb*2 < e.Noun || e.Verb*2 < e.Adj {
		return "", formNone // "account", "clerk": nouns first
	}
	return base, int(form)
}

// weakVerb reports whether w reads as a verb only through WordNet and is
// also a noun ("requisitions", "outlines"): a verb only with an object
// right after it.
func weakVerb(w string) bool {
	if _, f := curatedVerbForm(w); f != formNone {
		return false
	}
	b, f := verbForm(w)
	if f == formNone {
		return false
	}
	e, _ := lexicon().Lookup(b)
	return e.Noun > 0
}

// curatedVerbForm is verbForm on the curated list of work verbs: the
// word itself, an irregular past, or a regular form whose stem
// (curatedStems) is on the list.
func curatedVerbForm(w string) (string, int) {
	w = norm(w)
	w = strings.TrimSuffix(w, "'s")
	if len(w) < 2 {
		return "", formNone
	}
	if verbs[w] {
		return w, formBase
	}
	if b, ok := irregular[w]; ok && verbs[b] {
		return b, formPast
	}
	stems, form := curatedStems(w)
	for _, stem := range stems {
		if verbs[stem] {
			return stem, form
		}
	}
	return "", formNone
}

// curatedStems are the stems a regular verb form can have, by its first
// matching ending, in the order they are tried, and the form they read
// it as: -ies, -es, -s (third person: "verifies", "passes", "closes",
// "checks"), -ied, -ed (past: "verified", "closed", "planned" with its
// doubled consonant undone), -ing ("checking", "closing" with its "e"
// back, "planning").
func curatedStems(w string) ([]string, int) {
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies"):
		return []string{w[:n-3] + "y"}, formThird
	case strings.HasSuffix(w, "es"):
		return []string{w[:n-2], w[:n-1]}, formThird
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return []string{w[:n-1]}, formThird
	case strings.HasSuffix(w, "ied"):
		return []string{w[:n-3] + "y"}, formPast
	case strings.HasSuffix(w, "ed"):
		stems := []string{w[:n-1], w[:n-2]}
		if n > 4 && w[n-3] == w[n-4] {
			stems = append(stems, w[:n-3])
		}
		return stems, formPast
	case strings.HasSuffix(w, "ing") && n > 5:
		stem := w[:n-3]
		stems := []string{stem, stem + "e"}
		if len(stem) > 2 && stem[len(stem)-1] == stem[len(stem)-2] {
			stems = append(stems, stem[:len(stem)-1])
		}
		return stems, formIng
	}
	return nil, formNone
}

// participle returns the past participle of a base verb ("check" →
// "checked"), used to name an activity's output ("Checked invoice").
func participle(base string) string {
	if p, ok := participles[base]; ok {
		return p
	}
	switch {
	case doubled[base]:
		return base + base[len(base)-1:] + "ed"
	case strings.HasSuffix(base, "e"):
		return base + "d"
	case strings.HasSuffix(base, "y") && len(base) > 2 && !strings.ContainsRune("aeiou", rune(base[len(base)-2])):
		return base[:len(base)-1] + "ied"
	default:
		return base + "ed"
	}
}

// capitalise upper-cases the first letter of s.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// titleCase capitalises each word, keeping acronyms and mixed case as
// written ("accounts payable team" → "Accounts Payable Team", "APPN staff"
// → "APPN Staff").
func titleCase(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		if w == strings.ToLower(w) && (i == 0 || (w != "of" && w != "and")) {
			ws[i] = capitalise(w)
		}
	}
	return strings.Join(ws, " ")
}

// isCapitalised reports whether w starts with an upper-case letter.
func isCapitalised(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r)
	}
	return false
}

// wordCount counts whitespace-separated words.
func wordCount(s string) int { return len(strings.Fields(s)) }

// trimPunct removes punctuation and spaces around s.
func trimPunct(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(".,;:!?-–—\"'“”‘’()[]", r)
	})
}

// stripDeterminers removes leading determiners and possessives.
func stripDeterminers(ws []string) []string {
	for len(ws) > 0 && determiners[norm(ws[0])] {
		ws = ws[1:]
	}
	return ws
}

// limitWords keeps at most n words and drops dangling function words at
// the end ("Check the status of" → "Check the status").
func limitWords(ws []string, n int) []string {
	if len(ws) > n {
		ws = ws[:n]
	}
	for len(ws) > 0 && danglers[norm(ws[len(ws)-1])] {
		ws = ws[:len(ws)-1]
	}
	return ws
}

var danglers = set(`of the a an and or to for with in on at by from into onto as than that which who
	whose is are be its their his her your our this these those per via using whilst while if when`)

// stripNumber drops a section number in front of a heading ("2.1 Scope"
// → "Scope").
func stripNumber(h string) string {
	ws := strings.Fields(h)
	if len(ws) > 1 && isStepNumber(ws[0]) {
		return strings.Join(ws[1:], " ")
	}
	return h
}

// hyphenVerb reads a compound verb in the third person whose last part is
// a verb: "cherry-picks", "double-checks", "fast-tracks" → "cherry-pick",
// "double-check", "fast-track". Only the third person: a base or past
// form after a hyphen is mostly an adjective ("on-call", "risk-based").
func hyphenVerb(n string) (string, int) {
	i := strings.LastIndexByte(n, '-')
	if i < 2 || i+4 > len(n) || strings.Count(n, "-") > 1 {
		return "", formNone
	}
	head, last := n[:i], n[i+1:]
	for _, r := range head {
		if !unicode.IsLetter(r) {
			return "", formNone
		}
	}
	if b, f := verbForm(last); f == formThird {
		return head + "-" + b, f
	}
	return "", formNone
}
