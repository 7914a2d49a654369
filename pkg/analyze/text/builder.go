package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// draft is an activity before ids are assigned.
type draft struct {
	name, performer  string
	inputs, outputs  []string
	suppliers, custs []string
	systems          []string
	work, wait       float64
	source           string
	section          int
	drop             bool // thinned out of a too-long flow
	// beside marks the first step of work that runs beside the steps
	// before it in its list: "A and, at the same time, B" on a branch
	beside bool
	// until closes a cycle after this step: the work from untilFrom on is
	// done again until the condition holds ("… chases the plumber until
	// the report comes in", on a branch)
	until     string
	untilFrom *draft
	// verb and object are the clause the activity was named from.
	verb, object string
	// event is set for a wait or message event in the flow.
	event *eventInfo
	// marker is the activity's loop or multi-instance marker.
	marker string
	// item is the flow item holding the draft.
	item *item
	// alt marks an alternative to the draft before it.
	alt bool
	// addressed are the outside parties the step names with "to" or
	// "with" ("opens a ticket with the vendor"): it exchanges a message
	// with them whatever its verb.
	addressed []string
}

// item is a step of the flow: an activity (or event) or a gateway block,
// or the end of its branch: an end event, or a loop back to an earlier
// item (rework).
type item struct {
	act *draft
	gw  *gwBlock
	// end ends the branch here with an end event ("… and the process
	// ends").
	end bool
	// soft marks an end the text only implied ("it is not posted"): a
	// rework loop that follows ("… may correct it and submit it again")
	// says where the branch returns, and replaces it.
	soft bool
	// endName names the end event: the state the text leaves the case in
	// ("Request cancelled"); "End" when empty.
	endName string
	// back loops the branch back to an earlier item instead of going on.
	back *item
	// forward marks a jump to a numbered step read after it ("… and go
	// to step 7"): back then points ahead, to a node emitted later.
	forward bool
	// sub is a section of a long document: a sub-process.
	sub *subBlock
}

// subBlock is a sub-process made from a document section.
type subBlock struct {
	name  string
	items []*item
}

// gwBlock is a split with its branches; compile adds the matching join.
type gwBlock struct {
	typ, name, performer, spec string
	branches                   []branch
	whether                    bool
	// cond is the condition of the first branch, to tell whether a
	// following "if" asks the same question.
	cond string
	// pending holds the steps after the "if" sentence: they join the
	// "Yes" branch when an "otherwise" follows, else they come after
	// the decision.
	pending  []*item
	pendingN int // sentences in pending
	lastLen  int // items the last pending sentence added
	// before is the item in front of the decision: where a rework loop
	// of its branches returns to.
	before *item
	// awaited names the answer an outside party owes by a deadline ("If
	// the customer does not answer within 14 days, …"): the decision
	// waits for whichever comes first, that answer or the deadline's
	// timer (an event-based gateway). Empty for other decisions.
	awaited string
	// cases marks a decision whose answers the text lists one by one
	// (a decision tree's sibling items): they are all its ways out
	cases bool
}

type branch struct {
	label string
	items []*item
	// cond is the condition the branch was taken on, when the text gave
	// one.
	cond string
}

// builder turns the stream of sentence-level events (plain actions,
// "if", "otherwise", "whether", "meanwhile") into nested blocks.
type builder struct {
	seq  []*item
	open *gwBlock // the decision still taking branches
	// lastN is how many items of seq the last sentence added: "meanwhile"
	// runs beside all of them.
	lastN int
	// startName and endName name the events; "Start"/"End" when empty.
	startName, endName string
	// endState is the state the sentence being closed leaves the case in
	// ("the request is cancelled"): the name of the end it adds.
	endState string
	// startMessage makes the start event catch a message: "The process
	// starts when the bank receives a loan application".
	startMessage bool
	// last is the list the last sentence's items went to, for an end or
	// a loop that closes it.
	last *[]*item
	// secStart is where the current section's items begin in seq, and
	// secName its heading.
	secStart int
	secName  string
	// subs are the sections made so far, by lower-case heading: a
	// repeated heading adds to its first section.
	subs map[string]*subBlock
	// into is the branch a sentence whose subject names a decision's
	// outcome ("A blocked batch …") adds its steps to; nil for the flow.
	into *[]*item
	// lastInto is the branch the last sentence went to that way, for an
	// "in that case" that goes on with it.
	lastInto *[]*item
	// intoEnds: the branch in into ended before the sentence was added
	// to it, and ends again after it.
	intoEnds bool
	// whetherLast and mainEnds: see mainFlowEnd.
	whetherLast *[]*item
	mainEnds    []mainEnd
}

