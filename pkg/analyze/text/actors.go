package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// performer returns the canonical participant name for a noun phrase:
// "clerk" after "Accounts Payable Clerk" is the same lane.
func (a *analyzer) performer(np string) string {
	np = strings.TrimSpace(acronymParenRe.ReplaceAllString(np, ""))
	if np == "" || layoutPhrase(np) {
		return a.currentActor() // "Hard shadows move …" names no lane
	}
	if long, ok := a.aliases[strings.ToLower(np)]; ok {
		np = long // "AP" is "Accounts Payable"
	}
	k := strings.ToLower(np)
	if c, ok := a.canon[k]; ok {
		return c
	}
	if r := a.personRoles[k]; r != "" && !strings.EqualFold(r, np) {
		// a person the transcript gave a role: the role is the lane
		p := a.performer(r)
		a.canon[k] = p
		return p
	}
	// the first participant, in the order met, that k names
	if i := a.actors.first(a.actors.suffix[k], a.actors.trimmed[strings.TrimSuffix(k, "s")], a.actors.group[withoutGroup(k)]); i >= 0 {
		p := a.participants[i]
		a.canon[k] = p
		return p
	}
	a.canon[k] = np
	a.actors.add(len(a.participants), strings.ToLower(np))
	a.participants = append(a.participants, np)
	return np
}

// actorIndex finds participants by the keys performer and party compare,
// so that matching a name costs the same with 10 or 10,000 participants.
// Each map holds the position of the first participant with that key, +1
// (0: none).
type actorIndex struct {
	// suffix: every ending of a name after a space ("clerk" of
	// "accounts payable clerk"); prefix: every beginning before one
	suffix, prefix map[string]int
	// trimmed: the name without a plural s; group: without a trailing
	// group word ("team")
	trimmed, group map[string]int
	// lower: the whole name
	lower map[string]int
}

func newActorIndex() actorIndex {
	return actorIndex{suffix: map[string]int{}, prefix: map[string]int{}, trimmed: map[string]int{}, group: map[string]int{}, lower: map[string]int{}}
}

// add indexes participant i, whose lower-case name is pl.
func (x actorIndex) add(i int, pl string) {
	put := func(m map[string]int, k string) {
		if _, ok := m[k]; !ok {
			m[k] = i + 1
		}
	}
	for j := 0; j < len(pl); j++ {
		if pl[j] == ' ' {
			put(x.suffix, pl[j+1:])
			put(x.prefix, pl[:j])
		}
	}
	put(x.trimmed, strings.TrimSuffix(pl, "s"))
	put(x.group, withoutGroup(pl))
	put(x.lower, pl)
}

// first is the smallest of the positions found (+1 as stored), or -1.
func (actorIndex) first(found ...int) int {
	best := -1
	for _, f := range found {
		if f > 0 && (best < 0 || f-1 < best) {
			best = f - 1
		}
	}
	return best
}

// acronymParenRe is an acronym in brackets after a name.
var acronymParenRe = regexp.MustCompile(`\s*\(\s*[A-Z]{2,6}\s*\)?$`)

// isKnown reports whether np names a participant already met (a speaker
// or a person introduced by name).
func (a *analyzer) isKnown(np string) bool {
	k := strings.ToLower(strings.TrimSpace(np))
	if _, ok := a.canon[k]; ok {
		return true
	}
	return a.actors.lower[k] > 0
}

// party names a supplier or customer, matching a participant when it is
// one, without making it a lane.
func (a *analyzer) party(np string) string {
	k := strings.ToLower(strings.TrimSpace(np))
	if c, ok := a.canon[k]; ok {
		return c
	}
	prefix := a.actors.prefix[k]
	if prefix > 0 && isExternal(k) && !isExternal(a.participants[prefix-1]) {
		prefix = 0 // "the customer" is not "customer service"
	}
	if i := a.actors.first(a.actors.suffix[k], prefix, a.actors.trimmed[strings.TrimSuffix(k, "s")]); i >= 0 {
		return a.participants[i]
	}
	return np
}

var (
	// acronymRe finds a name with its acronym: "accounts payable (AP)".
	acronymRe = regexp.MustCompile(`((?:[A-Za-z][\w-]*\s+){1,5})\(([A-Z]{2,6})\)`)
)

