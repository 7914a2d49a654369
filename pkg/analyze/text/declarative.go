package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// declarative handles "Subject verb object", passives and modals: it
// looks for the verb among the first words, the subject the words before
// it, and stops at a break (a comma, a bracket) before finding one.
func declarative(ws []string, prev string) []clause {
	limit := min(len(ws), 9)
	for i := 1; i < limit; i++ {
		if breaks(ws[i-1]) || strings.ContainsAny(ws[i-1], "()") {
			return nil
		}
		if cs, done := declarativeAt(ws, i, prev); done {
			return cs
		}
	}
	return nil
}

// declarativeAt reads the clause whose verb is word i, the subject the
// words before it: a form of "be", a modal, or a finite verb. done is
// false when word i is no verb of the subject and the next word should
// be tried.
func declarativeAt(ws []string, i int, prev string) (cs []clause, done bool) {
	w := norm(ws[i])
	subject := ws[:i]
	for len(subject) > 1 && adverbs[norm(subject[len(subject)-1])] {
		subject = subject[:len(subject)-1] // "HR also"
	}
	if adverbs[w] && i+1 < len(ws) {
		if _, f2 := verbForm(ws[i+1]); f2 == formThird || f2 == formPast || f2 == formBase && len(subject) == 1 && roleWords[norm(subject[0])] {
			return nil, false // "He further checks the signature", "HR also send copy"
		}
	}
	if auxBe[w] {
		return beClause(subject, ws, i, prev), true
	}
	if i+2 < len(ws) && roleWords[norm(ws[i+1])] {
		if _, f2 := verbForm(ws[i+2]); f2 == formThird {
			return nil, false // "the special needs coordinator assesses …": a noun before the role
		}
	}
	if modals[w] || (tryWords[w] && i+1 < len(ws) && norm(ws[i+1]) == "to") {
		return modalVerb(subject, ws, i+1, prev), true
	}
	return finiteClause(subject, ws, i, prev)
}

// finiteClause reads the clause whose finite verb is word i ("looks
// for" as a search), or reports that word i is no such verb (done
// false); a clause that names no work is read as nothing (done).
func finiteClause(subject, ws []string, i int, prev string) (cs []clause, done bool) {
	b, f := verbAt(subject, ws, i)
	if f == formNone && i+2 < len(ws) {
		// "looks for runs and dust": a search, though "look" alone
		// names no work
		if lb, lf := lexicon().Base(norm(ws[i])); lb == "look" && lookPreps[norm(ws[i+1])] && lf != wordnet.FormIng {
			return withPerformer(finish(clause{verb: "look " + norm(ws[i+1])}, ws[i+2:], prev, int(lf)), subject), true
		}
	}
	if f == formNone || f == formIng || !finiteVerb(subject, ws, i, f) {
		return nil, false
	}
	if noWork(ws, i, b, f, subject) {
		return nil, true
	}
	return withPerformer(finish(clause{verb: b}, ws[i+1:], prev, f), subject), true
}

// beClause reads a clause whose verb at i is a form of "be": an
// obligation ("Staff are required to log …"), a passive ("Missing
// documents are requested from the owner") or a progressive.
func beClause(subject, ws []string, i int, prev string) []clause {
	j := skipAdverbs(ws, i+1)
	if j >= len(ws) {
		return nil
	}
	if norm(ws[j]) == "not" {
		return nil
	}
	if obligation[norm(ws[j])] && (j+1 >= len(ws) || norm(ws[j+1]) == "to" || norm(ws[j+1]) == "for" || strings.HasSuffix(ws[j], ":")) {
		return modalVerb(subject, ws, j+1, prev)
	}
	// (else "Missing documents are requested from the owner": a
	// plain passive)
	b, f := verbForm(ws[j])
	switch f {
	case formPast, formBase:
		if f == formBase && participle(b) != norm(ws[j]) && irregular[norm(ws[j])] == "" {
			return nil
		}
		return passiveClause(subject, ws[j+1:], b, prev)
	case formIng:
		return withPerformer(finish(clause{verb: b}, ws[j+1:], prev, formIng), subject)
	}
	return nil
}

