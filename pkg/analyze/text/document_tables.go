package text

import (
	"regexp"
	"strconv"
	"strings"
)

// The readers here take a procedure table row by row: its header
// names the action, role, time and next columns; a row with an action
// is a step, a row of settings only its full sentences; a next cell
// ends the branch, loops back or branches to other rows.

// tableHead remembers which columns of a procedure table hold the action
// and who performs it.
type tableHead struct {
	action, role, time int // column index, -1 when absent
	// next is the column that says which row follows ("Next", "Go
	// to"), -1 when absent; conds holds, by a row's number, the
	// condition an earlier row's next cell sent the case there on
	next  int
	conds map[string]string
	// when holds the columns before the action that state the case a
	// row applies to, and heads their header cells: a decision table
	// ("Wear measured | Tool type | Action")
	when  []int
	heads []string
	// fail is the column that says what happens when the row's check
	// fails ("If not OK"), -1 when absent
	fail int
	// cont is the branch the last row's next cell goes on with in the
	// row after it ("4 | Issues the refund | 5" on the granting branch)
	cont *[]*item
}

// nextHeads name the column of a process table that says which row
// follows.
var nextHeads = set(`next successor goto then`)

var (
	actionHeads = set(`action actions activity activities task tasks description what procedure instruction instructions`)
	roleHeads   = set(`responsible responsibility role roles who owner performer actor by person party accountable lane swimlane swim-lane department`)
	timeHeads   = set(`time duration effort`)
)

// row reads one table row. The first row of a table is checked for a
// header naming the action and role columns ("Step | Action |
// Responsible"); rows of such a table are steps by that role. Rows of other
// tables are read cell by cell.
func (a *analyzer) row(cells []string) {
	if a.section == sectionSkip {
		return
	}
	if a.table == nil && a.tableHeader(cells) {
		return // a header row, nothing to do
	}
	if h := a.table; h.action >= 0 && h.action < len(cells) {
		a.actionRow(h, cells)
		return
	}
	if a.logRow(cells) {
		return
	}
	a.settingsRow(cells)
}

// tableHeader reads a table's first row as its header: which columns
// hold the step, action, role, time and next row. It sets a.table and
// reports whether the row named an action or role column, and so is no
// content.
func (a *analyzer) tableHeader(cells []string) bool {
	h := &tableHead{action: -1, role: -1, time: -1, next: -1, fail: -1, conds: map[string]string{}}
	step := -1
	for i, c := range cells {
		if workHead(c) && h.action < 0 {
			h.action = i // "Owner | Work": what the owner does
			continue
		}
		if failHeadRe.MatchString(c) && h.fail < 0 {
			h.fail = i // "If not OK": no action column
			continue
		}
		for _, w := range strings.Fields(strings.ToLower(c)) {
			w = trimPunct(w)
			switch {
			case (w == "step" || w == "steps") && step < 0:
				step = i // often just the number: a fallback
			case actionHeads[w] && h.action < 0:
				h.action = i
			case roleHeads[w] && h.role < 0:
				h.role = i
			case timeHeads[w] && h.time < 0:
				h.time = i
			case nextHeads[w] && h.next < 0:
				h.next = i
			}
		}
	}
	if h.action < 0 {
		h.action = step
	}
	h.when = caseColumns(h, step, cells)
	h.heads = cells
	a.table = h
	return h.action >= 0 || h.role >= 0
}

// actionRow reads a row of a table with an action column: its steps,
// done by the role cell's performer, on the condition an earlier row's
// next cell sent the case here, followed by the row its next cell names
// and taking the time its time cell gives.
func (a *analyzer) actionRow(h *tableHead, cells []string) {
	saved := a.sectionActor
	role := ""
	if h.role >= 0 && h.role < len(cells) {
		role = cells[h.role]
	} else if h.role < 0 {
		role = matrixResponsible(h, cells) // a RACI matrix: the column marked R
	}
	if np := nounPhrase(strings.Fields(role), 5); np != "" {
		a.sectionActor = a.performer(np)
		a.rowActor = true
		defer func() { a.rowActor = false }()
	}
	text := cells[h.action]
	if cond := h.conds[rowKey(cells)]; cond != "" && h.action > 0 {
		// an earlier row's next cell sends the case here on a
		// condition: "3, or 2a if documents missing"
		text = "If " + cond + ", " + lowerFirst1(text)
	} else if cond := rowCase(h, cells); cond != "" {
		// a decision table: the row's case cells are its condition
		text = "If " + cond + ", " + lowerFirst1(text)
	}
	if len(strings.Fields(text)) <= 3 && endRe.MatchString(text) {
		// a closing "End" row is no step: jumps to its number end
		// their branch
		a.sectionActor = saved
		return
	}
	cont := h.cont
	h.cont = nil
	if cont != nil && h.conds[rowKey(cells)] == "" {
		a.b.into = cont // the row goes on in the branch of the row before
	}
	ds := a.rowSteps(h, cells, text)
	a.b.into = nil
	if h.next >= 0 && h.next < len(cells) && len(ds) > 0 {
		a.rowNext(h, cells[h.next], rowNumber(cells, h.action), cont)
	}
	if h.fail >= 0 && h.fail < len(cells) && len(ds) > 0 {
		a.rowFail(cells[h.fail])
	}
	if len(ds) > 0 {
		a.rowRemarks(h, cells)
	}
	if h.time >= 0 && h.time < len(cells) && len(ds) > 0 {
		w, wt := durations(cells[h.time])
		ds[0].work += w
		ds[0].wait += wt
	}
	a.sectionActor = saved
}

