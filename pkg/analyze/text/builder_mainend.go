package text

import "github.com/spade-bpmn/spade/pkg/process"

// mainEnd is an end the text said while the last sentence's steps were
// in the main flow, right after a decision: "If the items match, the crew
// loads them. If this is not the case, the crew reports a mismatch. The
// agent then charges a fee and closes the booking. Nothing is loaded."
// The main flow cannot end there when the text goes on, so the steps
// between the decision and the end are the rest of its last branch.
type mainEnd struct {
	gw      *item   // the decision right before the steps
	tail    []*item // the steps the end closes, in the main flow
	soft    bool
	endName string
}

// noteMainEnd records an end said for the main flow (b.last is b.seq)
// when the last sentence's steps follow an exclusive decision directly;
// applyMainEnds moves them once it is known that the text goes on.
func (b *builder) noteMainEnd(soft bool) {
	if b.open != nil || b.lastN < 1 || b.lastN >= len(b.seq) {
		return
	}
	k := len(b.seq) - b.lastN
	g := b.seq[k-1]
	if g.gw == nil || g.gw.typ != process.GatewayExclusive {
		return
	}
	tail := append([]*item(nil), b.seq[k:]...)
	for _, it := range tail {
		if it.act == nil || it.end || it.back != nil {
			return
		}
	}
	b.mainEnds = append(b.mainEnds, mainEnd{gw: g, tail: tail, soft: soft, endName: b.endState})
}

// applyMainEnds moves each recorded tail into the last branch of its
// decision, ended there, when more of the flow follows it in seq (from
// index from on): the steps after the end are the other branches' way
// on. A tail at the very end of the flow stays (the process ends there
// anyway, and the steps may be common to every branch). The records are
// cleared.
func (b *builder) applyMainEnds(from int) {
	recs := b.mainEnds
	b.mainEnds = nil
	for _, r := range recs {
		k := indexOfItem(b.seq, r.gw, from)
		if k < 0 || k+len(r.tail)+1 >= len(b.seq) {
			continue // moved, or nothing follows the tail
		}
		same := true
		for i, it := range r.tail {
			if b.seq[k+1+i] != it {
				same = false
				break
			}
		}
		brs := r.gw.gw.branches
		if !same || len(brs) < 2 {
			continue
		}
		br := &brs[len(brs)-1]
		n := len(br.items)
		if n == 0 || br.items[n-1].back != nil {
			// no steps of its own (an "if" without "otherwise") or a
			// rework loop: the tail is no continuation of it
			continue
		}
		if br.items[n-1].end {
			beforeEnd(&br.items, r.tail)
		} else {
			br.items = append(br.items, r.tail...)
			br.items = append(br.items, &item{end: true, soft: r.soft, endName: r.endName})
		}
		b.seq = append(b.seq[:k+1], b.seq[k+1+len(r.tail):]...)
	}
}

// indexOfItem is the index of it in items from index from on, or -1.
func indexOfItem(items []*item, it *item, from int) int {
	for i := max(from, 0); i < len(items); i++ {
		if items[i] == it {
			return i
		}
	}
	return -1
}

// noteWhetherBranch remembers the branch an "if" just added to the open
// "whether" decision when its case is a negative one, so that an end
// the same sentence says is that branch's: "… decides whether it fits.
// If it doesn't fit, I phone the patient, and that's it".
func (b *builder) noteWhetherBranch(cond string) {
	br := &b.open.branches[len(b.open.branches)-1]
	if negative(cond) || refusalRe.MatchString(cond) || refuses(br.items) {
		b.whetherLast = &br.items
	}
}

// mainFlowEnd handles an end said while the last sentence's steps went
// to no branch: it goes to the negative "whether" branch the sentence
// added (noteWhetherBranch), else it is recorded for applyMainEnds. It
// reports whether the end stays the main flow's (nothing to add: the
// main flow ends at its end event anyway).
func (b *builder) mainFlowEnd(soft bool) bool {
	if b.last != nil && b.last != &b.seq {
		return false
	}
	if b.whetherLast != nil && b.open != nil && b.open.whether {
		b.last = b.whetherLast
		return false
	}
	if b.last == &b.seq {
		b.noteMainEnd(soft)
	}
	return true
}
