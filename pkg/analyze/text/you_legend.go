package text

import (
	"regexp"
	"strings"
)

// youLegendRe is a manual's note on who "you" is: `In this module "you"
// are the teller at the counter`, `"you" means you, the reservations
// agent`. Group 1 is the role.
var youLegendRe = regexp.MustCompile(`(?i)["“'‘]you["”'’]\s+(?:are|is|means|refers\s+to|stands\s+for)\s+(?:you,\s+)?(?:the|a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?:\s+(?:at|in|on|of|for|who|that)\b[^,.;]*)?\s*[,.;]`)

// youAppositionRe names the role beside "you" where the manual starts:
// "You, the events clerk, check …". Group 1 is the role.
var youAppositionRe = regexp.MustCompile(`\b(?:You|you),\s+(?:the|a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}),\s+`)

// youLegend rewrites a manual whose reader, "you", is a named role of
// ours in the third person ("You then check the ID" → "the teller then
// check the ID"), so that what "you" do is that role's lane and not the
// last party named. The sentence that says who "you" is goes. ok is false
// when the text says no such thing, or says it of an outside party (a
// page to the customer has its own reading).
func youLegend(text string) (string, bool) {
	head := text
	if len(head) > 1500 {
		head = head[:1500]
	}
	if m := youLegendRe.FindStringSubmatchIndex(head); m != nil {
		role := strings.ToLower(head[m[2]:m[3]])
		if isExternal(role) {
			return "", false
		}
		start := strings.LastIndexAny(text[:m[0]], ".!?\n") + 1
		end := m[1]
		if text[end-1] != '.' && text[end-1] != ';' {
			if e := strings.IndexAny(text[end:], ".!?\n"); e >= 0 {
				end += e + 1
			}
		}
		return thirdPerson(youVerbs(frontedInText(text[:start]+text[end:])), role), true
	}
	if m := youAppositionRe.FindStringSubmatchIndex(head); m != nil {
		role := strings.ToLower(head[m[2]:m[3]])
		if isExternal(role) {
			return "", false
		}
		return thirdPerson(youVerbs(frontedInText(text[:m[0]]+text[m[0]:m[0]+3]+" "+text[m[1]:])), role), true
	}
	return "", false
}

// frontedInText puts each sentence's fronted object back after its verb
// while "you" still marks the subject ("A valid ID you scan …").
func frontedInText(text string) string {
	var b strings.Builder
	start := 0
	for _, m := range sentenceEndRe.FindAllStringIndex(text, -1) {
		b.WriteString(frontedObject(text[start : m[0]+1]))
		b.WriteString(text[m[0]+1 : m[1]])
		start = m[1]
	}
	b.WriteString(frontedObject(text[start:]))
	return b.String()
}

// youSubjectRe is "you" as a subject with its verb: at a sentence's or
// clause's start ("You then check", ", you send", "and you record"), not
// as an object ("lets you credit", "e-mails you a request").
var youSubjectRe = regexp.MustCompile(`(?m)(^\s*|[.,:;!?]\s+|\b(?:and|then|if|when|once|before|after|so|but|or|that|where|until|while|unless)\s+)([Yy]ou)\s+((?:(?:first|then|also|just|never|always|only|usually|now|simply|immediately)\s+)*)([A-Za-z][a-z-]*)\b`)

// youVerbs gives the verb after a subject "you" its third-person form
// ("you first count" → "you first counts"), so that it agrees with the
// role "you" is about to become.
func youVerbs(text string) string {
	return youSubjectRe.ReplaceAllStringFunc(text, func(m string) string {
		sm := youSubjectRe.FindStringSubmatch(m)
		v, ok := thirdPersonOf(sm[4])
		if !ok {
			return m
		}
		return sm[1] + sm[2] + " " + sm[3] + v
	})
}
