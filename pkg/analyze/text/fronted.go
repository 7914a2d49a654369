package text

import (
	"strings"
)

// frontedLeadNot are first words that open a lead-in, a clause or a
// question, never a fronted object: "Once it is in we book", "Then we
// ship", "If so we call".
var frontedLeadNot = set(`if when whenever once after before while until unless because since as so then now here there
	this that these those it its they them we i you he she our your their my his her what which who whom whose where why how
	and but or nor yet also only even just still first next finally later sometimes usually normally always never often
	today tomorrow yesterday every each in on at for from to with by of into onto about over under during through
	within without between per via yes no ok okay well right please note step otherwise else instead either neither
	afterwards meanwhile again anyway therefore thus hence however besides perhaps maybe actually basically`)

// frontedAdverbs may stand between the pronoun and its verb: "… we never
// put back", "… you first scan".
var frontedAdverbs = set(`never always first then also just usually normally only simply straight immediately directly still`)

// relativeAux opens the relative clause inside a fronted object: "Items
// we cannot identify …".
var relativeAux = set(`cannot can't can could couldn't don't do did didn't have haven't`)

// frontedNotInPhrase are words a fronted object does not hold: a
// subordinate clause or a time ("Monday morning we …").
var frontedNotInPhrase = set(`whether that which who if when because then morning afternoon evening night day week month year time
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
		if strings.ContainsAny(ws[i-1], ",:;()") {
			return s // a clause ended: no noun phrase
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
		if frontedNotInPhrase[n] {
			return false
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