// rowSteps reads the text of a row's action cell as steps and returns
// them; the row's number is where a jump to it returns. A short cell
// without a verb is still a step, by its name.
func (a *analyzer) rowSteps(h *tableHead, cells []string, text string) []*draft {
	// a cell may hold more than one sentence: "Check the result;
	// if it is implausible, recalibrate and go back to step 5"
	var ds []*draft
	for _, s := range sentences(text) {
		ds = append(ds, a.sentence(s, true)...)
	}
	if n := rowNumber(cells, h.action); n > 0 && len(ds) > 0 {
		a.stepRead(strconv.Itoa(n), ds[0]) // where "go back to step 2" returns
	}
	if len(ds) == 0 && wordCount(text) > 0 && wordCount(text) <= 10 && a.count < maxDrafts {
		// a short action cell without a verb is still the step's name
		d := a.newDraft(text, clause{verb: "handle", object: strings.Fields(text)}, text)
		d.name = capitalise(trimPunct(text))
		d.inputs, d.outputs = nil, nil
		a.b.add([]*draft{d})
		ds = []*draft{d}
	}
	return ds
}

// settingsRow reads a row of a table of settings and notes: only full
// sentences in it can be instructions.
func (a *analyzer) settingsRow(cells []string) {
	for _, c := range cells {
		if !strings.ContainsAny(c, ".!") {
			continue
		}
		for _, s := range sentences(c) {
			if settingStep(s) {
				a.sentence(s, true)
			}
		}
	}
}

// rowKey is a row's number as written in its first cell ("2a"), lower
// case.
func rowKey(cells []string) string {
	if len(cells) == 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(strings.TrimSpace(cells[0]), "."))
}

var (
	// nextEndRe is a next cell that ends the process: "end — carrier is
	// not set up".
	nextEndRe = regexp.MustCompile(`(?i)^\s*(?:end|stop|done)\b`)
	// nextBackRe is a next cell that loops back: "back to 2".
	nextBackRe = regexp.MustCompile(`(?i)^\s*(?:[a-z]+\s+){0,4}?(?:go\s+)?back\s+to\s+(?:step\s+|row\s+)?(\d{1,3}(?:\.\d{1,3})*(?:[a-z]\b|\s?\([a-z]\))?)`)
	// nextOrIfRe is a next cell with an exception: "3, or 2a if
	// documents missing".
	nextOrIfRe = regexp.MustCompile(`(?i)^\s*\w{1,4},?\s+or\s+(\w{1,4})\s+if\s+(.+?)\s*$`)
	// nextArrowRe is one answer of a next cell that branches: "A → 5",
	// "granted: 4".
	nextArrowRe = regexp.MustCompile(`([A-Za-z][\w -]{0,30}?)\s*(?:→|->|=>|:)\s*(\w{1,4})\b`)
)

// rowNext reads a process table's next cell after its row's steps: the
// end of the branch, a loop back to an earlier row, an exception row
// taken on a condition, or answers that each go to a row of their own
// (one decision whose branches those rows are).
func (a *analyzer) rowNext(h *tableHead, next string, cur int, in *[]*item) {
	switch {
	case a.rowGoTo(h, cur, next, in), a.rowBackUntil(h, cur, next):
		// "6", "back to 2; after the third attempt 5"
	case nextEndRe.MatchString(next):
		a.b.endHere()
	case nextBackRe.MatchString(next):
		m := nextBackRe.FindStringSubmatch(next)
		if d := a.steps[stepRef(m[1])]; d != nil && d.item != nil {
			a.b.loopTo(d.item)
		}
	case nextOrIfRe.MatchString(next):
		m := nextOrIfRe.FindStringSubmatch(next)
		h.conds[strings.ToLower(m[1])] = strings.TrimSpace(m[2])
	case a.rowNextIf(h, next):
		// "3 if the recipient opens, 4 if nobody is home"
	default:
		ms := nextArrowRe.FindAllStringSubmatch(next, -1)
		if len(ms) < 2 {
			return
		}
		for _, m := range ms {
			h.conds[strings.ToLower(m[2])] = strings.TrimSpace(m[1])
		}
		a.b.addWhether("which outcome", a.currentActor())
		a.b.open.cases = true
	}
}

// rowNumber is the step number of a procedure table's row: its first cell
// when that holds only a number ("3", "3."), not the action; 0 otherwise.
func rowNumber(cells []string, action int) int {
	if len(cells) == 0 || action == 0 {
		return 0
	}
	c := strings.TrimSuffix(strings.TrimSpace(cells[0]), ".")
	if c == "" || len(c) > 3 || strings.Trim(c, "0123456789") != "" {
		return 0
	}
	return atoi(c)
}