// findAcronyms maps each acronym the text defines ("accounts payable
// (AP)") to its long form, when the initials of the words before it spell
// it.
func findAcronyms(text string) map[string]string {
	out := map[string]string{}
	head := text
	if len(head) > 200_000 {
		head = head[:200_000]
	}
	for _, m := range acronymRe.FindAllStringSubmatch(head, 200) {
		ws := strings.Fields(m[1])
		acr := m[2]
		if len(ws) < len(acr) {
			continue
		}
		long := ws[len(ws)-len(acr):]
		ok := true
		for i, w := range long {
			if !strings.EqualFold(w[:1], acr[i:i+1]) {
				ok = false
				break
			}
		}
		if ok {
			out[strings.ToLower(acr)] = titleCase(strings.Join(long, " "))
		}
	}
	return out
}

// fillPerformers gives the steps nobody was named for (passives without
// "by", the opening steps before anyone is named) to the nearest named
// performer of the organisation, the next one first: "The delivery is
// accepted. The storekeeper compares the note …" — the storekeeper
// accepts it. The placeholder lane stays only when the text names nobody.
func (a *analyzer) fillPerformers() {
	named := func(d *draft) bool {
		return d.performer != "" && d.performer != process.DefaultPerformer && !isExternal(d.performer) && d.event == nil
	}
	for i, d := range a.drafts {
		if d.performer != process.DefaultPerformer {
			continue
		}
		// "The plan is sent to all drivers": not by the drivers
		fits := func(e *draft) bool { return named(e) && !hasFold(d.custs, e.performer) }
		for k := 1; k < len(a.drafts); k++ {
			if j := i + k; j < len(a.drafts) && fits(a.drafts[j]) {
				d.performer = a.drafts[j].performer
				break
			}
			if j := i - k; j >= 0 && fits(a.drafts[j]) {
				d.performer = a.drafts[j].performer
				break
			}
			if i+k >= len(a.drafts) && i-k < 0 {
				break
			}
		}
	}
}

// groupSuffixes name the unit a role is organised in: "marketing" and
// "the marketing team" are one lane.
var groupSuffixes = set(`team department dept office unit group`)

// withoutGroup drops a trailing group word from a lower-case name.
func withoutGroup(k string) string {
	ws := strings.Fields(k)
	if len(ws) > 1 && groupSuffixes[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, " ")
}

// gettingVerbs are what an outside party does when the organisation
// hands it something: "the customer receives a rejection letter".
var gettingVerbs = set(`receive get obtain`)

// partyReceives turns an outside party's "receives X" into the
// organisation's "Send X" to that party: a modeller draws what the
// organisation does (a send task in its lane, a message flow to the
// party's pool), not the party's taking it in. The sender is the nearest
// earlier step's performer inside the organisation; without one the
// party's step stays as written.
func (a *analyzer) partyReceives() {
	for i, d := range a.drafts {
		if d.event != nil || !isExternal(d.performer) || !gettingVerbs[firstWord(d.verb)] || d.object == "" {
			continue
		}
		ws := strings.Fields(d.name)
		if len(ws) < 2 {
			continue
		}
		sender := ""
		for j := i - 1; j >= 0 && sender == ""; j-- {
			if e := a.drafts[j]; e.event == nil && e.performer != "" && e.performer != process.DefaultPerformer && !isExternal(e.performer) {
				sender = e.performer
			}
		}
		if sender == "" {
			continue
		}
		party := d.performer
		d.name = "Send " + strings.Join(ws[1:], " ")
		if m := cleanMessage(d.object); m != "" {
			d.name = "Send " + m // "receives a refusal letter and may appeal": the letter
		}
		d.verb = "send"
		d.performer = sender
		d.custs = appendUnique(nil, party)
		d.suppliers = nil
		d.addressed = appendUnique(d.addressed, party)
	}
}

// draftPerformer is who does a clause's step: its subject, or for a
// pronoun or no subject the one the context names.
func (a *analyzer) draftPerformer(c clause) string {
	if c.performer != "" {
		return a.performer(c.performer)
	}
	if c.pronoun {
		if performer, ok := a.pronounPerformer(c); ok {
			return performer
		}
	}
	return a.unnamedPerformer(c)
}

