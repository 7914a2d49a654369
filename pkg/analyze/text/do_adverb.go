package text

// subjectAdverb reports words before an auxiliary-looking "do" that end
// in a subject and an adverb: "the mechanic only do the safety check",
// "we also do a count". "do" is then the verb of that subject, not the
// auxiliary of an inversion ("Only then does …", "Not only do …").
func subjectAdverb(before []string) bool {
	if len(before) < 2 {
		return false
	}
	adv := norm(before[len(before)-1])
	if adv != "only" && adv != "also" && adv != "just" {
		return false
	}
	subj := before[len(before)-2]
	n := norm(subj)
	if n == "not" || n == "then" || invertedLeads[n] {
		return false
	}
	return personal[n] || isAgent(subj)
}

// ownPronoun reports a coordinated clause after the first that names its
// own performer by a pronoun: "… to the land registry and they update
// the register" is not done by the first clause's subject.
func ownPronoun(cs []clause, i int) bool {
	return i > 0 && cs[i].pronoun && cs[i].pron != "" && cs[i].performer == ""
}
