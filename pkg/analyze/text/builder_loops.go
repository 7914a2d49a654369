package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// loopTo ends the branch the last sentence went to with a flow back to
// an earlier item ("… and the inspector measures again": back to the
// measuring).
func (b *builder) loopTo(target *item) bool {
	b.pendingToBranch()
	if target == nil || b.last == nil || b.last == &b.seq {
		return false
	}
	dropSoftEnd(b.last)
	if len(*b.last) == 0 {
		return false
	}
	*b.last = append(*b.last, &item{back: target})
	return true
}

// awaits reports whether the open or the last decision waits for the
// message named ("Payment received").
func (b *builder) awaits(msg string) bool {
	var gs []*gwBlock
	if b.open != nil {
		gs = append(gs, b.open)
	}
	if n := len(b.seq); n > 0 && b.seq[n-1].gw != nil {
		gs = append(gs, b.seq[n-1].gw)
	}
	for _, g := range gs {
		if g.awaited != "" && strings.EqualFold(g.awaited, msg) {
			return true
		}
	}
	return false
}

// loopToOpen ends the branch the last sentence went to with a flow back
// to the open decision itself ("… sends a reminder and waits again": the
// wait for the answer once more). It reports whether there was one in
// the main flow to go back to.
func (b *builder) loopToOpen() bool {
	o := b.open
	if o == nil || b.last == nil || b.last == &b.seq {
		return false
	}
	for _, it := range b.seq {
		if it.gw == o {
			return b.loopTo(it)
		}
	}
	return false
}

// loopEmptyBranch makes the open decision's branch that the last
// sentence gave no step loop back to target. It reports whether there
// was such a branch.
func (b *builder) loopEmptyBranch(target *item) bool {
	if target == nil || b.open == nil || b.last == nil || b.last == &b.seq {
		return false
	}
	if dropSoftEnd(b.last); len(*b.last) > 0 {
		return false
	}
	*b.last = append(*b.last, &item{back: target})
	return true
}

// loopBack ends the branch the last sentence went to with a flow back to
// the step before its decision ("… corrects it and submits it again").
// It reports whether there was a decision to loop in.
func (b *builder) loopBack() bool {
	b.pendingToBranch()
	o := b.open
	if o == nil || o.before == nil || b.last == nil || b.last == &b.seq {
		return false
	}
	dropSoftEnd(b.last)
	if len(*b.last) == 0 {
		return false
	}
	*b.last = append(*b.last, &item{back: b.runStart(o.before)})
	return true
}

// runStart walks back from it over the steps the same performer did
// right before it in the main flow ("Every commit is built and tested by
// the CI server. When a build fails, … pushes it again": back to the
// build, not only the test).
func (b *builder) runStart(it *item) *item {
	if it == nil || it.act == nil || it.act.event != nil {
		return it
	}
	k := -1
	for i, x := range b.seq {
		if x == it {
			k = i
		}
	}
	for k > 0 {
		p := b.seq[k-1]
		if p.act == nil || p.act.event != nil || p.act.drop || !strings.EqualFold(p.act.performer, it.act.performer) || p.act.source != it.act.source {
			break
		}
		k--
		it = p
	}
	return it
}

// loopBranch ends the branch of the last decision whose first item is
// first with a flow back to target.
func (b *builder) loopBranch(first, target *item) {
	if len(b.seq) == 0 || first == nil || target == nil {
		return
	}
	g := b.seq[len(b.seq)-1].gw
	if g == nil {
		return
	}
	for i := range g.branches {
		br := &g.branches[i]
		if n := len(br.items); n > 0 && br.items[0] == first && !br.items[n-1].end && br.items[n-1].back == nil {
			br.items = append(br.items, &item{back: target})
		}
	}
}

// addLoopUntil closes a rework cycle: "This continues until the reviewer
// approves": a decision on the condition whose "No" branch returns to
// target and whose "Yes" branch goes on.
func (b *builder) addLoopUntil(cond, performer string, target *item) bool {
	return b.addLoopCheck(cond, performer, target, false)
}

// addLoopCheck closes a cycle with a decision on cond: back to target when
// cond does not hold yet ("until"), or while it still holds (again set:
// "as long as").
func (b *builder) addLoopCheck(cond, performer string, target *item, again bool) bool {
	if target == nil || len(b.seq) == 0 {
		return false
	}
	b.closeOpen()
	g := &gwBlock{typ: process.GatewayExclusive, name: question(cond), performer: performer,
		spec: "Repeated until " + strings.TrimSpace(cond) + "."}
	g.branches = []branch{{label: "Yes"}, {label: "No", items: []*item{{back: target}}}}
	if again {
		g.spec = "Repeated as long as " + strings.TrimSpace(cond) + "."
		g.branches = []branch{{label: "Yes", items: []*item{{back: target}}}, {label: "No"}}
	}
	b.seq = append(b.seq, &item{gw: g})
	b.last = &b.seq
	b.lastN = 1
	return true
}

// addLoopCheckIn ends list, a branch of a decision, with a decision on
// cond whose "No" returns to target: the branch goes round until cond
// holds, the decision's other branches do not.
func (b *builder) addLoopCheckIn(list *[]*item, cond, performer string, target *item) bool {
	n := len(*list)
	if n == 0 || (*list)[n-1].end || (*list)[n-1].back != nil {
		return false
	}
	g := &gwBlock{typ: process.GatewayExclusive, name: question(cond), performer: performer,
		spec: "Repeated until " + strings.TrimSpace(cond) + "."}
	g.branches = []branch{{label: "Yes"}, {label: "No", items: []*item{{back: target}}}}
	*list = append(*list, &item{gw: g})
	return true
}

