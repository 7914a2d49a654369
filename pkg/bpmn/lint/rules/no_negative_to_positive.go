package rules

import (
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noNegativeToPositiveRule is no-negative-to-positive: a negative outcome
// must not lead on to a positive completion. A case that was rejected,
// declined, cancelled, refused, denied, withdrawn, aborted or failed and
// then still reaches "Pay repair shop", "Issue permit" or "Ship order" is
// the first thing an analyst sees wrong in a model made from text (both
// rejection branches merged back into the main path).
//
// The rule, per process (pool):
//   - A negative outcome is an activity or event whose name holds a
//     negative word (reject, decline, cancel, refuse, deny, withdraw,
//     abort, fail, dismiss, revoke; "not approved", "not accepted", …), or
//     the branch of a decision that is labelled so, or answers "yes" to a
//     negative question ("Board rejects the change?") or "no" to an approval
//     question ("Approved?", "Test passed?"). A gateway itself is never
//     the outcome: "Rejected?" has both branches.
//   - A positive completion is an activity whose verb pays, approves,
//     issues, ships, delivers, grants, accepts, disburses, dispatches,
//     settles, fulfils or completes an order, or an event saying it was so
//     (paid, approved, issued, shipped, …); a name that also holds a
//     negative word or speaks of a refund, a return or a reversal is not.
//   - It is reported when a path leads from the negative outcome to a
//     positive completion without passing back through a node that
//     precedes the outcome (one from which the outcome can be reached).
//     A rework loop ("Reject" → "Correct" → "Resubmit" → "Review" →
//     "Approve") goes back through the review, which precedes the
//     rejection, so it is legitimate.
//   - It is not reported when the path passes an activity, event or flow
//     whose text says that it returns (retry, resubmit, rework, reopen,
//     appeal, correct, amend, "again", "back to", "return to", …): the
//     model then says where the case goes back in; nor when it passes
//     another decision that asks for approval ("Director approves?"): an
//     escalation decides the case anew.
//
// Paths follow sequence flows, boundary events, link events and
// sub-processes; message flows are not followed (another party's
// payment is not ours). One finding per negative outcome, naming the
// nearest positive completion.
func noNegativeToPositiveRule() lint.Rule {
	return newRule("no-negative-to-positive", func(d *parse.Definitions) []lint.Finding {
		var out []lint.Finding
		for _, g := range processGraphs(d) {
			out = append(out, negativeToPositive(g)...)
		}
		return out
	})
}

// negativeToPositive reports, in one process graph, each negative
// outcome (a decision's negative branch, or a negative node) that leads on
// to a positive completion.
func negativeToPositive(g *flowGraph) []lint.Finding {
	ns, anyPositive := newNegativeSearch(g)
	if !anyPositive {
		return nil
	}
	var out []lint.Finding
	// reached[v] is the positive completion a negative node leads to (-1:
	// none, or not a negative node).
	reached := make([]int, len(g.elems))
	for v := range reached {
		reached[v] = -1
	}
	for v, e := range g.elems {
		if g.isExit[v] {
			continue
		}
		switch {
		case parse.IsGateway(e.Kind):
			out = append(out, ns.negativeBranches(v, e)...)
		case (parse.IsActivity(e.Kind) || parse.IsEvent(e.Kind)) && e.Kind != "startEvent" && isNegative(e.Label()):
			// Everything that can reach the outcome precedes it; when the
			// outcome is on a loop, the loop's nodes do too, so only the
			// loop's exits are searched.
			preceding := g.reach(g.pred[v], nil, true)
			reached[v] = g.searchAfter(v, preceding, ns.search)
		}
	}
	for v, p := range reached {
		if p < 0 || followsReported(g, v, reached) {
			continue
		}
		e := g.elems[v]
		out = append(out, at(e, quoted(e)+" is a negative outcome, yet it leads on to "+quoted(g.elems[p])+
			" without returning to an earlier step: a rejected or failed case reaches a positive completion. End this branch, or route it back to the step it returns to"))
	}
	return out
}

// negativeSearch is one process graph with the vertices that are
// positive completions and those where a path stops.
type negativeSearch struct {
	g        *flowGraph
	positive []bool
	returns  []bool
}

// newNegativeSearch classifies the vertices; false when no vertex is a
// positive completion (nothing to report).
func newNegativeSearch(g *flowGraph) (*negativeSearch, bool) {
	ns := &negativeSearch{g: g, positive: make([]bool, len(g.elems)), returns: make([]bool, len(g.elems))}
	anyPositive := false
	for v, e := range g.elems {
		if g.isExit[v] {
			continue
		}
		ns.positive[v] = isPositive(e)
		anyPositive = anyPositive || ns.positive[v]
		// A path stops where the model says the case returns, and at a
		// second decision that asks for approval: whatever follows it is
		// that decision's outcome (an escalation to the director).
		ns.returns[v] = (!parse.IsGateway(e.Kind) && saysReturn(e.Label())) ||
			(parse.IsGateway(e.Kind) && len(e.Outgoing) > 1 && hasWord(words(e.Label()), approvalQuestions))
	}
	return ns, anyPositive
}

// search walks from the first vertex of the outcome and returns the
// nearest positive completion, or -1.
func (ns *negativeSearch) search(from int, preceding []bool) int {
	g := ns.g
	if preceding[from] || ns.returns[from] {
		return -1
	}
	seen := make([]bool, len(g.elems))
	seen[from] = true
	queue := []int{from}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if ns.positive[v] && !g.isExit[v] {
			return v
		}
		for _, w := range g.succ[v] {
			if seen[w] || preceding[w] || ns.returns[w] || g.flowReturns(v, w) {
				continue
			}
			seen[w] = true
			queue = append(queue, w)
		}
	}
	return -1
}

