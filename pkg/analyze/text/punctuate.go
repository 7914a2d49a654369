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
	var sents [][]string
	var cur []string
	inCond := false
	end := func() {
		for len(cur) > 0 && (joiners[strings.ToLower(cur[len(cur)-1])] || strings.ToLower(cur[len(cur)-1]) == "so") {
			cur = cur[:len(cur)-1]
		}
		if len(cur) > 0 {
			sents = append(sents, cur)
		}
		cur, inCond = nil, false
	}
	for i := 0; i < len(ws); i++ {
		w := strings.ToLower(strings.Trim(ws[i], ",:"))
		switch {
		case spokenFillers[w] || w == "that's" && i+1 < len(ws) && strings.ToLower(ws[i+1]) == "it" || w == "thats" && i+1 < len(ws) && strings.ToLower(ws[i+1]) == "it":
			if w == "thats" || w == "that's" {
				i++ // "that's it"
			}
			end()
			continue
		case w == "so" && i+1 < len(ws) && strings.ToLower(ws[i+1]) != "that":
			// "… no refund is given so a damaged item never …"
			end()
			continue
		case spokenOpeners[w]:
			if inCond && w == "then" {
				// "if the date is free then she sends a quote"
				cur[len(cur)-1] = strings.TrimRight(cur[len(cur)-1], ",") + ","
				inCond = false
				continue
			}
			end()
		case spokenConditions[w]:
			if len(cur) > 0 && !inCond {
				end()
			}
			inCond = true
		case len(cur) >= 2 && spokenActs(ws[i:]):
			prev := strings.ToLower(cur[len(cur)-1])
			switch {
			case inCond:
				cur[len(cur)-1] = strings.TrimRight(cur[len(cur)-1], ",") + ","
				inCond = false
			case spokenMeanwhile(cur):
				// "… and at the same time the agent issues the refund"
				cur[len(cur)-1] = strings.TrimRight(cur[len(cur)-1], ",") + ","
			case !joiners[prev]:
				end()
			}
		}
		cur = append(cur, ws[i])
	}
	end()
	out := make([]string, 0, len(sents))
	for _, s := range sents {
		t := strings.Join(s, " ")
		r, n := utf8.DecodeRuneInString(t)
		out = append(out, string(unicode.ToUpper(r))+t[n:]+".")
	}
	if len(out) == 0 {
		return line
	}
	return strings.Join(out, " ")
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