// branchSubjectRe is a subject in the state a decision's branch leaves
// the case in: "A released batch goes back to the warehouse".
var branchSubjectRe = regexp.MustCompile(`^(?:(?i:an?|any|every|each|the|all)\s+)?([A-Za-z][a-z]+ed)\s+([a-z][\w-]*)\s+(\S.*)$`)

// branchSubject reads a sentence whose subject names the outcome of the
// decision right before it ("… either releases the batch or blocks it. A
// released batch goes back to the warehouse. A blocked batch is
// scrapped."): the sentence's steps go to that branch, after its first
// step, and rest is the sentence with the plain subject. ok is false when
// no branch of the last decision has that outcome.
func (b *builder) branchSubject(s string) (rest string, ok bool) {
	m := branchSubjectRe.FindStringSubmatch(s)
	if m == nil || b.open != nil || len(b.seq) == 0 {
		return s, false
	}
	g := b.seq[len(b.seq)-1].gw
	if g == nil || g.typ != process.GatewayExclusive {
		return s, false
	}
	state := stemOf(m[1])
	for i := range g.branches {
		br := &g.branches[i]
		if len(br.items) == 0 || br.items[0].act == nil || br.items[0].act.event != nil {
			continue
		}
		n := len(br.items)
		if br.items[n-1].back != nil {
			continue
		}
		if stemOf(firstWord(br.items[0].act.verb)) != state {
			continue
		}
		if br.items[n-1].end {
			// "… are rejected. Rejected applicants receive a notice": the
			// notice comes before the branch's end
			br.items = br.items[:n-1]
			b.intoEnds = true
		}
		b.into = &br.items
		return "The " + m[2] + " " + m[3], true
	}
	return s, false
}

// leaveBranch ends a sentence read into a decision's branch: what follows
// comes after the decision again.
func (b *builder) leaveBranch() {
	if b.intoEnds && b.into != nil {
		if l := *b.into; len(l) == 0 || !l[len(l)-1].end {
			*b.into = append(*b.into, &item{end: true})
		}
	}
	b.lastInto, b.into, b.intoEnds = b.into, nil, false
}

// stemOf is a verb or its participle reduced to a common stem: "blocks",
// "blocked", "block" → "block"; "released", "release" → "releas".
func stemOf(w string) string {
	w = strings.ToLower(w)
	for _, suf := range []string{"ied", "ed", "es", "e", "s"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			w = strings.TrimSuffix(w, suf)
			if suf == "ied" {
				w += "y"
			}
			break
		}
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1] // "scrapped" → "scrap", "cancelled" keeps its "ll"
	}
	return w
}

// section closes the current section as a sub-process and starts the
// next one, named by its heading.
func (b *builder) section(heading string) {
	b.closeOpen()
	b.applyMainEnds(b.secStart)
	b.handedOn(b.secStart)
	if b.secStart < len(b.seq) && b.secName != "" {
		items := append([]*item(nil), b.seq[b.secStart:]...)
		b.seq = b.seq[:b.secStart]
		if b.subs == nil {
			b.subs = map[string]*subBlock{}
		}
		k := strings.ToLower(b.secName)
		if sb, ok := b.subs[k]; ok {
			sb.items = append(sb.items, items...)
		} else {
			sb := &subBlock{name: b.secName, items: items}
			b.subs[k] = sb
			b.seq = append(b.seq, &item{sub: sb})
		}
	}
	b.secStart = len(b.seq)
	b.secName = heading
	b.last = nil
	b.lastN = 0
}

// minSubSteps is how many steps a document needs before its sections
// become sub-processes: a short text reads better as one flow.
const minSubSteps = 8

