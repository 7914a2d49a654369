package text

import (
	"regexp"
	"strings"
)

// summaryLeadRe opens a paragraph that tells a negative case before the
// process: "First the bad news: if the police object to the event, …",
// "In short: if …, …". Group 1 is the condition.
var summaryLeadRe = regexp.MustCompile(`(?i)^\W*(?:first(?:\s+of\s+all)?,?\s+the\s+bad\s+news|the\s+bad\s+news\s+first|in\s+short|in\s+a\s+nutshell|(?:the\s+)?short\s+version|bottom\s+line)\s*:\s*(?:if|should)\s+([^,.;:]{3,80}),\s*`)

// summaryEndRe is the clause that only says the case ends: "we stop
// there", "that is the end of it".
var summaryEndRe = regexp.MustCompile(`(?i)^(?:we\s+stop\s+there|it\s+stops\s+there|that(?:'s|’s|\s+is)\s+(?:it|the\s+end(?:\s+of\s+it)?)|the\s+(?:process|case)\s+(?:ends|stops)(?:\s+there)?|full\s+stop)\s*[.!]\s*`)

// paragraphRe splits a text into paragraphs.
var paragraphRe = regexp.MustCompile(`\n[ \t]*\n`)

// summaryFirst moves a negative case told first as a summary ("First the
// bad news: if the police object to the event, we stop there. The permit
// is refused.") to where the process meets it: right after the later
// question or condition that names the opposite case ("No objection from
// the police? Then you issue the permit."), as its "Otherwise" branch,
// which ends. A summary no later condition answers stays where it is.
func summaryFirst(text string) string {
	paras := paragraphRe.Split(text, -1)
	for i, p := range paras {
		if i > 4 {
			break
		}
		m := summaryLeadRe.FindStringSubmatchIndex(p)
		if m == nil {
			continue
		}
		cond := p[m[2]:m[3]]
		outcome := strings.TrimSpace(summaryEndRe.ReplaceAllString(p[m[1]:], ""))
		if wordCount(outcome) < 3 {
			return text
		}
		for j := i + 1; j < len(paras); j++ {
			if at, ok := oppositeCase(paras[j], cond); ok {
				branch := " Otherwise, " + lowerFirstWord(strings.TrimRight(outcome, ". ")) + ". The process ends there."
				paras[j] = paras[j][:at] + branch + paras[j][at:]
				return strings.Join(append(paras[:i:i], paras[i+1:]...), "\n\n")
			}
		}
		return text
	}
	return text
}

// oppositeCase finds in para the end of a sentence that is a question or
// condition about cond's case with the other polarity ("No objection
// from the police?" for "the police object to the event"); at is where
// the sentence after it begins, or the paragraph's end.
func oppositeCase(para, cond string) (int, bool) {
	keys := summaryKeys(cond)
	if len(keys) == 0 {
		return 0, false
	}
	start := 0
	ends := sentenceEndRe.FindAllStringIndex(para, -1)
	for k, e := range ends {
		sent := strings.TrimSpace(para[start:e[1]])
		start = e[1]
		if !isCaseSentence(sent) || 2*keyHits(sent, keys) < len(keys) || negated(sent) == negated(cond) {
			continue
		}
		if strings.HasSuffix(sent, "?") && k+1 < len(ends) {
			// "No objection? Then you issue the permit.": the case's
			// branch is the sentence after the question
			return ends[k+1][0] + 1, true
		}
		return e[0] + 1, true
	}
	return 0, false
}

// summaryKeys are the stems of cond's words that say what the case is
// about.
func summaryKeys(cond string) []string {
	var keys []string
	for _, w := range strings.Fields(cond) {
		if n := norm(w); len(n) > 2 && !afterthoughtSkip[n] && !summaryWhose[n] {
			keys = append(keys, stemOf(n))
		}
	}
	return keys
}

// summaryWhose say whose, not what.
var summaryWhose = set(`my our your his her their its`)

// keyHits counts the keys some word of s starts with.
func keyHits(s string, keys []string) int {
	hits := 0
	for _, k := range keys {
		for _, w := range strings.Fields(s) {
			if strings.HasPrefix(stemOf(norm(w)), k) {
				hits++
				break
			}
		}
	}
	return hits
}

// isCaseSentence reports whether s names a case: a question or an "If …"
// or "No …" lead.
func isCaseSentence(s string) bool {
	first := norm(strings.SplitN(s, " ", 2)[0])
	return strings.HasSuffix(s, "?") || first == "if" || first == "no" || first == "should"
}

// negated reports whether s says its case in the negative.
func negated(s string) bool {
	l := " " + strings.ToLower(s) + " "
	return strings.HasPrefix(strings.TrimSpace(l), "no ") || strings.Contains(l, " not ") || strings.Contains(l, "n't ") ||
		strings.Contains(l, " no ") || strings.Contains(l, " never ")
}
