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
	// anchor is the step a conditional note's decision belongs after
	// ("Note A: if the right-to-work check fails, …"), nil for others
	anchor *item
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

// lastItem is the last item of seq, where a decision's rework loops
// return to.
func (b *builder) lastItem() *item {
	if len(b.seq) == 0 {
		return nil
	}
	return b.seq[len(b.seq)-1]
}