// branchOf is the list of g's branch that holds it, or nil.
func (g *gwBlock) branchOf(it *item) *[]*item {
	if it == nil {
		return nil
	}
	for i := range g.branches {
		for _, x := range g.branches[i].items {
			if x == it {
				return &g.branches[i].items
			}
		}
	}
	return nil
}

// loopChoice ends the branch of the choice just made that holds d, its
// last step, with a flow back to the work in front of the choice: "The
// manager either approves the draft, or she returns it and the clerk
// reworks it and submits it again". It reports whether there was such a
// branch. With rework set, d must be work of whoever did the work in
// front of the choice ("… or sends it back, and the clerk revises it"):
// a party that sends its own purchase back is no rework.
func (b *builder) loopChoice(d *draft, rework bool) bool {
	if d == nil || len(b.seq) == 0 {
		return false
	}
	g := b.seq[len(b.seq)-1].gw
	if g == nil || g.typ != process.GatewayExclusive || g.before == nil || g.before.act == nil || g.before.act.event != nil || len(g.branches) < 2 {
		return false
	}
	if rework && !strings.EqualFold(d.performer, g.before.act.performer) {
		return false
	}
	for i := range g.branches {
		br := &g.branches[i]
		n := len(br.items)
		if n > 0 && br.items[n-1].act == d {
			br.items = append(br.items, &item{back: b.runStart(g.before)})
			return true
		}
	}
	return false
}

// jumpAhead ends the branch the last sentence went to with a jump to a
// numbered step not read yet ("… and go to step 7"); the returned item
// ends the branch until resolve points it at that step.
func (b *builder) jumpAhead() *item {
	b.pendingToBranch()
	if b.last == nil || b.last == &b.seq {
		return nil
	}
	dropSoftEnd(b.last)
	if len(*b.last) == 0 {
		return nil
	}
	it := &item{end: true}
	*b.last = append(*b.last, it)
	return it
}

// jumpOpen ends the open decision's last branch with a jump to a
// numbered step not read yet: "If the parcel is empty, go to step 7."
func (b *builder) jumpOpen() *item {
	o := b.open
	if o == nil || len(o.branches) == 0 {
		return nil
	}
	br := &o.branches[len(o.branches)-1]
	it := &item{end: true}
	br.items = append(br.items, it)
	return it
}

// resolveJump points a jump ahead at the step it names, now read.
func resolveJump(jump, target *item) {
	if jump == nil || target == nil {
		return
	}
	jump.end, jump.back, jump.forward = false, target, true
}

// loopOpen ends the open decision's last branch with a flow back to
// target: "If the login fails, go back to step 4."
func (b *builder) loopOpen(target *item) bool {
	o := b.open
	if o == nil || target == nil || len(o.branches) == 0 {
		return false
	}
	br := &o.branches[len(o.branches)-1]
	br.items = append(br.items, &item{back: target})
	return true
}

// pendingToBranch moves the steps held after an "if" into its branch when
// they loop back: "If a test fails, the owner gets a list. The owner
// repairs the defects and presents the vehicle again." — the repair is
// part of the failing branch, and a loop in the main flow would cut off
// everything after it.
// loopsBackTo reports whether a branch of the open decision, or of the
// decision the last sentence came after, already ends with a flow back
// to target (or to the run of steps it starts).
func (b *builder) loopsBackTo(target *item) bool {
	if target == nil {
		return false
	}
	gs := []*gwBlock{b.open}
	if n := len(b.seq); n >= 2 && b.seq[n-2].gw != nil {
		gs = append(gs, b.seq[n-2].gw)
	}
	for _, g := range gs {
		if g == nil {
			continue
		}
		for _, br := range g.branches {
			if n := len(br.items); n > 0 && br.items[n-1].back != nil && (br.items[n-1].back == target || br.items[n-1].back == b.runStart(target)) {
				return true
			}
		}
	}
	return false
}

func (b *builder) pendingToBranch() {
	o := b.open
	if o == nil || b.last != &o.pending || len(o.pending) == 0 || len(o.branches) == 0 {
		return
	}
	dropSoftEnd(&o.branches[0].items)
	o.branches[0].items = append(o.branches[0].items, o.pending...)
	o.pending = nil
	o.pendingN = maxPending // what follows comes after the decision
	b.last = &o.branches[0].items
}

// openBranch is the list the last sentence went to when that is a
// branch of the open decision (or also, the list a table row was read
// into): where the row after it goes on. Nil otherwise.
func (b *builder) openBranch(also *[]*item) *[]*item {
	if b.last == nil || b.last == &b.seq {
		return nil
	}
	if also != nil && b.last == also {
		return also
	}
	if o := b.open; o != nil {
		for i := range o.branches {
			if b.last == &o.branches[i].items {
				return b.last
			}
		}
	}
	return nil
}

// untilBack ends the list the last sentence went to with a decision
// that loops back to target until cond holds ("next working day back to
// 2; after the third attempt 5"). It returns that list, where the steps
// go on once cond holds, and the decision's branch taken then; nil when
// the last sentence added nothing.
func (b *builder) untilBack(cond string, target *item, performer string) (list, on *[]*item) {
	b.pendingToBranch()
	if b.last == nil || len(*b.last) == 0 || target == nil {
		return nil, nil
	}
	dropSoftEnd(b.last)
	g := &gwBlock{typ: process.GatewayExclusive, name: question(cond), performer: performer,
		spec: "Repeated until " + strings.TrimSpace(cond) + "."}
	g.branches = []branch{{label: "Yes", cond: cond}, {label: "No", items: []*item{{back: target}}}}
	*b.last = append(*b.last, &item{gw: g})
	return b.last, &g.branches[0].items
}
