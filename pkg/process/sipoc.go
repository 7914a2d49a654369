package process

import (
	"fmt"
	"math"
	"strings"
)

// SIPOCSummary is the process-level SIPOC table: each column de-duplicated
// (case-insensitively) and ordered by first appearance along the flow.
type SIPOCSummary struct {
	Suppliers []string `json:"suppliers"`
	Inputs    []string `json:"inputs"`
	Processes []string `json:"processes"`
	Outputs   []string `json:"outputs"`
	Customers []string `json:"customers"`
	Systems   []string `json:"systems"`
}

type dedup struct {
	seen map[string]bool
	list []string
}

func (d *dedup) add(vs ...string) {
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	for _, v := range vs {
		v = strings.TrimSpace(v)
		k := strings.ToLower(v)
		if v == "" || d.seen[k] {
			continue
		}
		d.seen[k] = true
		d.list = append(d.list, v)
	}
}

func (d *dedup) result() []string {
	if d.list == nil {
		return []string{}
	}
	return d.list
}

// SIPOCTable builds the process-level SIPOC table from the activities in
// flow order; inputs and outputs include the data the activities read and
// write (SIPOCOf).
func SIPOCTable(m *Model) SIPOCSummary {
	var s, i, p, o, c, y dedup
	links := newLinkIndex(m)
	for _, a := range activitiesInOrder(m) {
		sp := links.sipoc(a)
		s.add(sp.Suppliers...)
		i.add(sp.Inputs...)
		p.add(a.Name)
		o.add(sp.Outputs...)
		c.add(sp.Customers...)
		y.add(sp.Systems...)
	}
	return SIPOCSummary{
		Suppliers: s.result(), Inputs: i.result(), Processes: p.result(),
		Outputs: o.result(), Customers: c.result(), Systems: y.result(),
	}
}

// activitiesInOrder returns the activities in the order Ordered gives them.
func activitiesInOrder(m *Model) []Activity {
	byID := map[string]int{}
	for i, a := range m.Activities {
		if _, ok := byID[a.ID]; !ok {
			byID[a.ID] = i
		}
	}
	var out []Activity
	used := map[int]bool{}
	for _, s := range Ordered(m) {
		if s.Kind != StepActivity {
			continue
		}
		if i, ok := byID[s.ID]; ok && !used[i] {
			used[i] = true
			out = append(out, m.Activities[i])
		}
	}
	for i, a := range m.Activities {
		if !used[i] {
			out = append(out, a)
		}
	}
	return out
}

// Totals sums the work time (WT) and wait time (wt) of all activities, in
// minutes.
func Totals(m *Model) (workMinutes, waitMinutes float64) {
	for _, a := range m.Activities {
		if a.WorkMinutes > 0 {
			workMinutes += a.WorkMinutes
		}
		if a.WaitMinutes > 0 {
			waitMinutes += a.WaitMinutes
		}
	}
	return workMinutes, waitMinutes
}

// FormatDuration renders minutes the way the formatted text shows times:
// "45 min", "2 h 30 min", "3 d 4 h" (a day is 24 hours), "30 s" below a
// minute and "0 min" for nothing.
func FormatDuration(minutes float64) string {
	if math.IsNaN(minutes) || minutes <= 0 {
		return "0 min"
	}
	if math.IsInf(minutes, 1) || minutes > 1e9 {
		return "more than 1000 years"
	}
	if minutes < 1 {
		sec := int(math.Round(minutes * 60))
		if sec < 1 {
			sec = 1
		}
		return fmt.Sprintf("%d s", sec)
	}
	total := int64(math.Round(minutes))
	d, h, mins := total/1440, (total%1440)/60, total%60
	var parts []string
	if d > 0 {
		parts = append(parts, fmt.Sprintf("%d d", d))
	}
	if h > 0 {
		parts = append(parts, fmt.Sprintf("%d h", h))
	}
	if mins > 0 {
		parts = append(parts, fmt.Sprintf("%d min", mins))
	}
	return strings.Join(parts, " ")
}
