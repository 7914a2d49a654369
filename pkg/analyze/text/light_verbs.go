package text

import (
	"regexp"
	"strings"
)

// haveLookRe is a look had or taken at a thing, spoken English for
// checking it: "has a look at the quality", "take a quick look at the
// form", "we had a closer look at it".
var haveLookRe = regexp.MustCompile(`(?i)\b(has|have|had|having|takes|take|took|taking)\s+a\s+(?:(?:quick|closer|close|good|short|first|second)\s+)?look\s+(?:at|over|through)\b`)

// giveCallRe is a call given to someone: "give the reference lab a
// call", "gives the customer a ring"; whom in group 2.
var giveCallRe = regexp.MustCompile(`(?i)\b(give|gives|gave|giving)\s+((?:the|our|their|his|her|its|them|him|her|us)\b(?:\s+[a-z][\w-]*){0,3}?)\s+a\s+(?:quick\s+)?(?:call|ring|phone\s+call|buzz)\b`)

// lightVerbPhrases rewrites such light-verb phrases as the plain verb they
// mean: "has a look at the quality" → "checks the quality", "give the
// reference lab a call" → "call the reference lab".
func lightVerbPhrases(text string) string {
	text = haveLookRe.ReplaceAllStringFunc(text, func(m string) string {
		v := strings.ToLower(haveLookRe.FindStringSubmatch(m)[1])
		return map[string]string{"has": "checks", "have": "check", "had": "checked", "having": "checking",
			"takes": "checks", "take": "check", "took": "checked", "taking": "checking"}[v]
	})
	return giveCallRe.ReplaceAllStringFunc(text, func(m string) string {
		sm := giveCallRe.FindStringSubmatch(m)
		v := map[string]string{"give": "call", "gives": "calls", "gave": "called", "giving": "calling"}[strings.ToLower(sm[1])]
		return v + " " + sm[2]
	})
}
