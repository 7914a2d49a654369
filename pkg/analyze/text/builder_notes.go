package text

// Conditional notes ("Note A: if the right-to-work check fails, the
// compliance officer withdraws the offer") are read after the steps, but
// their decision belongs after the step they name.

// anchorNote marks the decision a conditional note's sentence added to
// seq (beyond index from) as belonging after the step at.
func (b *builder) anchorNote(from int, at *item) {
	for i := len(b.seq) - 1; i >= from && i >= 0; i-- {
		if g := b.seq[i].gw; g != nil && g.typ != "" && len(g.branches) > 0 && g.anchor == nil {
			g.anchor, g.before = at, at
			return
		}
	}
}

// placeNotes moves each anchored decision of items to right after its
// step, when that step comes earlier in the same list: the steps
// between follow the decision, the way on of its branches that go on.
// Sub-processes' lists are placed too.
func placeNotes(items []*item) []*item {
	for _, it := range items {
		if it.sub != nil {
			it.sub.items = placeNotes(it.sub.items)
		}
	}
	for i := 0; i < len(items); i++ {
		g := items[i].gw
		if g == nil || g.anchor == nil {
			continue
		}
		k := indexOfItem(items[:i], g.anchor, 0)
		if k < 0 || k+1 >= i {
			continue
		}
		moved := items[i]
		copy(items[k+2:i+1], items[k+1:i])
		items[k+1] = moved
	}
	return items
}
