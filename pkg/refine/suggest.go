package refine

import (
	"sort"
	"strings"
)

// form is one command of the grammar, as an example with the words that
// point to it.
type form struct {
	words   []string // word beginnings that point to this form
	example func(x, y string) string
}

// forms are the grammar's commands in the order Grammar lists them; the
// examples use the diagram's own names when the sentence mentions them.
var forms = []form{
	{[]string{"renam", "call", "titl", "retitl", "nam"}, func(x, _ string) string { return "rename '" + x + "' to 'New name'" }},
	{[]string{"mov", "assign", "lane", "give", "handl", "perform", "responsib", "owner", "role"}, func(x, _ string) string { return "move '" + x + "' to the Finance lane" }},
	{[]string{"add", "insert", "step", "task", "new", "befor", "includ"}, func(x, _ string) string { return "add step 'Archive documents' after '" + x + "'" }},
	{[]string{"delet", "remov", "drop", "skip", "get rid", "eliminat"}, func(x, _ string) string { return "delete '" + x + "'" }},
	{[]string{"parallel", "same time", "simultan", "together", "concurrent"}, func(x, y string) string { return "make '" + x + "' and '" + y + "' parallel" }},
	{[]string{"loop", "back", "repeat", "again", "return", "redo", "retry"}, func(x, y string) string { return "loop back from '" + x + "' to '" + y + "' if incomplete" }},
	{[]string{"if", "when", "decision", "decid", "otherwis", "reject", "approv", "unless"}, func(x, _ string) string { return "after '" + x + "', if rejected, the process ends" }},
	{[]string{"wait", "timer", "day", "hour", "week", "minut", "messag", "email", "mail", "signal", "remind"}, func(x, _ string) string { return "add timer '2 days' after '" + x + "'" }},
	{[]string{"connect", "link", "arrow", "lead", "go to", "goes to", "continu"}, func(x, y string) string { return "connect '" + x + "' to '" + y + "'" }},
	{[]string{"disconnect", "unlink", "cut", "separat"}, func(x, y string) string { return "disconnect '" + x + "' from '" + y + "'" }},
	{[]string{"end", "stop", "finish", "terminat", "clos", "done"}, func(x, _ string) string { return "end the process after '" + x + "'" }},
	{[]string{"condition", "label", "branch", "flow", "path"}, func(x, y string) string {
		return "name the flow from '" + x + "' to '" + y + "' as 'Approved'"
	}},
}

// maxSuggestions is how many forms an unknown sentence is answered with.
const maxSuggestions = 3

// Suggest answers a sentence the grammar did not understand with the
// closest forms it does understand (at most three), written with the
// diagram's names the sentence mentions (names are the model's, Names).
// Names the sentence does not mention are filled in from tasks (the
// model's, TaskNames): an example step is a task, never a decision such
// as "Amount exceeds 1000 EUR?" or an event. The closeness is the number
// of words of the sentence that point to a form; a sentence pointing
// nowhere gets the three commonest forms.
func Suggest(sentence string, names, tasks []string) []string {
	s := " " + strings.ToLower(strings.Join(strings.FieldsFunc(sentence, func(r rune) bool {
		return !(r == '\'' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127)
	}), " ")) + " "
	mentioned, rest := mentionedNames(s, names)
	x, y := exampleNames(s, mentioned, tasks)
	ranks := rankForms(rest)
	var out []string
	if ranks[0].score == 0 {
		for _, i := range []int{0, 2, 6} { // rename, add a step, a decision
			out = append(out, forms[i].example(x, y))
		}
		return out
	}
	for _, r := range ranks {
		if r.score == 0 || len(out) == maxSuggestions {
			break
		}
		out = append(out, forms[r.i].example(x, y))
	}
	return out
}

// mentionedNames finds the names the sentence s (lower case, padded with
// spaces) mentions, longest first (so that "Check claim" wins over
// "Check"), at most two, and returns s without them.
func mentionedNames(s string, names []string) (mentioned []string, rest string) {
	sorted := append([]string(nil), names...)
	sort.SliceStable(sorted, func(i, j int) bool { return len(sorted[i]) > len(sorted[j]) })
	rest = s
	for _, n := range sorted {
		ln := strings.ToLower(strings.TrimSpace(n))
		if ln == "" || len(mentioned) == 2 {
			continue
		}
		if i := strings.Index(rest, ln); i >= 0 {
			mentioned = append(mentioned, n)
			rest = rest[:i] + " " + rest[i+len(ln):]
		}
	}
	return mentioned, rest
}

// exampleNames chooses the examples' X and Y: the names mentioned, in the
// sentence's order, filled up from the diagram's task names, else stock
// names.
func exampleNames(s string, mentioned, tasks []string) (x, y string) {
	x, y = "Check claim", "Pay claim"
	switch {
	case len(mentioned) >= 2:
		x, y = mentioned[0], mentioned[1]
		if strings.Index(s, strings.ToLower(y)) < strings.Index(s, strings.ToLower(x)) {
			x, y = y, x
		}
	case len(mentioned) == 1:
		x = mentioned[0]
		for _, n := range tasks {
			if n != x && strings.TrimSpace(n) != "" {
				y = n
				break
			}
		}
	default:
		var named []string
		for _, n := range tasks {
			if strings.TrimSpace(n) != "" {
				named = append(named, n)
			}
		}
		if len(named) >= 1 {
			x = named[0]
		}
		if len(named) >= 2 {
			y = named[1]
		}
	}
	return x, y
}

// formRank is a form (its index in forms) and how many words of the
// sentence point to it.
type formRank struct{ i, score int }

// rankForms scores every form by the words of rest (the sentence without
// the names: words of the names do not point to forms, "Approve" in a
// name is not a decision), best first.
func rankForms(rest string) []formRank {
	var ranks []formRank
	for i, f := range forms {
		score := 0
		for _, w := range f.words {
			if strings.Contains(rest, " "+w) {
				score++
			}
		}
		ranks = append(ranks, formRank{i, score})
	}
	sort.SliceStable(ranks, func(a, b int) bool { return ranks[a].score > ranks[b].score })
	return ranks
}