// passiveClause reads a passive: the subject is the object, the agent
// follows "by"; "The applicant is sent an offer" names a receiver, "An
// assessor is sent to inspect the car" a performer of the next step.
func passiveClause(subject, rest []string, b, prev string) []clause {
	if n := norm(subject[0]); n == "not" || n == "no" || n == "none" {
		return nil
	}
	if _, sf := verbForm(subject[0]); sf == formBase && len(subject) > 1 && !modifierFirst(subject[0]) {
		return nil // "Ensure it is …" was an imperative
	}
	if len(subject) == 1 && norm(subject[0]) == "they" {
		subject = []string{"them"} // "they are completed by the arranger": what was named before
	}
	c := clause{verb: b, object: resolvePronoun(lowerFirst(cleanObject(passiveSubject(subject))), prev)}
	if cs := sentToSubject(subject, rest, b); cs != nil {
		return cs
	}
	c.performer = byAgent(rest)
	if cs := subjectActsNext(c, subject, rest, prev); cs != nil {
		return cs
	}
	return passive(c, rest, prev)
}

// sentToSubject reads a passive whose subject receives what is sent:
// "The applicant is sent an offer" — the thing sent is the object, the
// person its receiver. It returns nil when the passive is not of that
// form.
func sentToSubject(subject, rest []string, b string) []clause {
	if len(rest) <= 1 || !givenArticle(rest[0], b) {
		return nil
	}
	np := nounPhrase(subject, 4)
	if !isAgent(np) && !isExternal(np) && norm(subject[len(subject)-1]) != "others" {
		return nil
	}
	var obj []string
	for _, w := range rest[1:] {
		if prepositions[norm(w)] || cutWords[norm(w)] || norm(w) == "and" {
			break
		}
		obj = append(obj, w)
		if breaks(w) {
			break
		}
	}
	if len(obj) > 0 && len(obj) <= 4 {
		return []clause{{verb: b, object: cleanObject(obj), to: np, performer: byAgent(rest)}}
	}
	return nil
}

// subjectActsNext reads a passive c whose subject, a party, does the
// next step: "An assessor is sent to inspect the car" (the assessor
// inspects it), "The carrier is notified and collects the goods" (the
// one told collects them). It returns nil when the passive is not of
// that form.
func subjectActsNext(c clause, subject, rest []string, prev string) []clause {
	if np := nounPhrase(subject, 4); len(rest) > 2 && norm(rest[0]) == "to" && isAgent(np) && !isSystem(np) {
		if cs := nextStepOf(c, np, rest, prev, formBase); cs != nil {
			return cs
		}
	}
	if np := nounPhrase(subject, 4); len(rest) > 2 && norm(rest[0]) == "and" && (isAgent(np) || isExternal(np)) && !isSystem(np) {
		if cs := nextStepOf(c, np, rest, prev, formThird); cs != nil {
			return cs
		}
	}
	return nil
}

// nextStepOf reads rest after its first word as the step np does after
// c when rest[1] is a verb in form; it returns c and that step, or nil.
func nextStepOf(c clause, np string, rest []string, prev string, form int) []clause {
	b2, f2 := verbForm(rest[1])
	if f2 != form {
		return nil
	}
	next := finish(clause{verb: b2}, rest[2:], prev, form)
	if len(next) == 0 {
		return nil
	}
	for i := range next {
		if next[i].performer == "" {
			next[i].performer = np
		}
	}
	return append([]clause{c}, next...)
}

