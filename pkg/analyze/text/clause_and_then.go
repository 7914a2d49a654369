package text

// thenAfterAnd reports whether the "and" at ws[k] is followed by "then"
// and a word after it: "… waits five days and then sends a reminder",
// where the second verb comes after "then".
func thenAfterAnd(ws []string, k int) bool {
	return k+2 < len(ws) && norm(ws[k+1]) == "then"
}

// finiteForm is the verb form a clause opening with ws takes: the base
// form after "I", "we", "you" and "they" ("I wait five days and then
// send a reminder"), the third person otherwise.
func finiteForm(ws []string) int {
	if len(ws) > 0 && baseSubjects[norm(ws[0])] {
		return formBase
	}
	return formThird
}

// baseSubjects take a verb's base form.
var baseSubjects = set(`i we you they`)
