package text

import (
	"regexp"
	"strings"
)

// caseHeadStops are header words of a column before the action that
// numbers or names the row rather than stating its case.
var caseHeadStops = set(`no no. nr nr. # number id ref step steps phase stage`)

// caseColumns are the columns of a table with an action column that come
// before it and state the case a row applies to ("Wear measured | Tool
// type | Action"): not the step, role, time or next column, nor one whose
// header numbers the rows.
func caseColumns(h *tableHead, step int, cells []string) []int {
	var out []int
	for i := 0; i < h.action && i < len(cells); i++ {
		head := strings.ToLower(strings.TrimSpace(cells[i]))
		if i == step || i == h.role || i == h.time || i == h.next || head == "" || caseHeadStops[head] || streamHead(head) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// rowNumberRe is a cell that only numbers its row: "3", "2a", "3.".
var rowNumberRe = regexp.MustCompile(`^\d+[a-z]?\.?$`)

// anyCase are case cells that rule nothing out.
var anyCase = set(`any all - – n/a whatever either`)

// rowCase is the condition a decision table's row applies on: each case
// cell after its column's header, "wear measured below 0.2 mm and tool
// type carbide"; "" when the table has no case columns or the row's are
// empty, "any" or only numbers.
func rowCase(h *tableHead, cells []string) string {
	var parts []string
	for _, i := range h.when {
		if i >= len(cells) || i >= len(h.heads) {
			continue
		}
		c := strings.TrimSpace(cells[i])
		if c == "" || anyCase[strings.ToLower(c)] || rowNumberRe.MatchString(c) {
			continue
		}
		parts = append(parts, strings.ToLower(strings.TrimSpace(h.heads[i]))+" "+c)
	}
	return strings.Join(parts, " and ")
}
