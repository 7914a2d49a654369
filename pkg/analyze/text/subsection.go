package text

import "regexp"

// subsectionRe is the marker of a numbered subsection inside a
// paragraph: "§ 13 Examination. (1) The caseworker examines … (2) The
// caseworker calculates …", "(e) Where the defendant admits …".
var subsectionRe = regexp.MustCompile(`^\((?:\d{1,2}|[a-h]|i{1,3}|iv|vi{0,3}|ix|x)\)\s+(\S)`)

// dropSubsectionMark drops a subsection marker that opens a sentence:
// the bracket would stop the reader before the subject's verb, so the
// subsection's step was lost.
func dropSubsectionMark(s string) string {
	if m := subsectionRe.FindStringSubmatchIndex(s); m != nil {
		return s[m[2]:]
	}
	return s
}

// plainAfterLead returns the clause at ws[k:] when it is a performer
// and a verb in the base form that plain non-native English uses for
// the third person, after a scene-setting phrase without its comma:
// "For all blocked cards the agent order a new card", "With the signed
// form HR assistant order the check". The performer is an article and
// up to three words, or up to two words that open with a capital ("HR
// assistant"); nil when ws[k:] is no such clause.
func plainAfterLead(ws []string, k int) []string {
	start, most := k, 2
	if determiners[norm(ws[k])] {
		start, most = k+1, 3
	} else if !isCapitalised(ws[k]) {
		return nil
	}
	for n := 1; n <= most && start+n < len(ws); n++ {
		if breaks(ws[start+n-1]) {
			return nil
		}
		subject := ws[k : start+n]
		if !isAgent(nounPhrase(subject, 5)) {
			continue
		}
		if _, f := verbForm(ws[start+n]); f != formBase {
			continue
		}
		if plainAgreement(subject, ws[k:], len(subject)) {
			return ws[k:]
		}
	}
	return nil
}

// possessiveApprovalRe is an approval named by its giver's possessive:
// "additionally need the plant manager's approval", "requires the
// controller's written sign-off".
var possessiveApprovalRe = regexp.MustCompile(`(?i)\b(needs?|requires?)\s+(?:the\s+|their\s+|its\s+|our\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})['’]s\s+((?:additional\s+|written\s+|prior\s+|formal\s+)?(?:approval|sign-off|signature|authori[sz]ation|consent|countersignature|release))\b`)

// possessiveApproval rewrites such an approval in the form
// needsApproval reads: "need the approval of the plant manager".
func possessiveApproval(s string) string {
	return possessiveApprovalRe.ReplaceAllString(s, "$1 the $3 of the $2")
}
