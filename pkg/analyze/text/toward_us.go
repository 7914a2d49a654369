package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// towardUs reports whether a clause's step is done to "us", the
// organisation the text speaks for: "they send us CVs", "… tells us
// whether it is faulty", "sends it back to us".
func towardUs(c clause) bool {
	if strings.EqualFold(strings.TrimSpace(c.to), "us") {
		return true
	}
	for i, w := range c.object {
		if norm(w) != "us" {
			continue
		}
		// "us" first ("tells us", "send us CVs") or after "to"
		if i == 0 || norm(c.object[i-1]) == "to" {
			return true
		}
	}
	return false
}

// ourUnits are heads of names that are units or roles of the
// organisation even when they do something to "us": "the manager tells
// us", "HR sends us the contract".
var ourUnits = set(`department departments hr it finance management supervisor supervisors lead leads director directors
	head heads boss colleague colleagues`)

// towardUs is who does a step done to "us" and notes that party as
// outside the organisation: a step toward us is done by someone who is
// not us. "HR sends the job profile to the agency. They send us CVs":
// "they" are the agency, not HR; "… to our repair partner, who tests the
// device and tells us": the partner is another organisation. "Us" leaves
// the step's name ("Send CVs").
func (a *analyzer) towardUs(c *clause, performer, source string) string {
	performer = a.theyToUs(c, performer)
	var obj []string
	for _, w := range c.object {
		if norm(w) != "us" {
			obj = append(obj, w)
		}
	}
	if len(obj) > 0 && norm(obj[len(obj)-1]) == "to" {
		obj = obj[:len(obj)-1] // "sends it back to us"
	}
	c.object = obj
	ws := strings.Fields(strings.ToLower(performer))
	if len(ws) == 0 || performer == process.DefaultPerformer || firstPersonPlural[ws[0]] {
		return performer
	}
	head := ws[len(ws)-1]
	if staffNouns[head] || ourUnits[head] || insideQualifiers[ws[0]] || strings.EqualFold(performer, a.speaker) || a.cues.calledOurs(performer) {
		// "and our bookkeeper pays them": "us" is the clause's it
		// shares, not its own
		return performer
	}
	for _, d := range a.drafts {
		if d.performer == performer && d.source != source && !a.outside(performer) {
			return performer // a role of ours that did our work in an earlier sentence: "the practice nurse" sends it back to us
		}
	}
	a.cues.outside = append(a.cues.outside, strings.ToLower(performer))
	a.toUs = append(a.toUs, strings.ToLower(performer))
	if a.lastInternal == performer {
		// its earlier steps of the sentence counted it as ours: "we"
		// are who acted for us before it
		a.lastInternal = ""
		for i := len(a.drafts) - 1; i >= 0 && a.lastInternal == ""; i-- {
			if p := a.drafts[i].performer; p != "" && p != process.DefaultPerformer && !a.outside(p) {
				a.lastInternal = p
			}
		}
	}
	return performer
}

// doesToUs reports whether towardUs found the party doing something to
// us: it is outside, whatever its name.
func (a *analyzer) doesToUs(performer string) bool {
	return hasFold(a.toUs, performer)
}
