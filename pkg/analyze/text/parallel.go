package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

var (
	parallelStartRe = regexp.MustCompile(`(?i)^(meanwhile|in the meantime|in the meanwhile|in parallel|(?:at|in) (?:the )?same time|simultaneously|concurrently|(?:in\s+)?parallel (?:to|with) (?:this|that|it)|alongside (?:this|that|it)|during (?:this|that|that same|the same) time|while (?:this|that|it)(?:'s|’s| is) (?:going on|happening|running|under way|being done)|while (?:this|that) (?:happens|goes on|runs))\b[,:]?\s*`)
	parallelMidRe   = regexp.MustCompile(`(?i),?\s*\b(in parallel|(?:at|in) (?:the )?same time|simultaneously|concurrently|in the meantime|in the meanwhile|meanwhile)\b,?`)
	whileRe         = regexp.MustCompile(`(?i)^(.{8,}?),?\s+(?:while|whilst)\s+(.{8,})$`)
	// parallelListRe finds a lead-in that announces simultaneous work
	// before a colon: "Then two things happen at the same time: …".
	parallelListRe = regexp.MustCompile(`(?i)^[^:]{0,60}\b(?:at the same time|in parallel|simultaneously|concurrently|(?:two|three|four) (?:things|tasks|activities|checks|jobs) (?:now )?(?:happen|start|run|begin|take place)|(?:two|three|four|both)\b[^:]{0,40}\b(?:at once|side by side))\b[^:]{0,30}:\s*(.+)$`)
	// whileStartRe reads "While X, Y" and "At the same time as X, Y".
	whileStartRe = regexp.MustCompile(`(?i)^(?:while|whilst|(?:at|in) (?:the )?same time as)\s+(.+?),\s*(.+)$`)
)

// readWhileFirst reads "While X, Y": Y runs beside X.
func (a *analyzer) readWhileFirst(r *reading) ([]*draft, bool) {
	if ds, ok := a.readWhileThat(r); ok {
		return ds, true // "While these are awaited, …": beside the last steps
	}
	m := whileStartRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	first := a.clauses(m[1], r.s)
	second := a.clauses(m[2], r.s)
	a.applyTimes(append(first, second...), r.work, r.wait)
	if len(first) > 0 && onlyMoving(first) {
		first = nil // "as the voucher goes out": a thing moving, no one's step
	}
	if len(first) == 0 {
		// "At the same time as the repair order goes out, …": beside
		// the earlier step that works on what the lead-in names
		a.b.besideObject(m[1])
	}
	a.b.add(first)
	a.b.addParallel(second)
	return append(first, second...), true
}

// besideObject makes the next parallel work run beside the steps from
// the last one (of the last four) whose object the lead-in names ("as
// the repair order goes out": "Send repair order") to the end of the
// main sequence.
func (b *builder) besideObject(lead string) {
	if b.open != nil {
		return
	}
	words := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(lead)) {
		words[trimPunct(w)] = true
	}
	for i := len(b.seq) - 1; i >= 0 && i >= len(b.seq)-4; i-- {
		it := b.seq[i]
		if it.act == nil || it.act.event != nil {
			return
		}
		ws := strings.Fields(strings.ToLower(it.act.object))
		if len(ws) > 0 && words[trimPunct(ws[len(ws)-1])] {
			b.lastN = len(b.seq) - i
			return
		}
	}
}

// readParallelStart reads "Meanwhile, …": the steps run beside the
// previous ones.
func (a *analyzer) readParallelStart(r *reading) ([]*draft, bool) {
	m := parallelStartRe.FindStringSubmatch(r.body)
	if m == nil || a.count == 0 {
		return nil, false
	}
	rest := joinTailRe.ReplaceAllString(r.body[len(m[0]):], "")
	ds := a.clauses(rest, r.s)
	a.applyTimes(ds, r.work, r.wait)
	a.besideOutside()
	if bs := byPerformer(ds); len(bs) > 1 && !sequenceWordRe.MatchString(rest) {
		// "Meanwhile the IT team prepares the laptop and the facility
		// team makes the badge": each performer's work is a branch of
		// its own beside the previous steps
		for _, b := range bs {
			a.b.addParallel(b)
		}
		return ds, true
	}
	a.b.addParallel(ds)
	return ds, true
}

