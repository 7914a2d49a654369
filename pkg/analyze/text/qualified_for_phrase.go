package text

import (
	"regexp"
	"strings"
)

// forPhraseRe finds the kind of items a clause is for when a phrase after
// the noun says which: "for stalls selling second-hand goods the officer
// checks …", "for parcels with a customs declaration, the clerk …". The
// phrase opens with a participle or a preposition; without a comma the
// clause must open with a pronoun, article or possessive.
var forPhraseRe = regexp.MustCompile(`(?i)^for\s+(?:all\s+)?([a-z][a-z-]*s)\s+((?:[a-z]+ing|with|without|from|containing|of)\s+[^,;]{2,40}?)(?:,\s+(.+)|\s+((?:he|she|they|we|you|the|our|his|her|their)\s.+))$`)

// forPhraseSubject returns the condition "for stalls selling second-hand
// goods" sets ("stalls selling second-hand goods") and the clause to
// read, or "" when the clause does not open so.
func forPhraseSubject(body string) (cond, main string) {
	m := forPhraseRe.FindStringSubmatch(body)
	if m == nil || determiners[strings.ToLower(m[1])] || numberWord(m[1]) {
		return "", ""
	}
	return m[1] + " " + m[2], m[3] + m[4]
}
