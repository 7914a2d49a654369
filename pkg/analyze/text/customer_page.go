package text

import (
	"regexp"
	"strings"
)

// yourThingsRe is the second person owning what an organisation handles
// for its customers: "your claim", "your parcel", "your policy".
var yourThingsRe = regexp.MustCompile(`(?i)\byour\s+(?:[a-z]+\s+)?(?:claims?|orders?|polic(?:y|ies)|parcels?|bookings?|refunds?|applications?|items?|purchases?|accounts?|payment\s+method|contracts?|tickets?|reservations?|subscriptions?|permits?|excess)\b`)

// weRe is the organisation speaking of itself.
var weRe = regexp.MustCompile(`(?i)\b(?:we|us|our)\b`)

// pageParties are the names a customer-facing page may give its reader
// elsewhere; the one it uses most names "you", else "customer".
var pageParties = []string{"customer", "applicant", "policyholder", "member", "tenant", "patient", "student", "guest",
	"passenger", "client", "resident", "citizen", "buyer"}

// customerPage rewrites a page the organisation writes to its customers
// (an FAQ, a returns page: "we" and "our" beside "your claim", "your
// parcel") in the third person, so that what "you" do and receive is the
// customer's: "we send it back to you" → "we send it back to the
// customer". A text that speaks to staff ("you pick the items") names no
// customer's things and stays. ok is false for any other text.
func customerPage(text string) (string, bool) {
	if len(yourThingsRe.FindAllStringIndex(text, -1)) == 0 || len(weRe.FindAllStringIndex(text, 3)) < 2 {
		return "", false
	}
	lower := strings.ToLower(text)
	party, most := "customer", 0
	for _, p := range pageParties {
		if n := strings.Count(lower, p); n > most {
			party, most = p, n
		}
	}
	return thirdPerson(text, party), true
}
