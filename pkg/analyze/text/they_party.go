package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// noteTheyParty keeps the recipient of the last step as who "they" may
// be next when it is an organisation or a group outside ours ("the city
// film office", "the residents"); a single person ("the applicant") or
// a role of ours is left out, since "they" may be that person.
func (a *analyzer) noteTheyParty(recipient string) {
	if recipient == "" || personalObjects[strings.ToLower(firstWord(recipient))] {
		return
	}
	if !a.outside(recipient) && !orgParty(recipient) {
		return
	}
	if singular(recipient) && !orgParty(recipient) {
		return
	}
	a.theyParty = recipient
}

// orgParty reports whether a name is an organisation by its head noun:
// "the city film office", "the land registry", "Koral Dental" is not
// told by its head.
func orgParty(name string) bool {
	ws := strings.Fields(strings.ToLower(name))
	if len(ws) == 0 {
		return false
	}
	head := ws[len(ws)-1]
	return orgWords[head] || authorityHeads[head] || head == "office" || head == "registry" || head == "council"
}

// theyMeansParty reports whether a clause's "they" is theyParty: the
// last to act was one person of ours, whom "they" does not name after
// an organisation was just handed the work ("The location manager sends
// a request to the city film office. They answer within ten days").
func (a *analyzer) theyMeansParty(c clause) bool {
	if c.pron != "they" || a.theyParty == "" || a.lastActor == "" || (a.lastActorPron != "" && a.lastActorPron != "i") {
		return false
	}
	if a.lastActor == process.DefaultPerformer {
		return true // nobody of ours named yet in the sentence before
	}
	return singular(a.lastActor) && !a.outside(a.lastActor) && !strings.EqualFold(a.lastActor, a.theyParty)
}

// takeTheyParty is theyParty as a performer, noted as outside: an
// organisation "they" name acts on its own side ("the city film office
// … They answer").
func (a *analyzer) takeTheyParty() string {
	if !hasFold(a.toUs, a.theyParty) {
		a.cues.outside = append(a.cues.outside, strings.ToLower(a.theyParty))
		a.toUs = append(a.toUs, strings.ToLower(a.theyParty))
	}
	return a.theyParty
}

// theyToUs is who "they" are in a step done to us: the last recipient
// ("HR sends the job profile to the agency. They send us CVs", or a
// "they" read as the "we" before it), else the organisation handed
// something before ("If they approve, they send us the permit"), else
// performer.
func (a *analyzer) theyToUs(c *clause, performer string) string {
	if !c.pronoun || c.pron != "they" {
		return performer
	}
	if a.lastRecipient != "" {
		return a.lastRecipient
	}
	if a.theyParty != "" && c.performer == "" && !a.outside(performer) {
		return a.takeTheyParty()
	}
	return performer
}
