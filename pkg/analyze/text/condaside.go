package text

import "regexp"

// condAsideRe is a bracketed aside between a condition and the comma that
// closes it: "If this is not the case (more items or other items), the
// crew reports a mismatch", "Where the tenant is in arrears (see 4.2),
// the agent …".
var condAsideRe = regexp.MustCompile(`^((?i:if|where|when|whenever|should|in\s+case|unless|otherwise|failing\s+(?:this|that))\b[^(),;]{0,120}?)\s*\(([^()]{1,100})\)\s*,\s*`)

// dropConditionAside drops such an aside: it explains the case and
// names no step, and the bracket cut the condition from its clause
// (a condition that names no case of its own, "If this is not the case",
// was read as no condition at all). An aside that is itself a condition
// or a step stays ("(and audit, where required)").
func dropConditionAside(s string) string {
	m := condAsideRe.FindStringSubmatchIndex(s)
	if m == nil || asideConditionRe.MatchString(s[m[4]:m[5]]) {
		return s
	}
	return s[m[2]:m[3]] + ", " + s[m[1]:]
}
