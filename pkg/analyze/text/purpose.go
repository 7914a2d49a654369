package text

import (
	"regexp"
)

var (
	purposeRe = regexp.MustCompile(`(?i)^(?:purpose|objective|objectives|aim|goal)\s*[:—–-]\s*(.{10,})$`)
	// purposeStatementRe finds sentences that say what a document or
	// process is for ("This fieldbook provides ...", "The purpose of ...").
	purposeStatementRe = regexp.MustCompile(`(?i)^(?:this|the purpose of|the aim of|the goal of|the objective of)\b.{0,80}?\b(?:provides?|describes?|defines?|explains?|outlines?|covers?|documents?|sets out|establish(?:es)?|is to|ensures?)\b`)
	// editorialRe marks notes to a document's authors, never its purpose.
	editorialRe = regexp.MustCompile(`(?i)\b(?:do not edit|don't edit|please edit|tbd|todo|fixme|add photos|draft only)\b|^[A-Z]{2,}(?: [A-Z]{2,})*\s*:`)
)

// offerPurpose takes s as the process purpose when none is known yet, or
// when s states a purpose and the current one was only the first sentence.
func (a *analyzer) offerPurpose(s string) {
	if a.purposeFirm || editorialRe.MatchString(s) {
		return
	}
	if purposeStatementRe.MatchString(s) {
		a.purpose, a.purposeFirm = s, true
		return
	}
	if a.purpose == "" {
		a.purpose = s
	}
}