// verbAt reads the word at i as a verb: by its form, as a phrasal verb
// ("operations rolls back the change") or, between a performer and its
// object, as the verb a mostly-noun word can be ("The examiners grade the
// thesis").
func verbAt(subject, ws []string, i int) (string, int) {
	if i > 0 && (strings.HasSuffix(ws[i-1], "'s") || strings.HasSuffix(ws[i-1], "s'")) {
		// "the counterparty's revised redline": after a possessive the
		// word belongs to the noun phrase
		return "", formNone
	}
	w := norm(ws[i])
	b, f := verbForm(ws[i])
	if f == formNone && i+1 < len(ws) && particles[norm(ws[i+1])] {
		// "operations rolls back the change": a phrasal verb even
		// where the word alone reads as a noun
		if pb, pf := lexicon().Base(norm(ws[i])); pf != wordnet.FormNone && lexicon().HasParticle(pb, norm(ws[i+1])) && pb != "be" && pb != "have" {
			b, f = pb, int(pf)
		}
	}
	if f == formNone && i+1 < len(ws) && (determiners[norm(ws[i+1])] || personalObjects[norm(ws[i+1])]) && isAgent(nounPhrase(subject, 5)) {
		// "The examiners grade the thesis": between a performer and
		// its object, a word that is mostly a noun is the verb
		if lb, lf := lexicon().Base(w); (lf == wordnet.FormBase || lf == wordnet.FormThird || lf == wordnet.FormPast) && (!notWork[lb] || transitiveWork[lb]) {
			b, f = lb, int(lf)
		}
	}
	if f == formNone {
		if sf := seesServed(ws, i); sf != formNone {
			b, f = "see", sf // "the dentist sees the patient"
		}
	}
	return b, f
}

// finiteVerb reports whether the verb at i (in form f) is the clause's
// finite verb after subject, not a plural noun ("Purchase requisitions
// above …"), a participle ("operations follow documented SOPs") or a
// word before an auxiliary.
func finiteVerb(subject, ws []string, i, f int) bool {
	if weakVerb(ws[i]) && (i+1 >= len(ws) || !verbNext(subject, ws, i)) {
		return false // "Purchase requisitions above …": a plural noun
	}
	subj := norm(subject[len(subject)-1])
	if determiners[subj] || subj == "not" || norm(subject[0]) == "not" || norm(subject[0]) == "no" {
		return false
	}
	if f == formPast {
		if _, sf := verbForm(subj); sf != formNone && !roleWords[subj] {
			return false // "operations follow documented SOPs"
		}
	}
	if f == formBase && !baseAgrees(subject, ws, i) {
		return false
	}
	return i+1 >= len(ws) || !(auxBe[norm(ws[i+1])] || modals[norm(ws[i+1])])
}

// verbNext reports whether the word after a weak verb at i (one that is
// as often a plural noun) shows it is the verb: a determiner, pronoun,
// particle or personal object, a name after a personal subject, or an
// agent's noun.
func verbNext(subject, ws []string, i int) bool {
	n := norm(ws[i+1])
	return determiners[n] || pronouns[n] || particles[n] || inParticleNext(ws, i) || personalObjects[n] ||
		(personal[norm(subject[len(subject)-1])] && isCapitalised(ws[i+1])) || agentThenNoun(subject, ws, i)
}

// baseAgrees reports whether a verb in the base form at i agrees with
// subject: a lone pronoun or role, a plural subject, or a plain
// agreement.
func baseAgrees(subject, ws []string, i int) bool {
	subj := norm(subject[len(subject)-1])
	return len(subject) == 1 && (pronouns[subj] || roleWords[subj]) || pluralSubject(subject) || plainAgreement(subject, ws, i) || orPairAgrees(subject, ws, i)
}

// inParticleNext reports a verb at i that takes the "in" after it as its
// particle: "the clerk types in the order number".
func inParticleNext(ws []string, i int) bool {
	b, _ := verbForm(ws[i])
	return i+1 < len(ws) && norm(ws[i+1]) == "in" && inParticle[b]
}

