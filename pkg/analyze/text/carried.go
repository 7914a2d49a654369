package text

import (
	"regexp"
	"strings"
)

// carriedItRe is a verb that moves a physical thing, with "it" or "them"
// as its object: "collects it", "picks them up", "delivers it".
var carriedItRe = regexp.MustCompile(`(?i)\b(?:collect|pick|ship|deliver|carr|load|transport|bring|brought|haul|take|took|courier)\w*\s+(?:it|them)\b`)

// printedPapers are objects printed or written for a thing, never the
// thing a person carries: "seals the parcel and prints the label. The
// driver collects it" (the parcel).
var printedPapers = set(`label labels sticker stickers invoice invoices receipt receipts slip slips waybill
	waybills docket manifest form forms letter letters document documents list lists report reports
	certificate certificates copy copies note notes tag tags confirmation`)

// noteThing keeps an object as the last thing that can be carried when
// it is no printed paper.
func (a *analyzer) noteThing(obj string) {
	ws := strings.Fields(strings.ToLower(obj))
	if len(ws) == 0 || printedPapers[ws[len(ws)-1]] || pronouns[ws[0]] {
		return
	}
	a.lastThing = obj
}

// pronounObject is what "it" and "them" stand for in text: the last
// object, or the last thing that can be carried when the text moves "it"
// and the last object is a paper printed for that thing.
func (a *analyzer) pronounObject(text string) string {
	if a.lastThing == "" || !carriedItRe.MatchString(text) {
		return a.lastObject
	}
	ws := strings.Fields(a.lastObject)
	if len(ws) == 0 || !printedPapers[ws[len(ws)-1]] {
		return a.lastObject
	}
	return a.lastThing
}

// carrierOfRe is a transport role of a named company: "the driver of
// Swiftpost", "a courier from Rapid Express".
var carrierOfRe = regexp.MustCompile(`\b(?:driver|drivers|courier|couriers|rider|riders|van|truck|lorry)\s+(?:of|from)\s+([A-Z][\w&-]*(?:\s+(?:&\s+)?[A-Z][\w&-]*){0,2})`)

// carrierNames are the companies whose driver or courier the text names
// (lower case): a transport company outside ours, not a lane.
func carrierNames(text string) []string {
	var out []string
	for _, m := range carrierOfRe.FindAllStringSubmatch(text, -1) {
		if name := m[1]; !isAgent(name) {
			out = append(out, strings.ToLower(name))
		}
	}
	return out
}