// flattenSubs undoes the sections of a document too short or with too few
// sections to need sub-processes.
func flattenSubs(items []*item) []*item {
	subs, steps := 0, 0
	for _, it := range items {
		if it.sub != nil {
			subs++
			steps += countActs(it.sub.items)
		} else {
			steps += countActs([]*item{it})
		}
	}
	return inlineSubs(items, subs < 2 || steps < minSubSteps)
}

// inlineSubs puts the items of the sections that are no sub-process into
// the flow, also where a section stands on a branch ("The licensing
// service shall at the same time consult …" runs beside the section
// before it): every section when whole, else those that end early.
func inlineSubs(items []*item, whole bool) []*item {
	var out []*item
	for _, it := range items {
		if it.gw != nil {
			for i := range it.gw.branches {
				it.gw.branches[i].items = inlineSubs(it.gw.branches[i].items, whole)
			}
		}
		if it.sub != nil && (whole || endsEarly(it.sub.items)) {
			// a section with a branch that ends the process ("…, the
			// application is refused; the procedure is terminated") is
			// no sub-process: its end would only end the section, and
			// the case would go on to the next one
			out = append(out, it.sub.items...)
			continue
		}
		out = append(out, it)
	}
	return out
}

// endsEarly reports whether a branch of a decision among items ends with
// an end event of its own: the process stops there.
func endsEarly(items []*item) bool {
	for _, it := range items {
		if it.gw == nil {
			continue
		}
		for _, br := range it.gw.branches {
			for _, x := range br.items {
				if x.end {
					return true
				}
			}
			if endsEarly(br.items) {
				return true
			}
		}
	}
	return false
}

func countActs(items []*item) int {
	n := 0
	for _, it := range items {
		switch {
		case it.act != nil && it.act.event == nil && !it.act.drop:
			n++
		case it.gw != nil:
			for _, br := range it.gw.branches {
				n += countActs(br.items)
			}
		case it.sub != nil:
			n += countActs(it.sub.items)
		}
	}
	return n
}

// maxPending is how many sentences after an "if" wait for an
// "otherwise" before they count as after the decision.
const maxPending = 3

func acts(ds []*draft) []*item {
	for k := 1; k < len(ds); k++ {
		if ds[k].beside {
			// "A and, at the same time, B": both run side by side
			g := &gwBlock{typ: process.GatewayParallel, spec: "The branches run at the same time; the process continues when all are done."}
			g.branches = []branch{{items: acts(ds[:k])}, {items: acts(ds[k:])}}
			return []*item{{gw: g}}
		}
	}
	out := make([]*item, 0, len(ds))
	for _, d := range ds {
		it := &item{act: d}
		d.item = it
		out = append(out, it)
		if d.until != "" && d.untilFrom != nil && d.untilFrom.item != nil {
			g := &gwBlock{typ: process.GatewayExclusive, name: question(d.until), performer: d.performer,
				spec: "Repeated until " + strings.TrimSpace(d.until) + "."}
			g.branches = []branch{{label: "Yes"}, {label: "No", items: []*item{{back: d.untilFrom.item}}}}
			out = append(out, &item{gw: g})
		}
	}
	return out
}

// closeOpen ends the open decision; a decision that only said what
// happens "if" gets a "No" branch that skips ahead.
func (b *builder) closeOpen() {
	o := b.open
	if o == nil {
		return
	}
	b.open = nil
	if n := len(o.pending); n > 0 && o.pending[n-1].end && len(o.branches) == 1 {
		// "If …, A. B and the process ends.": all of it is the branch
		o.branches[0].items = append(o.branches[0].items, o.pending...)
		o.pending = nil
	}
	if len(o.pending) > 0 {
		b.seq = append(b.seq, o.pending...)
		b.last = &b.seq
		b.lastN = o.lastLen
		o.pending = nil
	}
	hasNo := false
	for _, br := range o.branches {
		if br.label == "No" || br.label == "Otherwise" {
			hasNo = true
		}
	}
	// "Should the check fail, … If the check succeeds, …": two branches
	// on one question leave no case for a third
	if !hasNo && !o.cases && (!(len(o.branches) == 2 && sameQuestion(o.branches[0].cond, o.branches[1].cond) && !endOnlyCase(o.branches)) || noCaseGoesOn(o.branches)) {
		o.branches = append(o.branches, branch{label: "No"})
	}
	if hasNo && len(o.branches) == 1 {
		// "checks whether the form is complete. If not, …": the "yes"
		// case goes straight on
		o.branches = append([]branch{{label: "Yes"}}, o.branches...)
	}
	o.waitForAnswer()
	for i, br := range o.branches {
		// "If the request is rejected, the employee is notified.": a
		// refusal ends its branch unless the text loops it back
		if n := len(br.items); n > 0 && (refusalRe.MatchString(br.cond) || refuses(br.items)) && !br.items[n-1].end && br.items[n-1].back == nil {
			o.branches[i].items = append(o.branches[i].items, &item{end: true})
		}
	}
}