// besideOutside makes the next parallel work run beside our own step
// before the last sentences where those are only an outside party's:
// "… asks the candidate's previous employer for a reference. They answer
// by e-mail. In parallel, …" runs beside the asking, a party the text
// marks as outside (a.outside) as well as one named so.
func (a *analyzer) besideOutside() {
	b := &a.b
	if b.open != nil || len(b.seq) == 0 {
		return
	}
	n := max(b.lastN, 1)
	for n < len(b.seq) && outsideOnly(b.seq[len(b.seq)-n:], a.outside) {
		n++
	}
	if n > max(b.lastN, 1) {
		b.lastN = n
	}
}

// sequenceWordRe finds words that put clauses one after the other.
var sequenceWordRe = regexp.MustCompile(`(?i)\b(?:then|afterwards|after that|next|subsequently|once|when|before|after)\b`)

// joinTailRe is a clause that only says where parallel work meets:
// "…, both must be finished before the decision".
var joinTailRe = regexp.MustCompile(`(?i)[,;]\s*(?:and\s+)?(?:both|all|the\s+two|all\s+(?:three|of\s+them))\s+(?:must|have\s+to|need\s+to|should|shall)\s+be\s+(?:finished|done|complete|completed|ready|over)\b.*$`)

// midParallelRe is a sentence whose second clause runs beside its first:
// "… asks the police for an opinion and, in the meantime, calculates
// the fee", "… sends the form; meanwhile the clerk books the room".
var midParallelRe = regexp.MustCompile(`(?i)^(.{8,}?)(?:,?\s+and\s*,?|\s*;|,)\s*(?:in\s+the\s+meantime|in\s+the\s+meanwhile|meanwhile|(?:at|in)\s+(?:the\s+)?same\s+time|simultaneously|in\s+parallel)\s*,?\s+(.{6,})$`)

// readMidParallel reads "A and, in the meantime, B": B runs beside A,
// when both are steps.
func (a *analyzer) readMidParallel(r *reading) ([]*draft, bool) {
	m := midParallelRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	first := a.clauses(m[1], r.s)
	if len(first) == 0 {
		return nil, false
	}
	second := a.clauses(m[2], r.s)
	if len(second) == 0 {
		for _, d := range first {
			d.drop = true
		}
		return nil, false
	}
	a.applyTimes(first, r.work, r.wait)
	a.b.add(first)
	a.b.addParallel(second)
	return append(first, second...), true
}

// readWhile reads "X while Y": Y runs beside X, when both are steps.
func (a *analyzer) readWhile(r *reading) ([]*draft, bool) {
	m := whileRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	first := a.clauses(m[1], r.s)
	second := a.clauses(m[2], r.s)
	if len(first) == 0 || len(second) == 0 {
		return nil, false
	}
	a.applyTimes(first, r.work, r.wait)
	a.b.add(first)
	a.b.addParallel(second)
	return append(first, second...), true
}

// readParallelList reads "Two things happen at the same time: the
// marketing team opens the website, and the committee issues the call":
// each clause after the colon is a branch of its own.
func (a *analyzer) readParallelList(r *reading) ([]*draft, bool) {
	m := parallelListRe.FindStringSubmatch(r.body)
	if m == nil {
		return nil, false
	}
	var branches [][]*draft
	for _, part := range parallelPartRe.Split(m[1], -1) {
		if ds := a.clauses(part, r.s); len(ds) > 0 {
			branches = append(branches, ds)
		}
	}
	if len(branches) == 1 {
		branches = byPerformer(branches[0]) // "…: the clerk books the flight and the assistant reserves the hotel"
	}
	if len(branches) < 2 {
		return nil, false
	}
	return a.addBranches(branches, r), true
}

// addBranches adds work that runs side by side: the first branch in
// sequence, the others beside it.
func (a *analyzer) addBranches(branches [][]*draft, r *reading) []*draft {
	a.applyTimes(branches[0], r.work, r.wait)
	a.b.add(branches[0])
	var all []*draft
	for i, ds := range branches {
		if i > 0 {
			a.b.addParallel(ds)
		}
		all = append(all, ds...)
	}
	return all
}

// byPerformer groups drafts into runs of one performer each: who works
// beside whom.
func byPerformer(ds []*draft) [][]*draft {
	var out [][]*draft
	for i, d := range ds {
		if i == 0 || d.performer != ds[i-1].performer {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], d)
	}
	return out
}

// parallelPartRe splits the clauses of a parallel list.
var parallelPartRe = regexp.MustCompile(`\s*(?:;|,\s+and\s+|,\s+while\s+|,\s+)\s*(?:and\s+)?`)

