package text

import "regexp"

// appositiveRe is what a party is to us, set off by commas between the
// party and its verb: "the driver of FastFreight, our carrier, collects
// it", "the crew of CityNet, our civil works partner, digs the trench".
var appositiveRe = regexp.MustCompile(`,\s+(?:our|their|its)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3},\s+([a-z]\S*)`)

// asRoleRe is the role a speaker acts in, between the speaker and the
// verb: "I, as payments clerk, open a recall case".
var asRoleRe = regexp.MustCompile(`\b(I|[Ww]e),\s+as\s+(?:the\s+|a\s+|an\s+|our\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3},\s+`)

// dropAppositive reads a sentence without the appositive between a
// subject and its verb, so that the subject is the one who acts and the
// clause is not cut at the appositive's commas. The party stays: the
// cues read it from the whole text. An appositive before anything but a
// verb ("…, our bank, and …") is left as it is. "I, as payments clerk,
// open …" is read "I open …": the speaker is who acts.
func dropAppositive(s string) string {
	s = asRoleRe.ReplaceAllString(s, "$1 ")
	s = dropRoleBeforeName(s)
	s = dropPersonAfterRole(s)
	return appositiveRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := appositiveRe.FindStringSubmatch(m)
		if !mainVerb(sub[1]) {
			return m
		}
		return " " + sub[1]
	})
}
