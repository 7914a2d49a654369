package text

import "regexp"

// triggersLeadRe is a lead-in announcing the steps that start at once:
// "That triggers two things at once: IT prepares …, and facilities …".
var triggersLeadRe = regexp.MustCompile(`^(?i:this|that|it)\s+(?i:triggers|starts|kicks\s+off|sets\s+off)\s+(?i:two|three|several)\s+(?i:things|steps|tasks)(?:\s+(?i:at\s+once|in\s+parallel|at\s+the\s+same\s+time))?:\s+(\S.*?),\s+and\s+(\S.*)$`)

// getReadyRe is "gets X ready": preparing X ("facilities gets the desk
// and the access badge ready").
var getReadyRe = regexp.MustCompile(`\b(get|gets)\s+((?:the|a|an|their|its|our)\s+[^,;:.]{1,50}?)\s+ready\b`)

// triggeredAtOnce reads the steps a lead-in says start at once as two
// clauses side by side, and "gets X ready" as preparing X.
func triggeredAtOnce(s string) string {
	if m := triggersLeadRe.FindStringSubmatch(s); m != nil {
		s = capitalise(m[1]) + ", and at the same time " + m[2]
	}
	return getReadyRe.ReplaceAllStringFunc(s, func(g string) string {
		m := getReadyRe.FindStringSubmatch(g)
		if m[1] == "get" {
			return "prepare " + m[2]
		}
		return "prepares " + m[2]
	})
}
