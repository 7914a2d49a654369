package text

import (
	"regexp"
	"strings"
)

// titleAudienceRe is a title or lead that names whom a checklist or
// guide is for: "ARTWORK CHECK - checklist for the prepress operator",
// "FAQ for coordinators", "Cheat sheet for shift leads".
var titleAudienceRe = regexp.MustCompile(`(?i)\b(?:checklist|check\s+list|cheat\s+sheet|guide|guidelines|instructions?|faq|work\s+instruction|how-to|runbook|playbook)\s+for\s+(?:the\s+|all\s+|new\s+|our\s+)*([A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*){0,3})`)

// titleAudience makes the staff a checklist or guide says it is for the
// performer of the steps nobody else is named for, as "intended for …"
// does. Only a role of the organisation: a guide for customers speaks
// to an outside party, whose steps are not ours.
func (a *analyzer) titleAudience(text string) {
	if a.docActor != "" {
		return
	}
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	m := titleAudienceRe.FindStringSubmatch(first)
	if m == nil {
		return
	}
	ws := strings.Fields(m[1])
	for i, w := range ws {
		if roleWords[norm(w)] || roleWords[singularNoun(norm(w))] {
			ws = ws[:i+1] // "project managers (PM)" → "project managers"
			break
		}
	}
	if n := len(ws); n > 0 && !strings.HasSuffix(ws[n-1], "is") && !strings.HasSuffix(ws[n-1], "us") {
		ws[n-1] = singularNoun(ws[n-1]) // "for shift leads": a shift lead does the steps
	}
	if np := nounPhrase(ws, 4); isAgent(np) && !isExternal(np) {
		a.docActor = a.performer(np)
	}
}