// noWork reports a clause whose verb b at i names no step: a state ("The
// policy applies to all staff") or a duration ("which takes about 2
// hours").
func noWork(ws []string, i int, b string, f int, subject []string) bool {
	waitsFor := b == "wait" && i+2 < len(ws) && norm(ws[i+1]) == "for" && !numberWord(ws[i+2]) // "waits for the contract": a message
	// an outside party that holds or keeps something decides on it:
	// "The tax office either clears the refund or holds it"
	partyHolds := (b == "hold" || b == "keep") && isExternal(nounPhrase(subject, 5))
	if (f == formThird || f == formBase) && !waitsFor && !partyHolds && (statives[b] || b == "apply" && i+1 < len(ws) && norm(ws[i+1]) == "to") {
		return true // "The policy applies to all staff"
	}
	return b == "take" && i+1 < len(ws) && isDuration(ws[i+1:]) // "which takes about 2 hours": time, not work
}

// modalVerb handles "Users should (also) consider …", "The manager must
// be informed", "Staff are required to log …" and the lead-in "Users
// should:".
func modalVerb(subject, ws []string, j int, prev string) []clause {
	for j < len(ws) && (norm(ws[j]) == "to" || norm(ws[j]) == "for" || adverbs[norm(ws[j])]) {
		j++
	}
	if j >= len(ws) || strings.HasSuffix(ws[j-1], ":") {
		if isAgent(nounPhrase(subject, 5)) {
			return []clause{{leadIn: nounPhrase(subject, 5)}}
		}
		return nil
	}
	if norm(ws[j]) == "not" || norm(ws[j]) == "never" {
		return nil
	}
	if norm(ws[j]) == "be" && j+1 < len(ws) {
		b, f := verbForm(ws[j+1])
		if f == formPast || (f == formBase && irregular[norm(ws[j+1])] != "") {
			if len(subject) == 1 && norm(subject[0]) == "they" {
				subject = []string{"them"} // "they are completed by the arranger": what was named before
			}
			c := clause{verb: b, object: resolvePronoun(lowerFirst(cleanObject(passiveSubject(subject))), prev)}
			c.performer = byAgent(ws[j+2:])
			return passive(c, ws[j+2:], prev)
		}
		return nil
	}
	b, f := verbForm(ws[j])
	if f == formNone {
		return nil
	}
	if f != formIng {
		f = formBase
	}
	return withPerformer(finish(clause{verb: b}, ws[j+1:], prev, f), subject)
}

func skipAdverbs(ws []string, j int) int {
	for j < len(ws) && adverbs[norm(ws[j])] {
		j++
	}
	return j
}

// withPerformer sets the performer of the clauses from the subject words,
// unless the subject is a pronoun (resolved from context later) or names a
// document ("This page describes"), which is no action at all.
func withPerformer(cs []clause, subject []string) []clause {
	for len(subject) > 1 && adverbs[norm(subject[len(subject)-1])] {
		subject = subject[:len(subject)-1] // "She then forwards …"
	}
	if alt := eitherPerformer(cs, subject); alt != nil {
		return alt
	} else if one := eitherParty(cs, subject); one != nil {
		return one
	}
	np := nounPhrase(subject, 6)
	if np == "" {
		return cs
	}
	if noPerformer(cs, subject) {
		return nil
	}
	if head := norm(subject[len(subject)-1]); pronouns[head] && len(stripDeterminers(subject)) == 1 && subject[len(subject)-1] != "IT" {
		for i := range cs {
			if ownPronoun(cs, i) {
				continue // "I send it to the registry and they update …"
			}
			cs[i].pronoun = true
			cs[i].pron = head
		}
		return cs
	}
	if !isAgent(np) && !actsOnObject(cs, subject) {
		return nil
	}
	for i := range cs {
		if cs[i].performer == "" && (!ownPronoun(cs, i) || agreesWith(cs[i].pron, np)) {
			cs[i].performer = np
		}
	}
	return cs
}

// agreesWith reports whether a later clause's own pronoun refers back to
// the sentence's subject: "The network team analyses the logs, then they
// ask you to test again" (a group and "they"), "The clerk checks the form
// and she signs it"; not "The clerk sends the plan to the registry and
// they update the register".
func agreesWith(pron, subject string) bool {
	switch pron {
	case "they":
		return !singular(subject)
	case "he", "she":
		return singular(subject)
	}
	return false
}