func (b *builder) add(ds []*draft) {
	if len(ds) == 0 {
		return
	}
	if o := b.open; o != nil && o.whether && len(o.branches) == 0 {
		o.branches = append(o.branches, branch{label: "Yes", items: acts(ds)})
		b.closeOpen()
		return
	}
	if o := b.open; o != nil && !o.whether && len(o.branches) == 1 && o.pendingN < maxPending {
		items := acts(ds)
		o.pending = append(o.pending, items...)
		o.pendingN++
		o.lastLen = len(items)
		b.last = &o.pending
		return
	}
	if b.into != nil {
		items := acts(ds)
		*b.into = append(*b.into, items...)
		b.last = b.into
		b.lastN = len(items)
		return
	}
	b.closeOpen()
	// the sentence's first step after its waits: "after 5 days the order
	// is cancelled" waits, then cancels
	k := 0
	for k < len(ds)-1 && ds[k].event != nil && ds[k].event.trigger == process.TriggerTimer {
		k++
	}
	if ds[k].event == nil && negativeVerbs[firstWord(ds[k].verb)] && (len(ds) == 1 && mayRe.MatchString(ds[0].source) || len(b.seq) > 0) {
		// "Compliance can reject the claim", "Ineligible applications are
		// rejected": a possible outcome, not a step every case passes, so
		// a decision whose rejecting branch ends and whose other goes on
		g := &gwBlock{typ: process.GatewayExclusive, performer: ds[k].performer, before: b.lastItem(),
			name: capitalise(strings.TrimSpace(ds[k].name)) + "?", spec: "Decides whether to " + strings.ToLower(ds[k].name) + "."}
		g.branches = []branch{{label: "Yes", items: append(acts(ds), &item{end: true})}, {label: "No"}}
		b.seq = append(b.seq, &item{gw: g})
		b.last = &g.branches[0].items
		b.lastN = 1
		return
	}
	items := acts(ds)
	b.seq = append(b.seq, items...)
	b.last = &b.seq
	b.lastN = len(items)
}

// mayRe marks a step that is a possibility, not always done: "can
// reject", "may decline".
var mayRe = regexp.MustCompile(`(?i)\b(?:can|may|might|could)\s+(?:also\s+|still\s+)?(?:reject|decline|refuse|cancel|deny|withdraw|abort|terminate)\b`)

// outcomeBranch is the list of the open decision's branch whose steps
// bring the case into the state cond names: "If the seal is broken, the
// clerk rejects the parcel. A rejected parcel is never forwarded." names
// the rejecting branch, so the end belongs to it and not to a new branch
// of the same question (which would leave the decision no way on). The
// steps still waiting after the "if" sentence count as its first branch.
// Nil when no branch does such a step.
func (b *builder) outcomeBranch(cond string) *[]*item {
	o := b.open
	if o == nil || o.whether {
		return nil
	}
	states := map[string]bool{}
	for _, w := range strings.Fields(cond) {
		if n := norm(w); len(n) >= 4 && !auxBe[n] && !determiners[n] {
			states[stemOf(n)] = true
		}
	}
	does := func(items []*item) bool {
		for _, it := range items {
			// ("cancelled" keeps its "ll" in the stem, "cancel" has one)
			if it.act != nil && it.act.event == nil && !it.act.drop && (states[stemOf(firstWord(it.act.verb))] || states[stemOf(firstWord(it.act.verb))+"l"]) {
				return true
			}
		}
		return false
	}
	if len(o.branches) > 0 && does(o.pending) {
		return &o.pending
	}
	for i := len(o.branches) - 1; i >= 0; i-- {
		if does(o.branches[i].items) {
			return &o.branches[i].items
		}
	}
	return nil
}

