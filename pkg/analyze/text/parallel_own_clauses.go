package text

import "regexp"

// ownSideLeadRe is a lead that puts a clause list's own steps side by
// side where no sentence reader sees it, on a decision's branch: "If
// complete, in same time the clerk asks the police … and the engineer
// checks the plan", "…, simultaneously the nurse … and the porter …".
var ownSideLeadRe = regexp.MustCompile(`(?i)^(?:and\s+)?(?:then\s+)?(?:(?:at|in)\s+(?:the\s+)?same\s+time|simultaneously|concurrently|in\s+parallel)\b\s*,?\s*`)

// ownSideClauses reads a clause list led by "at the same time" or
// marked "independently of each other" whose steps are done by two or
// more performers: each performer's steps run beside the others' (the
// first step of each later performer is marked beside). nil when the
// text is no such list, so that it is read as usual.
func (a *analyzer) ownSideClauses(text, source string) []*draft {
	rest := text
	lead := ownSideLeadRe.FindString(rest)
	rest = rest[len(lead):]
	own := sideByOwnRe.MatchString(rest)
	if lead == "" && !own {
		return nil
	}
	rest = sideByOwnRe.ReplaceAllString(rest, "")
	ds := a.clauses(rest, source)
	bs := byPerformer(ds)
	if len(bs) < 2 || hasAlt(ds) {
		for _, d := range ds {
			d.drop = true
		}
		return nil
	}
	for _, d := range ds {
		if d.event != nil || d.beside {
			for _, d := range ds {
				d.drop = true
			}
			return nil
		}
	}
	for _, b := range bs[1:] {
		b[0].beside = true
	}
	return ds
}