// eitherPerformer reads a subject that names two parties joined by "or"
// ("the team lead or the director approves it"): either of them does the
// one clause, a choice between two performers. It returns nil when the
// subject is no such choice.
func eitherPerformer(cs []clause, subject []string) []clause {
	for i, w := range subject {
		if norm(w) != "or" || i == 0 || i+1 >= len(subject) || len(cs) != 1 {
			continue
		}
		one, two := nounPhrase(subject[:i], 4), nounPhrase(subject[i+1:], 4)
		if isAgent(one) && isAgent(two) && cs[0].performer == "" {
			a, b := cs[0], cs[0]
			a.performer, b.performer = one, two
			b.alt = true
			return []clause{a, b}
		}
	}
	return nil
}

// noPerformer reports a subject under which the clauses are no action at
// all: a document ("This page describes …") or a thing that moves ("Then
// it lands with me").
func noPerformer(cs []clause, subject []string) bool {
	head := norm(subject[len(subject)-1])
	for _, w := range stripDeterminers(subject) {
		// "policy administration issue the policy": a document word
		// before a role's head names the role
		if docSubjects[norm(w)] && !roleWords[norm(w)] && !(roleWords[head] && head != "it" && norm(w) != "this" && norm(w) != "it") {
			return true
		}
	}
	return head == "it" && subject[len(subject)-1] != "IT" && len(cs) > 0 && (len(cs[0].object) == 0 || prepositions[norm(cs[0].object[0])]) && !strings.Contains(cs[0].verb, " ")
}

// actsOnObject reports whether a subject that is no known role still
// reads as the performer: a short noun phrase ("The storehouse", "The
// GO") doing something to an object named right after the verb.
func actsOnObject(cs []clause, subject []string) bool {
	ws := stripDeterminers(subject)
	if len(cs) == 0 || len(cs[0].object) == 0 || len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		n := norm(w)
		if objectNouns[n] || docSubjects[n] || nonAgents[n] || pronouns[n] || prepositions[n] || n == "and" || n == "or" || numberWord(w) {
			return false
		}
		if len(ws) == 1 && verbFirst(w) && !isCapitalised(w) {
			return false // "Review the …" read as a subject
		}
	}
	return true
}

// isDuration reports whether ws start with a duration: "2 hours",
// "about 15 minutes", "up to a day".
func isDuration(ws []string) bool {
	for len(ws) > 0 && (adverbs[norm(ws[0])] || norm(ws[0]) == "about" || norm(ws[0]) == "approximately" ||
		norm(ws[0]) == "up" || norm(ws[0]) == "to" || norm(ws[0]) == "around") {
		ws = ws[1:]
	}
	return len(ws) > 1 && numberWord(ws[0]) && timeUnits.MatchString(norm(ws[1]))
}

// verbFirst reports whether w is a verb more often than a noun.
func verbFirst(w string) bool {
	b, f := verbForm(w)
	if f == formNone {
		return false
	}
	e, ok := lexicon().Lookup(b)
	return !ok || e.Verb > e.Noun
}

// pluralSubject reports whether a subject ends in a plural noun
// ("Developers", "the counters") that takes a verb's base form.
func pluralSubject(subject []string) bool {
	ws := stripDeterminers(subject)
	for i, w := range ws {
		// "The team lead and the recruiter interview …"
		if norm(w) == "and" && i > 0 && i+1 < len(ws) && len(ws) <= 7 && isAgent(nounPhrase(ws[:i], 4)) {
			return true
		}
	}
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	head := norm(ws[len(ws)-1])
	if len(head) < 4 || !strings.HasSuffix(head, "s") || strings.HasSuffix(head, "ss") || objectNouns[head] {
		return false
	}
	for _, w := range ws {
		if prepositions[norm(w)] || pronouns[norm(w)] {
			return false
		}
	}
	return true
}

