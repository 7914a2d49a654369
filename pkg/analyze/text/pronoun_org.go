package text

import "strings"

// organisationCondition reports whether a main clause's "he" or "she"
// cannot be the condition's subject because that subject is an outside
// organisation: "If Kestrel cannot supply the grade we need, she buys the
// boards from Fenwick Timber" is the office manager who ordered them, not
// Kestrel. An organisation is an outside party named by an organisation's
// head ("the lab") or by a proper name that is no role and no titled
// person ("Kestrel", not "Mrs Patel", not "the client").
func (a *analyzer) organisationCondition(pron string) bool {
	if (pron != "he" && pron != "she") || a.condActor == "" || a.lastActor == "" || a.lastActor == a.condActor {
		return false
	}
	if !a.outside(a.condActor) || a.outside(a.lastActor) {
		return false
	}
	return organisationName(a.condActor)
}

// organisationName reports whether a party's name is an organisation's:
// its head is one ("Harbour Mutual Insurance", "the land registry") or it
// is a proper name that is no role and has no title before it.
func organisationName(name string) bool {
	if orgParty(name) {
		return true
	}
	ws := strings.Fields(name)
	if len(ws) == 0 || honorifics[strings.ToLower(ws[0])] || isAgent(name) {
		return false
	}
	return properName(ws)
}
