package text

import "strings"

// personSubjects are the personal pronouns a step's subject can be.
var personSubjects = set(`i we you they he she`)

// subordinateLeads open a clause that leads in to the main one: "before
// anything is booked, you put …".
var subordinateLeads = set(`if when before after once unless as while whenever`)

// personClause reports whether rest is a step told with a personal
// pronoun as its subject, behind a leading subordinate clause or not:
// "you put a request for the trip into the travel tool", "before
// anything is booked, we check the budget".
func personClause(rest string) bool {
	ws := strings.Fields(rest)
	if len(ws) > 0 && subordinateLeads[norm(ws[0])] {
		i := strings.IndexByte(rest, ',')
		if i < 0 {
			return false
		}
		ws = strings.Fields(rest[i+1:])
	}
	if len(ws) < 3 || !personSubjects[norm(ws[0])] {
		return false
	}
	v := ws[1]
	if adverbs[norm(v)] && len(ws) > 3 {
		v = ws[2] // "we then check …"
	}
	_, f := verbForm(v)
	return f == formBase || f == formPast
}