// pronounPerformer is who a clause's pronoun refers to, in this order:
// the one the context names (outside a transcript), the party named
// last for "the latter", the last singular actor for "he"/"she" and the
// last actor. ok is false when none applies.
func (a *analyzer) pronounPerformer(c clause) (performer string, ok bool) {
	if a.speaker == "" {
		if performer, ok := a.contextPerformer(c); ok {
			return performer, true
		}
	}
	if c.pron == "latter" && a.lastClause != nil {
		// "… registers it with the examination office. The latter
		// checks …": the party named last
		return a.performer(mentioned(*a.lastClause, a.lastActor)), true
	}
	if a.speaker == "" {
		if p := a.agreeing(c.pron); p != "" {
			return p, true
		}
		if a.lastActor != "" {
			return a.lastActor, true
		}
	}
	return "", false
}

// contextPerformer is who a pronoun outside a transcript refers to by
// the context: the writer of an e-mail for "I", the party just
// addressed for "they" after "we", the organisation for "we" after an
// outside party, the condition's subject, or the person just handed the
// work for a different "he"/"she". ok is false when none applies.
func (a *analyzer) contextPerformer(c clause) (performer string, ok bool) {
	switch {
	case a.writer != "" && c.pron == "i":
		return a.performer(a.writer), true // "I check …" in an e-mail: its writer
	case c.pron == "i" && a.outside(firstNonEmpty(a.condActor, a.lastActor)):
		// "When a customer writes in, I look up the booking": the
		// narrator is ours, never the outside party named last
		return a.ourSide(), true
	case a.theyMeansParty(c):
		// "… sends a request to the city film office. They answer …":
		// not the one person of ours who sent it
		return a.takeTheyParty(), true
	case c.pron == "they" && a.lastAddressed != "" && firstPersonPlural[a.lastActorPron]:
		// "we email the applicant, they upload the document": not we
		return a.lastAddressed, true
	case firstPersonPlural[c.pron] && a.outside(firstNonEmpty(a.condActor, a.lastActor)):
		// "The supplier delivers the cabinets. We install them", "When a
		// customer orders, we check …": we are the organisation, never
		// the outside party that acted last
		return a.ourSide(), true
	case a.organisationCondition(c.pron):
		return a.lastActor, true // "If Kestrel cannot supply …, she buys …"
	case a.condActor != "":
		return a.condActor, true
	case a.lastTo != "" && (c.pron == "he" || c.pron == "she") && (a.lastPron == "" || c.pron != a.lastPron):
		// "He … sends it to Anna. She invoices …": a different pronoun
		// is the person just handed the work
		return a.performer(a.lastTo), true
	}
	return "", false
}

// unnamedPerformer is who does a step whose clause names nobody: the
// current actor, or the organisation's last actor when the current one
// is an outside party that would send something to itself.
func (a *analyzer) unnamedPerformer(c clause) string {
	performer := a.currentActor()
	if c.object != nil && isExternal(performer) && a.lastInternal != "" && !a.rowActor {
		// "A receipt is e-mailed to the customer": nobody named, and
		// the outside party that acted last does not send it to
		// itself; the organisation does
		performer = a.lastInternal
	}
	return performer
}

// firstPersonPlural are the subjects that speak for the organisation.
var firstPersonPlural = set(`we us`)

// ourSide is who "we" are when the last to act was an outside party: the
// organisation's last performer, the writer of the text, the role the
// document or section names, else the process owner.
func (a *analyzer) ourSide() string {
	for _, p := range []string{a.lastInternal, a.writer, a.sectionActor, a.docActor} {
		if p != "" && !isExternal(p) {
			return a.performer(p)
		}
	}
	return process.DefaultPerformer
}

// notePerformer keeps the performer as the context later clauses'
// pronouns and missing subjects read (c is kept as the last clause, and
// what partySIPOC sets on it after shows there).
func (a *analyzer) notePerformer(c *clause, performer string) {
	external := isExternal(performer) || a.doesToUs(performer)
	if !external && performer != process.DefaultPerformer {
		a.lastInternal = performer
	} else if external {
		a.lastExternal = performer
	}
	a.lastActor = performer
	a.lastClause = c
	a.lastActorPron = ""
	if c.pronoun {
		a.lastActorPron = c.pron
	} else if c.performer != "" && singular(performer) {
		a.lastSingular = performer
	}
}
