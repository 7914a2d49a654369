package text

import "strings"

// workHead reports whether a table's header cell is "Work" (or "Work
// done", "Work to do") on its own: the column of what the row's owner
// does. "Work stream" and "Work package" name the row, not the action.
func workHead(cell string) bool {
	switch strings.ToLower(strings.TrimSpace(trimPunct(cell))) {
	case "work", "work done", "work to do", "the work":
		return true
	}
	return false
}

// streamHead reports whether a table's header names the row's line of
// work ("Work stream", "Track"), not a case it applies to: the rows are
// all done, not one of them.
func streamHead(head string) bool {
	switch head {
	case "work stream", "workstream", "work streams", "stream", "track", "work package", "workpackage":
		return true
	}
	return false
}

// parallelRow reads a table row after a lead that announces work side by
// side ("The following work streams then run simultaneously:"): each
// row that makes steps is a branch of the open list, as a list item
// would be. It reports whether it took the row.
func (a *analyzer) parallelRow(st *docState, bl block) bool {
	if st.ch == nil || !st.ch.parallel || bl.kind != blockRow || st.ch.marker != "" {
		return false
	}
	a.b.closeOpen()
	from := len(a.b.seq)
	a.row(bl.cells)
	a.b.closeOpen()
	if len(a.b.seq) > from {
		st.ch.bounds = append(st.ch.bounds, from)
	}
	return true
}
