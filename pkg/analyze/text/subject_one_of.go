package text

import (
	"regexp"
	"strings"
)

// oneOfRe is a subject that picks one member of a team: "one of us
// technicians logs …", "One of our agents calls …", "then one of the
// nurses checks …"; the plural role in group 2.
var oneOfRe = regexp.MustCompile(`(?i)(^|\b(?:then|so|and|now)\s+)one\s+of\s+(?:us|our|the|its|their|your|those|these)\s+([a-z][a-z-]{2,}s)\s+([a-z]+s|will|must|shall|should|then|first|also)\b`)

// oneOfSubject reads such a subject as the role itself ("the technician
// logs …"): whoever of them does it, the step is the role's.
func oneOfSubject(s string) string {
	return oneOfRe.ReplaceAllStringFunc(s, func(m string) string {
		sm := oneOfRe.FindStringSubmatch(m)
		if v := strings.ToLower(sm[3]); v == "is" || v == "was" || v == "has" {
			return m // "One of the forms is missing": a state, not a member at work
		}
		article := "the"
		if sm[1] == "" && m[0] >= 'A' && m[0] <= 'Z' {
			article = "The"
		}
		return sm[1] + article + " " + singularRole(sm[2]) + " " + sm[3]
	})
}

// singularRole is a plural role noun's singular: "technicians" →
// "technician", "secretaries" → "secretary", "coaches" → "coach".
func singularRole(w string) string {
	lw := strings.ToLower(w)
	switch {
	case strings.HasSuffix(lw, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(lw, "ches"), strings.HasSuffix(lw, "shes"), strings.HasSuffix(lw, "sses"):
		return w[:len(w)-2]
	}
	return w[:len(w)-1]
}