var (
	nominalLinks = set(`of that between for on`)
	finiteModals = set(`must should shall will can may might could would`)
	tryWords     = set(`try tries tried attempt attempts attempted start starts started begin begins began want wants need needs continue continues proceed proceeds`)
	clauseVerbs  = set(`ensure confirm check verify validate note test make`)
	personal     = set(`i we he she they you`)
	timeVerbs    = set(`take wait`)
)

// lookPreps make "look" a search: "look for", "look into".
var lookPreps = set(`for into over through`)

// subjectAdjectives can be verbs but, before a noun that a passive
// follows, qualify the subject: "Further students are put …", "Open
// tickets are reviewed", "Complete applications are forwarded".
var subjectAdjectives = set(`further open complete correct final empty free clean late early separate direct
	closed completed approved rejected signed returned printed`)

// modifierFirst reports whether w, which can be a verb, qualifies the
// subject here: no imperative starts the clause.
func modifierFirst(w string) bool {
	return subjectAdjectives[norm(w)]
}

// transitiveWork are verbs that name no work alone ("the process ends")
// but do with a performer and an object ("the agent ends the call").
var transitiveWork = set(`end start begin take apply`)

// plainAgreement reports whether a base form after a singular subject is
// the verb all the same, as plain non-native English writes it ("The
// quality inspector measure the parts", "team leader reject the
// request"): the subject names a role and the verb's object or particle
// follows right after it.
func plainAgreement(subject, ws []string, i int) bool {
	if len(subject) > 4 || !(isAgent(nounPhrase(subject, 5)) || acronymSubject(subject) || possessedSubject(subject)) {
		return false
	}
	if i+1 >= len(ws) {
		// "Quality engineer decide.": a role and a work verb, nothing
		// after it
		_, cf := curatedVerbForm(ws[i])
		return cf == formBase && len(subject) >= 2 && strings.HasSuffix(strings.TrimSpace(ws[i]), ".")
	}
	if !plainSubject(subject) {
		return false // "requires that the manager approve the request"
	}
	next := norm(ws[i+1])
	if determiners[next] || personalObjects[next] || pronouns[next] || particles[next] || movementAfterRole(ws, i) {
		return true
	}
	// "HR send warning letter", "employee bring new paper": plain
	// English without the article, where the verb is one that names work
	// and a noun follows it
	return bareWorkVerb(ws, i)
}

// acronymSubject reports a subject that is an acronym, with or without
// its article: "the DBA make the backup", "CAB approve the change".
func acronymSubject(subject []string) bool {
	ws := subject
	if len(ws) == 2 && determiners[norm(ws[0])] {
		ws = ws[1:]
	}
	if len(ws) != 1 {
		return false
	}
	w := strings.Trim(ws[0], ",;:")
	return len(w) >= 2 && len(w) <= 5 && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

// agreementStops in front of a role and a base form make it a
// subjunctive or a causative, not a plain statement: "that the manager
// approve", "let the clerk check", "and the buyer sign".
var agreementStops = set(`that and or to if when whether let make makes help helps have has ask asks lets until unless so`)

// agentThenNoun reports "the underwriter binds cover", "we decline
// cover": a verb that is
// mostly a noun stands between a named performer and a bare noun that is
// no verb in that form, so it is the verb.
func agentThenNoun(subject, ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	named := f3(ws[i]) == formThird && isAgent(nounPhrase(subject, 5))
	spoken := f3(ws[i]) == formBase && len(subject) == 1 && personal[norm(subject[0])] // "we decline cover"
	if !named && !spoken {
		return false
	}
	next := norm(ws[i+1])
	if prepositions[next] || agreementStops[next] || auxBe[next] || modals[next] || breaks(ws[i]) {
		return false
	}
	_, nf := verbForm(ws[i+1])
	return nf != formThird && nf != formPast
}

// f3 is the form verbForm gives w.
func f3(w string) int {
	_, f := verbForm(w)
	return f
}