// negativeBranches reports the negative branches of decision v that lead
// on to a positive completion; a negative node at a branch's end is
// reported itself.
func (ns *negativeSearch) negativeBranches(v int, e *parse.Element) []lint.Finding {
	g := ns.g
	var out []lint.Finding
	for _, f := range e.Outgoing {
		t, ok := g.entry[f.Target]
		if !ok || !negativeBranch(e, f) || (!parse.IsGateway(f.Target.Kind) && isNegative(f.Target.Label())) {
			continue
		}
		preceding := g.reach([]int{v}, nil, true)
		if p := ns.search(t, preceding); p >= 0 {
			branch := branchText(f)
			out = append(out, at(f, "The "+branch+" branch of "+quoted(e)+" leads on to "+quoted(g.elems[p])+
				" without returning to an earlier step: a negative outcome reaches a positive completion. End the branch, or route it back to the step it returns to"))
		}
	}
	return out
}

// followsReported reports whether every way into a negative node comes
// from negative nodes that are reported themselves ("Reject claim" →
// "Send rejection letter" is one branch, reported once, at its first
// node).
func followsReported(g *flowGraph, v int, reached []int) bool {
	if len(g.pred[v]) == 0 {
		return false
	}
	for _, u := range g.pred[v] {
		if g.isExit[u] || u == v || reached[u] < 0 {
			return false
		}
	}
	return true
}

// searchAfter runs search from the successors of a negative node (of a
// sub-process's exit: its content is the outcome's own work); the node
// itself holds a negative word and so is no positive completion.
func (g *flowGraph) searchAfter(v int, preceding []bool, search func(int, []bool) int) int {
	from := g.out(g.elems[v])
	for _, w := range g.succ[from] {
		if w == v || g.flowReturns(from, w) {
			continue
		}
		if p := search(w, preceding); p >= 0 {
			return p
		}
	}
	return -1
}

// flowReturns reports whether a sequence flow from v to w says that the
// case returns (its label or condition).
func (g *flowGraph) flowReturns(v, w int) bool {
	if g.isExit[w] {
		return false
	}
	src := g.elems[v]
	for _, f := range src.Outgoing {
		if f.Target == g.elems[w] && saysReturn(flowText(f)) {
			return true
		}
	}
	return false
}

func flowText(f *parse.Element) string {
	s := f.Label()
	if c := f.Condition(); c != nil && c.Text != "" {
		s += " " + c.Text
	}
	return s
}

func branchText(f *parse.Element) string {
	if l := strings.TrimSpace(flowText(f)); l != "" {
		return "\"" + oneLineLabel(l) + "\""
	}
	return "default"
}

