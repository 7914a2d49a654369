package text

import (
	"regexp"
	"strings"
)

// togetherRe is two pieces of work named by nouns that run side by side:
// "Unloading and the quality check of the first pallet happen at the
// same time", "Packing and labelling happen at the same time", "After
// the interview, both the reference check and the salary benchmark
// happen in parallel - I do the references, …" (a tail after a dash or
// colon only says who does which).
var togetherRe = regexp.MustCompile(`(?i)^((?:(?:after|once|when)\s+[^,]{3,60},\s*|then\s+)?)(?:both\s+)?((?:the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,5})\s+and\s+((?:the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,5})\s+(?:happen|take\s+place|run|are\s+done|are\s+carried\s+out)\s+(at\s+the\s+same\s+time|in\s+parallel|simultaneously|side\s+by\s+side)\b(?:\s*[-–—:;]\s.*)?[.!]?$`)

// nominalTogether writes such a sentence as the steps it names, done
// side by side by whoever acted last: "They carry out the unloading and,
// at the same time, carry out the quality check of the first pallet".
// Both noun phrases must name work ("check", "unloading"); else s is
// returned as it is.
func nominalTogether(s string) string {
	m := togetherRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || !namesWork(m[2]) || !namesWork(m[3]) {
		return s
	}
	they := "They"
	if m[1] != "" {
		they = m[1] + "they" // "After the interview, both … happen in parallel"
	}
	return they + " carry out " + withArticle(m[2]) + " and, at the same time, carry out " + withArticle(m[3]) + "."
}

// namesWork reports whether a noun phrase's head (the word before "of",
// else the last) names work: "the quality check of the pallet",
// "unloading", "the inspection".
func namesWork(np string) bool {
	ws := strings.Fields(strings.ToLower(np))
	head := ws[len(ws)-1]
	for i, w := range ws {
		if w == "of" && i > 0 {
			head = ws[i-1]
			break
		}
	}
	if workNouns[head] {
		return true
	}
	for _, v := range nounVerbs(head)[1:] {
		if b, f := verbForm(v); f == formBase && b == v {
			return true
		}
	}
	return false
}

// withArticle gives a noun phrase the article it reads with as an
// object: "unloading" → "the unloading".
func withArticle(np string) string {
	np = lowerInitial(np)
	if determiners[norm(strings.Fields(np)[0])] {
		return np
	}
	return "the " + strings.ToLower(np[:1]) + np[1:]
}
