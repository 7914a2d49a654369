package export

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/spade-bpmn/spade/pkg/process"
)

// maxCell is Excel's limit of characters in one cell.
const maxCell = 32767

func cell(s string) string {
	if len(s) > maxCell {
		return s[:maxCell-1] + "…"
	}
	return s
}

func join(vs []string) string { return strings.Join(vs, "; ") }

// XLSX exports a workbook with the sheets Summary, Activities (SIPOC and
// WT/wt per activity), SIPOC (one row per process step), SIPOC Summary and
// Gateways. Without a model the last three
// keep their headers and the summary carries the formatted text.
func XLSX(r Request) ([]byte, string, string, error) {
	text := r.text()
	if strings.TrimSpace(text) == "" && r.Model == nil {
		return nil, "", "", nothing("XLSX")
	}
	f := excelize.NewFile()
	defer f.Close() //nolint:errcheck // in-memory file
	w := &sheetWriter{f: f}
	if err := f.SetSheetName("Sheet1", "Summary"); err != nil {
		return nil, "", "", fmt.Errorf("xlsx summary: %w", err)
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}}})
	if err != nil {
		return nil, "", "", fmt.Errorf("xlsx style: %w", err)
	}
	w.bold = bold
	wrap, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return nil, "", "", fmt.Errorf("xlsx style: %w", err)
	}
	w.wrap = wrap

	w.summary(r, text)
	w.activities(r.Model)
	w.sipoc(r.Model)
	w.sipocSummary(r.Model)
	w.gateways(r.Model)
	if w.err != nil {
		return nil, "", "", fmt.Errorf("xlsx: %w", w.err)
	}
	f.SetActiveSheet(0)
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, "", "", fmt.Errorf("xlsx write: %w", err)
	}
	return buf.Bytes(), TypeXLSX, Filename(r.title(), "xlsx"), nil
}

// sheetWriter keeps the first error so that the sheet code reads straight.
type sheetWriter struct {
	f          *excelize.File
	bold, wrap int
	err        error
}

func (w *sheetWriter) row(sheet string, n int, vals ...any) {
	if w.err != nil {
		return
	}
	for i, v := range vals {
		if s, ok := v.(string); ok {
			vals[i] = cell(s)
		}
	}
	addr, err := excelize.CoordinatesToCellName(1, n)
	if err == nil {
		err = w.f.SetSheetRow(sheet, addr, &vals)
	}
	w.err = err
}