// endsBranch makes the sentence's end go to list, a branch of the open
// decision that outcomeBranch found.
func (b *builder) endsBranch(list *[]*item) { b.last = list }

// lastItem is the last item of seq, where a decision's rework loops
// return to.
func (b *builder) lastItem() *item {
	if len(b.seq) == 0 {
		return nil
	}
	return b.seq[len(b.seq)-1]
}

// endHere ends the branch the last sentence went to with an end event.
func (b *builder) endHere() { b.endBranch(false) }

// endSoft ends the branch like endHere, with an end that a rework loop
// of the next sentences replaces.
func (b *builder) endSoft() { b.endBranch(true) }

// dropSoftEnd removes the implied ends from the end of list, before a
// loop or the steps of the same branch are added to it.
func dropSoftEnd(list *[]*item) {
	for l := *list; len(l) > 0 && l[len(l)-1].end && l[len(l)-1].soft; l = *list {
		*list = l[:len(l)-1]
	}
}

func (b *builder) endBranch(soft bool) {
	// "If …, A; the claim is closed.": the sentences waiting for an
	// "otherwise" belong to the branch that ends, not after the decision
	b.pendingToBranch()
	if b.mainFlowEnd(soft) {
		return // the main flow ends at its end event anyway
	}
	if len(*b.last) == 0 {
		// "If the part fails, it is not shipped.": a branch with no step
		// of its own ends all the same, when it is a branch of the open
		// decision
		if o := b.open; o != nil && len(o.branches) > 0 && b.last == &o.branches[len(o.branches)-1].items {
			*b.last = append(*b.last, &item{end: true, soft: soft, endName: b.endState})
		}
		return
	}
	if l := *b.last; l[len(l)-1].end {
		if l[len(l)-1].endName == "" {
			l[len(l)-1].endName = b.endState
		}
		return // a refusal's branch that ended already
	}
	*b.last = append(*b.last, &item{end: true, soft: soft, endName: b.endState})
}

// addParallel runs ds at the same time as the step before it.
// outsideOnly reports whether items are only steps of parties outside
// the organisation that stay theirs.
func outsideOnly(items []*item, outside func(string) bool) bool {
	steps := 0
	for _, it := range items {
		if it.act != nil && it.act.event != nil && outside(it.act.performer) {
			continue // "They answer by e-mail, usually within a week": the party's wait
		}
		if it.act == nil || it.act.event != nil || !outside(it.act.performer) || gettingVerbs[firstWord(it.act.verb)] {
			// (a party's receiving is our sending: partyReceives)
			return false
		}
		steps++
	}
	return steps > 0
}

func (b *builder) addParallel(ds []*draft) {
	if len(ds) == 0 {
		return
	}
	b.closeOpen()
	if len(b.seq) == 0 {
		b.seq = append(b.seq, acts(ds)...)
		return
	}
	last := b.seq[len(b.seq)-1]
	if last.gw != nil && last.gw.typ == process.GatewayParallel && b.lastN == 1 {
		last.gw.branches = append(last.gw.branches, branch{items: acts(ds)})
		return
	}
	n := b.lastN
	if n < 1 || n > len(b.seq) {
		n = 1
	}
	for n < len(b.seq) && outsideOnly(b.seq[len(b.seq)-n:], isExternal) {
		// "… orders a survey from the firm. The firm sends the report.
		// Meanwhile, the underwriter pulls the loss history": the
		// outside party's step goes to its own pool, so the work beside
		// the new steps is our own step before it
		n++
	}
	first := append([]*item(nil), b.seq[len(b.seq)-n:]...)
	g := &gwBlock{typ: process.GatewayParallel, spec: "The branches run at the same time; the process continues when all are done."}
	g.branches = []branch{{items: first}, {items: acts(ds)}}
	b.seq = append(b.seq[:len(b.seq)-n], &item{gw: g})
	b.lastN = 1
}
