package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
)

// frontedLeadNot are first words that open a lead-in, a clause or a
// question, never a fronted object: "Once it is in we book", "Then we
// ship", "If so we call".
var frontedLeadNot = set(`if when whenever once after before while until unless because since as so then now here there
	this that these those it its they them we i you he she our your their my his her what which who whom whose where why how
	and but or nor yet also only even just still first next finally later sometimes usually normally always never often
	today tomorrow yesterday every each in on at for from to with by of into onto about over under during through
	within without between per via yes no ok okay well right please note step otherwise else instead either neither
	afterwards meanwhile again anyway therefore thus hence however besides perhaps maybe actually basically
	up above below more less two three four five six seven eight nine ten keep make let
	anything something everything nothing anyone someone everyone`)

// frontedAdverbs may stand between the pronoun and its verb: "… we never
// put back", "… you first scan".
var frontedAdverbs = set(`never always first then also just usually normally only simply straight immediately directly still`)

// relativeAux opens the relative clause inside a fronted object: "Items
// we cannot identify …".
var relativeAux = set(`cannot can't can could couldn't don't do did didn't have haven't`)

// frontedNotInPhrase are words a fronted object does not hold: a
// subordinate clause or a time ("Monday morning we …").
var frontedNotInPhrase = set(`whether that which who if when because then while how why what means mean morning afternoon evening night day week month year time hours minutes days weeks
	monday tuesday wednesday thursday friday saturday sunday`)

// frontedPronoun is the subject after a fronted object.
var frontedPronoun = set(`we i you`)

// frontedObject puts an object the writer put first back after its verb:
// "A valid ID you scan into the deposit screen" → "You scan a valid ID
// into the deposit screen", "Items we cannot identify we photograph" →
// "We photograph items we cannot identify". The object is a noun phrase
// without a verb of its own (a relative "we cannot identify" aside); the
// subject is we, I or you, followed by a verb in its base form.
func frontedObject(s string) string {
	ws := strings.Fields(strings.TrimSpace(s))
	if len(ws) < 4 || !startsUpper(ws[0]) || frontedLeadNot[norm(ws[0])] || strings.ContainsAny(ws[0], ",:;") {
		return s
	}
	for i := 1; i < len(ws)-1 && i <= 10; i++ {
		w := norm(ws[i])
		if strings.ContainsAny(ws[i-1], ",:;()=>→") {
			return s // a clause ended: no noun phrase
		}
		if k, j, ok := namedSubject(ws, i); ok {
			if !namedObject(ws[:i]) {
				return s
			}
			return frontedNamedRewrite(ws, i, k, j)
		}
		if !frontedPronoun[w] || ws[i] != strings.ToLower(ws[i]) && w != "i" {
			if i > 1 && (w == "and" || w == "or" || w == "but") {
				return s
			}
			continue
		}
		j := i + 1
		for j < len(ws) && frontedAdverbs[norm(ws[j])] {
			j++
		}
		if j >= len(ws) {
			return s
		}
		if relativeAux[norm(ws[j])] {
			continue // "Items we cannot identify …": still the object
		}
		if _, f := verbForm(ws[j]); f != formBase || !frontedNounPhrase(ws[:i]) || i == 1 && !frontedPlural(ws[0]) {
			return s
		}
		return frontedRewrite(ws, i, j)
	}
	return s
}

// frontedRewrite writes ws with its subject ws[i], the adverbs and verb
// up to ws[j] first and the object ws[:i] after the verb.
func frontedRewrite(ws []string, i, j int) string {
	subj := ws[i]
	if subj != "I" {
		subj = strings.ToUpper(subj[:1]) + subj[1:]
	}
	verb := strings.TrimRight(ws[j], ",.;:!?")
	out := append([]string{subj}, ws[i+1:j]...)
	out = append(out, verb)
	obj := append([]string(nil), ws[:i]...)
	if len(obj[0]) < 2 || strings.ToUpper(obj[0]) != obj[0] {
		obj[0] = strings.ToLower(obj[0][:1]) + obj[0][1:] // "A valid ID", not "ID checks"
	}
	out = append(out, obj...)
	out[len(out)-1] += ws[j][len(verb):] // "… we never post." keeps its stop at the end
	out = append(out, ws[j+1:]...)
	return strings.Join(out, " ")
}

// frontedNounPhrase reports whether ws can be a noun phrase: no word in
// it is a verb with a tense ("Opened items" is one, "The clerk checks"
// is not), apart from a relative clause led by a pronoun.
func frontedNounPhrase(ws []string) bool {
	rel := false
	for k, w := range ws {
		n := norm(w)
		if frontedPronoun[n] && k > 0 {
			rel = true
		}
		if frontedNotInPhrase[n] || strings.ContainsAny(w, "0123456789%'’–—") || w == "-" {
			return false // "Up to 2 %", "I'll run …", "Onboarding - how we work"
		}
		if rel || k == 0 {
			continue
		}
		if _, f := verbForm(w); f == formThird && !strings.HasSuffix(n, "ss") && !frontedModifierBefore(ws[k-1]) {
			return false // "The clerk checks …", not "A sanctions hit" or "KYC documents"
		}
		if b, _ := lexicon().Base(n); k == len(ws)-1 && bareInfinitiveVerbs[b] {
			return false // "A plausible answer lets you credit …"
		}
		if n == "is" || n == "are" || n == "was" || n == "were" || n == "has" || n == "have" {
			return false
		}
	}
	return true
}