// Word lists. A word matches an entry ending in "*" by prefix, any other
// entry exactly; names are lower-cased and split on anything not a letter.
var (
	negativeWords = []string{"reject*", "declin*", "cancel*", "refus*", "deny", "denies", "denied", "denial*",
		"withdr*", "abort*", "fail*", "dismiss*", "revok*", "revoc*", "unsuccessful*", "disapprov*"}
	positiveVerbs = []string{"pay", "pays", "paying", "payment*", "approv*", "issu*", "ship*", "deliver*", "grant*",
		"accept*", "disburs*", "dispatch*", "settl*", "fulfil*", "release", "releases"}
	positiveParticiples = []string{"paid", "approved", "issued", "shipped", "delivered", "granted", "accepted",
		"disbursed", "dispatched", "settled", "fulfilled", "fulfiled"}
	notPositiveWords = []string{"refund*", "return*", "revers*", "chargeback*", "reimburs*", "credit*", "back"}
	// approvalQuestions are the words of a question whose "no" is a
	// negative outcome (unlike "Warranty valid?", whose "no" is a
	// condition the case continues under).
	approvalQuestions = []string{"approv*", "accept*", "grant*", "pass", "passed", "passes", "succe*", "authori*"}
	returnWords       = []string{"retry*", "resubmi*", "rework*", "redo*", "repeat*", "again", "reopen*",
		"reconsider*", "appeal*", "correct", "corrects", "corrected", "correcting", "correction*", "amend*",
		"revis*", "reapply*", "reappl*", "resend*", "retest*", "recheck*", "reapprov*", "loop*"}
	returnPhrases = []string{"back to", "return to", "returns to", "returned to", "go back", "goes back", "hand back", "handed back", "sent back to", "start again", "starts again"}
)

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

func matchWord(w string, list []string) bool {
	for _, e := range list {
		if p, ok := strings.CutSuffix(e, "*"); ok {
			if strings.HasPrefix(w, p) {
				return true
			}
		} else if w == e {
			return true
		}
	}
	return false
}

func hasWord(ws, list []string) bool {
	for _, w := range ws {
		if matchWord(w, list) {
			return true
		}
	}
	return false
}

// isNegative reports whether a name states a negative outcome: a negative
// word, or "not"/"no"/"never" before an approval word ("not approved").
func isNegative(name string) bool {
	ws := words(name)
	if hasWord(ws, negativeWords) {
		return true
	}
	for i := 0; i+1 < len(ws); i++ {
		if (ws[i] == "not" || ws[i] == "no" || ws[i] == "never") &&
			(matchWord(ws[i+1], positiveVerbs) || matchWord(ws[i+1], positiveParticiples)) {
			return true
		}
	}
	return false
}

// isPositive reports whether an activity or event is a positive
// completion: an activity whose first word is a completing verb ("Pay
// repair shop", "Complete order"), or an event that says it happened
// ("Invoice paid").
func isPositive(e *parse.Element) bool {
	name := e.Label()
	ws := words(name)
	if len(ws) == 0 || isNegative(name) || hasWord(ws, notPositiveWords) {
		return false
	}
	switch {
	case parse.IsActivity(e.Kind):
		if matchWord(ws[0], positiveVerbs) {
			return true
		}
		return (ws[0] == "complete" || ws[0] == "completes") && hasWord(ws, []string{"order*"})
	case parse.IsEvent(e.Kind) && e.Kind != "startEvent":
		return hasWord(ws, positiveParticiples) || (hasWord(ws, []string{"completed"}) && hasWord(ws, []string{"order*"}))
	}
	return false
}

// negativeBranch reports whether a decision's outgoing flow is a negative
// outcome: labelled with a negative word, or "yes" to a negative question,
// or "no" to an approval question.
func negativeBranch(gw, f *parse.Element) bool {
	label := flowText(f)
	if isNegative(label) {
		return true
	}
	ws := words(label)
	if len(ws) == 0 || len(ws) > 2 {
		return false
	}
	q := words(gw.Label())
	switch ws[0] {
	case "yes", "true", "y":
		return hasWord(q, negativeWords)
	case "no", "false", "n":
		return hasWord(q, approvalQuestions) && !hasWord(q, negativeWords)
	}
	return false
}

// saysReturn reports whether a text says that the case goes back in
// (retry, resubmit, "back to", …).
func saysReturn(s string) bool {
	if s == "" {
		return false
	}
	if hasWord(words(s), returnWords) {
		return true
	}
	low := " " + strings.Join(words(s), " ") + " "
	for _, p := range returnPhrases {
		if strings.Contains(low, " "+p+" ") {
			return true
		}
	}
	return false
}
