package text

import (
	"regexp"
	"strings"
)

// caseQuestionRe is a turn that asks about a case: "and if it isn't?",
// "What happens if the engineer can't fix it?", "and when both are
// fine?" ("What about a hit?" is read by whatAboutRe).
var caseQuestionRe = regexp.MustCompile(`(?i)^\s*(?:(?:and|but|ok|okay|so|right|hm+|sorry)[,.!]?\s+)*(?:what\s+(?:happens\s+|do\s+(?:you|we|they)\s+do\s+)?)?(?:if|when)\s+([^?]{3,120}?)\s*\?+\s*$`)

// caseQuestion is the case a turn asks about, or "".
func caseQuestion(text string) string {
	if m := caseQuestionRe.FindStringSubmatch(strings.TrimSpace(text)); m != nil {
		return strings.TrimSpace(m[1])
	}
	if m := whatAboutRe.FindStringSubmatch(strings.TrimSpace(text)); m != nil {
		return "there is " + strings.TrimSpace(m[1]) // "What about a hit?"
	}
	return ""
}

// answerLeadRe is what opens an answer before its work: "then", "in
// that case", "well", "yes".
var answerLeadRe = regexp.MustCompile(`(?i)^\s*(?:(?:then|in\s+that\s+case|well|ok|okay|so|yes|yeah|right|good\s+question)[,.!]?\s+)+`)

// ownCaseRe opens an answer with a condition of its own: "As soon as
// you confirm …", "If I can reproduce it, …".
var ownCaseRe = regexp.MustCompile(`(?i)^(?:if|when|whenever|should|in\s+case|where|unless|once|as\s+soon\s+as|after|before|until|provided|in\s+the\s+event|depending|either)\b`)

// askedCase reads the answer to a question about a case as that case:
// "and if it isn't?" – "then I bounce it back to the line manager" is
// "If it isn't, I bounce it back to the line manager"; the asker's "I"
// and "you" are the answerer's "you" and "I" ("What happens if you
// can't reproduce it?" – "If I can't reproduce it, …"). An answer with a
// condition of its own stays as it is.
func askedCase(cond, answer string) string {
	body := answerLeadRe.ReplaceAllString(strings.TrimSpace(answer), "")
	if cond == "" || wordCount(body) < 2 || ownCaseRe.MatchString(body) {
		return answer
	}
	// "A sanctions hit I hand over to Compliance": the object back
	// after its verb before the case's "If" goes in front
	body = frontedObject(body)
	ws := strings.SplitN(body, " ", 2)
	if faqLeads[strings.ToLower(ws[0])] {
		ws[0] = strings.ToLower(ws[0])
	}
	return "If " + answererWords(cond) + ", " + strings.Join(ws, " ")
}

// answererView swaps the asker's persons for the answerer's.
var answererView = map[string]string{"i": "you", "me": "you", "my": "your", "mine": "yours", "you": "I", "your": "my", "yours": "mine"}

// answererWords is a case asked about in the words of the one who
// answers: "I don't send the photo" is "you don't send the photo".
func answererWords(cond string) string {
	ws := strings.Fields(cond)
	for i, w := range ws {
		if r, ok := answererView[strings.ToLower(w)]; ok {
			ws[i] = r
		}
	}
	return strings.Join(ws, " ")
}
