package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// unpunctuatedWords is how long a line without any sentence end must be
// to read as a dictated run-on (a voice memo's transcript) rather than
// a heading or a list item.
const unpunctuatedWords = 25

// maxSpokenWords is the longest line read as dictation: a wall of text
// longer than a few minutes of speech is left to the reader's cut (and
// its note), not guessed into sentences.
const maxSpokenWords = 1000

// spokenFillers are the words a dictation leaves between its sentences:
// dropped, and a sentence ends where they stood.
var spokenFillers = set(`um umm uh uhh erm uhm hmm ok okay oh thats`)

// spokenOpeners open a new sentence in a run-on even behind "and" or
// "so": "… scans the label then the clerk opens …".
var spokenOpeners = set(`then afterwards finally next otherwise`)

// spokenConditions open a condition: the first role that acts after them
// starts the main clause ("if the item is damaged the inspector rejects
// it" → "If the item is damaged, the inspector rejects it").
var spokenConditions = set(`if when once unless`)

// spokenSubjects are the words that open a role acting: "the inspector
// rejects", "our bookkeeper sends".
var spokenSubjects = set(`the a an our their your`)

// joiners are the conjunctions that keep two clauses in one sentence.
var joiners = set(`and or but`)

// punctuateSpoken writes sentence ends into a long line that has none, as
// a dictated voice memo comes out of speech-to-text: "ok so the customer
// sends the parcel back um the clerk scans the label if the item is
// damaged the inspector rejects the return" → "The customer sends the
// parcel back. The clerk scans the label. If the item is damaged, the
// inspector rejects the return." A sentence ends at a filler, before
// "then"/"if"/"when" and before a role that acts when no conjunction
// joins it; a condition ends before the first role that acts after it.
// Any other line is returned as it is.
func punctuateSpoken(line string) string {
	if len(line) > 20*maxSpokenWords || strings.ContainsAny(line, ".!?;") {
		return line
	}
	ws := strings.Fields(line)
	if len(ws) < unpunctuatedWords || len(ws) > maxSpokenWords {
		return line
	}
	sp := &spokenSplitter{}
	for i := 0; i < len(ws); i++ {
		skip, keep := sp.before(ws, i)
		i += skip
		if keep {
			sp.cur = append(sp.cur, ws[i])
		}
	}
	sp.end()
	out := make([]string, 0, len(sp.sents))
	for _, s := range sp.sents {
		t := strings.Join(s, " ")
		r, n := utf8.DecodeRuneInString(t)
		out = append(out, string(unicode.ToUpper(r))+t[n:]+".")
	}
	if len(out) == 0 {
		return line
	}
	return strings.Join(out, " ")
}

// spokenSplitter cuts the words of a spoken line into sentences: sents
// are the ones ended, cur the one being read, inCond says cur is a
// condition still waiting for its comma.
type spokenSplitter struct {
	sents  [][]string
	cur    []string
	inCond bool
}

// end closes the current sentence, without a joiner or "so" at its end.
func (sp *spokenSplitter) end() {
	for len(sp.cur) > 0 && (joiners[strings.ToLower(sp.cur[len(sp.cur)-1])] || strings.ToLower(sp.cur[len(sp.cur)-1]) == "so") {
		sp.cur = sp.cur[:len(sp.cur)-1]
	}
	if len(sp.cur) > 0 {
		sp.sents = append(sp.sents, sp.cur)
	}
	sp.cur, sp.inCond = nil, false
}

// comma puts a comma after the current sentence's last word.
func (sp *spokenSplitter) comma() {
	sp.cur[len(sp.cur)-1] = strings.TrimRight(sp.cur[len(sp.cur)-1], ",") + ","
}

// before reads ws[i] for the break it makes before it: a filler or "so"
// ends the sentence and is dropped (skip counts the further words
// dropped with it: "that's it"), an opener or a condition starts a
// sentence, "then" closes a condition with a comma, and a role that acts
// starts a sentence unless a conjunction joins it. keep says ws[i+skip]
// belongs to the current sentence.
func (sp *spokenSplitter) before(ws []string, i int) (skip int, keep bool) {
	w := strings.ToLower(strings.Trim(ws[i], ",:"))
	switch {
	case spokenFillers[w] || w == "that's" && i+1 < len(ws) && strings.ToLower(ws[i+1]) == "it" || w == "thats" && i+1 < len(ws) && strings.ToLower(ws[i+1]) == "it":
		if w == "thats" || w == "that's" {
			skip = 1 // "that's it"
		}
		sp.end()
		return skip, false
	case w == "so" && i+1 < len(ws) && strings.ToLower(ws[i+1]) != "that":
		// "… no refund is given so a damaged item never …"
		sp.end()
		return 0, false
	case spokenOpeners[w]:
		if sp.inCond && w == "then" {
			// "if the date is free then she sends a quote"
			sp.comma()
			sp.inCond = false
			return 0, false
		}
		sp.end()
	case spokenConditions[w]:
		if len(sp.cur) > 0 && !sp.inCond {
			sp.end()
		}
		sp.inCond = true
	case len(sp.cur) >= 2 && spokenActs(ws[i:]):
		prev := strings.ToLower(sp.cur[len(sp.cur)-1])
		switch {
		case sp.inCond:
			sp.comma()
			sp.inCond = false
		case spokenMeanwhile(sp.cur):
			// "… and at the same time the agent issues the refund"
			sp.comma()
		case !joiners[prev]:
			sp.end()
		}
	}
	return 0, true
}

// spokenActs reports whether ws opens with a role that acts: "the
// inspector rejects", "the customer service agent issues".
func spokenActs(ws []string) bool {
	if len(ws) < 3 || !spokenSubjects[strings.ToLower(ws[0])] {
		return false
	}
	return agentActs(ws[1:])
}

// spokenMeanwhile reports whether the words so far end on "at the same
// time", "meanwhile" or "in parallel": the role acting next is a second
// branch of the same sentence, not a new one.
func spokenMeanwhile(cur []string) bool {
	n := len(cur)
	last := strings.ToLower(strings.Trim(cur[n-1], ","))
	return last == "meanwhile" || last == "parallel" || last == "time" && n >= 2 && strings.ToLower(cur[n-2]) == "same"
}
