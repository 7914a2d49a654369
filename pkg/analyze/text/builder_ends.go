package text

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