// bareInfinitiveVerbs take a pronoun and a bare verb after them: "lets
// you credit", "makes us wait".
var bareInfinitiveVerbs = set(`let make help have see watch hear`)

// frontedModifierBefore reports whether w makes the next word a noun:
// an article or an abbreviation ("a sanctions hit", "KYC documents").
func frontedModifierBefore(w string) bool {
	n := norm(w)
	if n == "a" || n == "an" || n == "the" || n == "any" || n == "all" || n == "each" || n == "every" || n == "such" {
		return true
	}
	return len(w) > 1 && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

// frontedPlural reports whether a one-word object reads as a noun: a
// plural ("Passports we never post") or an abbreviation ("IDs", "POs").
func frontedPlural(w string) bool {
	n := norm(w)
	return len(n) > 3 && strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss") && !strings.HasSuffix(n, "ous") ||
		len(w) > 1 && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

func startsUpper(w string) bool {
	return w != "" && strings.ToUpper(w[:1]) == w[:1] && strings.ToLower(w[:1]) != w[:1]
}

// namedSubject finds a named subject at ws[i] after a fronted object:
// "the planner" or an abbreviation ("AP"), then adverbs and a verb ending
// in -s at ws[j] ("Released moulds the planner schedules into …", "A
// disputed invoice AP never books"); k is where the subject ends. A verb
// right after that verb ("The items the courier brings go …") makes the
// words a relative clause, not a fronted object.
func namedSubject(ws []string, i int) (k, j int, ok bool) {
	switch {
	case ws[i] == "the" && i+1 < len(ws) && !frontedSubjectStop[norm(ws[i+1])]:
		k = i + 2
		if k < len(ws) && !frontedVerbAt(ws, k) && !frontedSubjectStop[norm(ws[k])] {
			k++ // "the front desk"
		}
	case len(ws[i]) > 1 && strings.ToUpper(ws[i]) == ws[i] && strings.ToLower(ws[i]) != ws[i]:
		k = i + 1
	default:
		return 0, 0, false
	}
	j = k
	for j < len(ws) && frontedAdverbs[norm(ws[j])] {
		j++
	}
	if j >= len(ws) || !frontedVerbAt(ws, j) {
		return 0, 0, false
	}
	if j+1 < len(ws) {
		if n := norm(ws[j+1]); !prepositions[n] && n != "and" && n != "it" && n != "them" {
			if _, f := lexicon().Base(n); f != wordnet.FormNone {
				return 0, 0, false
			}
		}
	}
	return k, j, true
}

// frontedVerbAt reports whether ws[j] is a verb ending in -s.
func frontedVerbAt(ws []string, j int) bool {
	if j >= len(ws) {
		return false
	}
	_, f := verbForm(ws[j])
	return f == formThird
}

// frontedNamedRewrite writes ws with its subject ws[i:k] first, then
// the adverbs and verb up to ws[j], then the object ws[:i].
func frontedNamedRewrite(ws []string, i, k, j int) string {
	subj := append([]string(nil), ws[i:k]...)
	subj[0] = capitalise(subj[0])
	verb := strings.TrimRight(ws[j], ",.;:!?")
	out := append(subj, ws[k:j]...)
	out = append(out, verb)
	obj := append([]string(nil), ws[:i]...)
	if len(obj[0]) < 2 || strings.ToUpper(obj[0]) != obj[0] {
		obj[0] = strings.ToLower(obj[0][:1]) + obj[0][1:]
	}
	out = append(out, obj...)
	out[len(out)-1] += ws[j][len(verb):]
	out = append(out, ws[j+1:]...)
	return strings.Join(out, " ")
}

// frontedSubjectStop are words a named subject does not hold.
var frontedSubjectStop = set(`and or but then to of in on at for with by from it them this that`)

// frontedNamedObject reports whether the object's last two words read as
// a noun phrase even when the last could be a verb: after a participle
// or an article ("Released moulds", "the moulds"), not after a subject
// ("CH registers").
func frontedNamedObject(before, last string) bool {
	if _, f := verbForm(last); f != formThird {
		return true
	}
	n := norm(before)
	if n == "a" || n == "an" || n == "the" || n == "all" || n == "any" {
		return true
	}
	_, f := verbForm(before)
	return f == formPast && strings.HasSuffix(n, "ed")
}

// frontedParticipleLead reports whether an object before a named subject
// opens with a participle, after an article at most ("Released moulds",
// "A disputed invoice"): the words that make a fronted object sure where
// a time or amount ("Two days before the event the caterer …") is not.
func frontedParticipleLead(ws []string) bool {
	k := 0
	if n := norm(ws[0]); n == "a" || n == "an" || n == "the" || n == "all" || n == "any" {
		k = 1
	}
	if k >= len(ws)-1 {
		return false
	}
	n := norm(ws[k])
	_, f := verbForm(ws[k])
	return f == formPast && strings.HasSuffix(n, "ed")
}

// namedObject reports whether ws, before a named subject, is a fronted
// object. Its last word may read as a verb ("Released moulds the
// planner schedules"): the verb after the subject decides.
func namedObject(ws []string) bool {
	i := len(ws)
	return i > 1 && frontedNounPhrase(ws[:i-1]) && !frontedNotInPhrase[norm(ws[i-1])] && frontedParticipleLead(ws) &&
		frontedNamedObject(ws[i-2], ws[i-1])
}
