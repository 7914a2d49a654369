package text

import "regexp"

// caseItemRe is an alternative of a choice list led by the case it is
// for: "(a) in the event of a refusal, the driver shall be informed …",
// "- in case of approval, the coordinator books the workshop".
var caseItemRe = regexp.MustCompile(`^(?i:in\s+the\s+event\s+(?:of|that)|in\s+case\s+of)\s+[^,;:]{2,80},\s+(\S.+)$`)

// caseItemText is an alternative's work without the case that leads it:
// the choice's branch is already that case.
func caseItemText(s string) string {
	if m := caseItemRe.FindStringSubmatch(s); m != nil {
		return capitalise(m[1])
	}
	return s
}