// sideBySideRe is a sentence that only says the steps before it run side
// by side: "These two checks happen in parallel.", "Both run at the same
// time.", "Neither waits for the other."
var sideBySideRe = regexp.MustCompile(`(?i)^(?:(?:these|those|the)\s+(two|three)\b|(?:these|those)\s+[a-z]+s\b|both\b|(two|three)\s+of\s+them\b)[^.;]{0,40}\b(?:in parallel|at the same time|simultaneously|concurrently|side by side|independently|in any order)\b|^(?:and\s+)?(?:neither|none)\s+(?:of\s+(?:them|the\s+two)\s+)?waits\s+for\s+(?:the\s+other|each\s+other|another)\b`)

// sideByOwnRe marks clauses of one sentence as independent of each
// other: "… and the clerk prints the labels independently of each other".
var sideByOwnRe = regexp.MustCompile(`(?i),?\s*\b(?:independently(?:\s+of\s+(?:each\s+other|one\s+another|the\s+other))?|side\s+by\s+side|without\s+waiting\s+for\s+(?:each\s+other|one\s+another|the\s+other))\b,?|[,;]?\s*(?:and\s+)?neither\s+(?:of\s+them\s+)?waits\s+for\s+the\s+other\b`)

// sideBySide reads a sentence without steps that puts the last steps
// side by side; false when it is not one or they are not plain steps in
// sequence.
func (a *analyzer) sideBySide(s string) bool {
	m := sideBySideRe.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	n := 2
	if m[1] == "three" || m[2] == "three" {
		n = 3
	}
	return a.b.parallelLast(n)
}

// parallelLast puts the last n steps of the main sequence on branches of
// one parallel split; false when any of them is no plain activity or a
// decision is still open.
func (b *builder) parallelLast(n int) bool {
	if b.open != nil || len(b.seq) < n {
		return false
	}
	last := b.seq[len(b.seq)-n:]
	g := &gwBlock{typ: process.GatewayParallel, spec: "The branches run at the same time; the process continues when all are done."}
	for _, it := range last {
		if it.act == nil || it.act.event != nil || it.end || it.back != nil {
			return false
		}
		g.branches = append(g.branches, branch{items: []*item{it}})
	}
	b.seq = append(b.seq[:len(b.seq)-n], &item{gw: g})
	b.lastN = 1
	return true
}

// onlyMoving reports whether every draft only says that something
// moves ("the voucher goes out", "the parts arrive"): no one's step.
func onlyMoving(ds []*draft) bool {
	for _, d := range ds {
		switch firstWord(d.verb) {
		case "go", "come", "arrive", "leave", "reach":
		default:
			return false
		}
	}
	return true
}

// eachParty gives each party of a compound subject a clause of its own,
// for a sentence that says they work side by side: "AP and AR close
// their sub-ledgers simultaneously" → "AP must close their sub-ledgers
// and AR must close their sub-ledgers". Any other sentence stays as it is.
func eachParty(body string) string {
	ws := strings.Fields(strings.TrimRight(strings.TrimSpace(body), ".!; "))
	for k := 1; k <= 3 && k < len(ws); k++ {
		if norm(ws[k]) != "and" || !party(strings.Join(ws[:k], " ")) {
			continue
		}
		for v := k + 2; v <= k+4 && v+1 < len(ws); v++ {
			if !baseVerb(ws[v]) || modals[norm(ws[v])] || !party(strings.Join(ws[k+1:v], " ")) {
				continue
			}
			rest := strings.Join(ws[v:], " ")
			return strings.Join(ws[:k], " ") + " must " + rest + " and " + lowerArticle(strings.Join(ws[k+1:v], " ")) + " must " + rest + "."
		}
	}
	return body
}

// party reports whether np names a performer, an acronym ("AP") included.
func party(np string) bool {
	ws := strings.Fields(np)
	if len(ws) == 1 && len(ws[0]) >= 2 && len(ws[0]) <= 4 && strings.ToUpper(ws[0]) == ws[0] && strings.ToLower(ws[0]) != ws[0] {
		return true
	}
	return isAgent(nounPhrase(ws, 4))
}

// lowerArticle lower-cases a leading article: "The planner" → "the planner".
func lowerArticle(np string) string {
	if ws := strings.Fields(np); len(ws) > 1 && determiners[norm(ws[0])] {
		ws[0] = strings.ToLower(ws[0])
		return strings.Join(ws, " ")
	}
	return np
}
