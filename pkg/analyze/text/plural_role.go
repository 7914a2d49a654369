package text

// pluralRoleFirst reports "Judges review the entries", "Nurses check
// the patient": the first word reads as a verb in the third person but
// a base form follows it with its object right after, so the first word
// is a plural subject, not a command.
func pluralRoleFirst(ws []string, form int) bool {
	if form != formThird || len(ws) < 3 || breaks(ws[0]) || breaks(ws[1]) {
		return false
	}
	if _, f := verbForm(ws[1]); f != formBase {
		return false
	}
	next := norm(ws[2])
	return determiners[next] || pronouns[next] || personalObjects[next]
}
