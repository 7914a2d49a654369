package text

import "regexp"

// tagQuestionRe is a spoken tag that turns a statement into a question
// only in form: "…, a rejected sample never goes out, okay?", "…, right?",
// "… - yeah?".
var tagQuestionRe = regexp.MustCompile(`(?i)\s*[,;–—-]\s*(?:okay|ok|alright|all\s+right|right|yeah|yes|got\s+it|you\s+know|you\s+see|understood|clear|agreed)\s*\?+\s*$`)

// dropTagQuestion makes such a sentence the statement it is: the tag
// goes, a full stop ends it.
func dropTagQuestion(s string) string {
	if loc := tagQuestionRe.FindStringIndex(s); loc != nil && loc[0] > 0 {
		return s[:loc[0]] + "."
	}
	return s
}