func (w *sheetWriter) header(sheet string, widths []float64, names ...any) {
	if w.err != nil {
		return
	}
	if sheet != "Summary" {
		if _, err := w.f.NewSheet(sheet); err != nil {
			w.err = err
			return
		}
	}
	w.row(sheet, 1, names...)
	last, _ := excelize.ColumnNumberToName(len(names))
	if w.err == nil {
		w.err = w.f.SetCellStyle(sheet, "A1", last+"1", w.bold)
	}
	for i, wd := range widths {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if w.err == nil {
			w.err = w.f.SetColWidth(sheet, col, col, wd)
		}
		if w.err == nil {
			w.err = w.f.SetColStyle(sheet, col, w.wrap)
		}
	}
	if w.err == nil {
		w.err = w.f.SetPanes(sheet, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	}
}

func (w *sheetWriter) summary(r Request, text string) {
	const s = "Summary"
	w.header(s, []float64{28, 100}, "Field", "Value")
	n := 2
	add := func(k, v string) {
		w.row(s, n, k, v)
		n++
	}
	add("Process name", r.title())
	if m := r.Model; m != nil {
		add("Process purpose", m.ProcessPurpose)
		var names []string
		for _, p := range m.Participants {
			names = append(names, p.Name)
		}
		add("Participants", join(names))
		add("Activities", fmt.Sprint(len(m.Activities)))
		add("Gateways", fmt.Sprint(len(m.Gateways)))
		work, wait := process.Totals(m)
		add("Total work time (WT)", process.FormatDuration(work))
		add("Total wait time (wt)", process.FormatDuration(wait))
	}
	if r.ID != "" {
		add("Analysis ID", r.ID)
	}
	if r.Timestamp != "" {
		add("Timestamp", r.Timestamp)
	}
	n++
	for _, sec := range sections(text) {
		if sec.Heading != "" {
			w.row(s, n, sec.Heading)
			if w.err == nil {
				addr, _ := excelize.CoordinatesToCellName(1, n)
				w.err = w.f.SetCellStyle(s, addr, addr, w.bold)
			}
			n++
		}
		for _, l := range sec.Lines {
			w.row(s, n, "", l)
			n++
		}
	}
}

func (w *sheetWriter) activities(m *process.Model) {
	const s = "Activities"
	w.header(s, []float64{6, 30, 20, 24, 24, 24, 24, 20, 10, 14, 10, 14, 50},
		"No.", "Activity", "Performer", "Suppliers", "Inputs", "Outputs", "Customers", "Systems",
		"WT (min)", "WT", "wt (min)", "wt", "Source")
	if m == nil {
		return
	}
	for i, a := range orderedActivities(m) {
		w.row(s, i+2, i+1, a.Name, a.Performer, join(a.SIPOC.Suppliers), join(a.SIPOC.Inputs), join(a.SIPOC.Outputs),
			join(a.SIPOC.Customers), join(a.SIPOC.Systems), a.WorkMinutes, duration(a.WorkMinutes), a.WaitMinutes, duration(a.WaitMinutes), a.Source)
	}
}

func duration(min float64) string {
	if min <= 0 {
		return ""
	}
	return process.FormatDuration(min)
}

// orderedActivities returns the activities in flow order (as numbered in
// the formatted text), then any the flow does not reach; an unnamed one
// is named as in the formatted text ("the 2nd unnamed task").
func orderedActivities(m *process.Model) []process.Activity {
	unnamed := process.UnnamedActivityNames(m)
	byID := map[string]process.Activity{}
	for _, a := range m.Activities {
		if _, ok := byID[a.ID]; !ok {
			if a.Name == "" {
				a.Name = unnamed[a.ID]
			}
			byID[a.ID] = a
		}
	}
	var out []process.Activity
	seen := map[string]bool{}
	for _, st := range process.Ordered(m) {
		if a, ok := byID[st.ID]; ok && st.Kind == process.StepActivity && !seen[st.ID] {
			out = append(out, a)
			seen[st.ID] = true
		}
	}
	for _, a := range m.Activities {
		if !seen[a.ID] {
			out = append(out, byID[a.ID])
			seen[a.ID] = true
		}
	}
	return out
}

// sipoc writes one row per activity (process step) with its own suppliers,
// inputs, outputs, customers and systems joined in cells. Independent lists
// side by side made a row read as if SAP were used in "Fill in expense claim
// form" when no step said so.
func (w *sheetWriter) sipoc(m *process.Model) {
	const s = "SIPOC"
	w.header(s, []float64{6, 32, 20, 28, 28, 28, 28, 24}, "No.", "Process step", "Performer", "Suppliers", "Inputs", "Outputs", "Customers", "Systems")
	if m == nil {
		return
	}
	for i, a := range orderedActivities(m) {
		w.row(s, i+2, i+1, a.Name, a.Performer, join(a.SIPOC.Suppliers), join(a.SIPOC.Inputs), join(a.SIPOC.Outputs),
			join(a.SIPOC.Customers), join(a.SIPOC.Systems))
	}
}

// sipocSummary writes the process-wide SIPOC summary, one row per element,
// its values joined in one cell, so that no row pairs unrelated values.
func (w *sheetWriter) sipocSummary(m *process.Model) {
	const s = "SIPOC Summary"
	w.header(s, []float64{16, 90}, "Element", "Values")
	if m == nil {
		return
	}
	t := process.SIPOCTable(m)
	for i, r := range []struct {
		name string
		vals []string
	}{
		{"Suppliers", t.Suppliers}, {"Inputs", t.Inputs}, {"Process", t.Processes},
		{"Outputs", t.Outputs}, {"Customers", t.Customers}, {"Systems", t.Systems},
	} {
		w.row(s, i+2, r.name, join(r.vals))
	}
}

func (w *sheetWriter) gateways(m *process.Model) {
	const s = "Gateways"
	w.header(s, []float64{30, 14, 20, 50, 50}, "Gateway", "Type", "Performer", "Branches", "Specification")
	if m == nil {
		return
	}
	branches := map[string][]string{}
	for _, st := range process.NamedSteps(m) {
		for _, b := range st.Branches {
			label := b.TargetName
			if b.Condition != "" {
				label = b.Condition + " → " + b.TargetName
			}
			branches[st.ID] = append(branches[st.ID], label)
		}
	}
	names := process.GatewayNames(m)
	for i, g := range m.Gateways {
		w.row(s, i+2, names[g.ID], g.Type, g.Performer, join(branches[g.ID]), g.Specification)
	}
}
