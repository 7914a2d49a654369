package text

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

func appendUnique(list []string, vs ...string) []string {
	for _, v := range vs {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		dup := false
		for _, x := range list {
			if strings.EqualFold(x, v) {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, v)
		}
	}
	return list
}

// finish compiles the flow, fills neighbouring suppliers and customers,
// names the process and repairs the result.
func (a *analyzer) finish(filename, text string) process.Model {
	var m process.Model
	a.thin()
	a.fillPerformers()
	a.partyReceives()
	thinned := 0
	for _, d := range a.drafts {
		if d.drop && d.event == nil {
			thinned++
		}
	}
	drafts := a.b.compile(&m)
	if len(m.Activities) == 1 && m.Activities[0].Performer == process.DefaultPerformer {
		// "Invoice. Supplier. Purchase order.": one noun read as an
		// order, by nobody; no description of work
		if d := drafts[m.Activities[0].ID]; d != nil && wordCount(d.source) <= 3 && nounList(text) {
			m = process.Model{}
		}
	}
	if len(m.Activities) == 0 {
		// Nothing reads as a step: answer with a short, honest model the
		// user can read at a glance (one step per heading at most) rather
		// than invent work or fail.
		m = a.noSteps(filename, text)
	}
	if len(a.pendingIn) > 0 && len(m.Activities) > 0 {
		m.Activities[0].SIPOC.Inputs = appendUnique(m.Activities[0].SIPOC.Inputs, a.pendingIn...)
	}
	a.nameModel(&m, filename)
	a.purposeNotes(&m, thinned)
	neighbours(&m)
	a.actingParticipants(&m)
	attachDeadlines(&m, drafts)
	collaborate(&m, drafts, text, a.toUs)
	process.Repair(&m)
	return m
}

// nameModel names the model, from the title, the file name or the
// object most steps work on, and gives it a purpose: the text's own or
// one that says what the model describes.
func (a *analyzer) nameModel(m *process.Model, filename string) {
	if dataRow(a.name) {
		a.name = "" // "ID;Name;Amount;Date" is a table's header, not a title
	}
	m.ProcessName = firstNonEmpty(a.processName(), NameFromFile(filename), "Process Analysis")
	if len(m.ProcessName) > 120 {
		m.ProcessName = strings.Join(limitWords(strings.Fields(m.ProcessName), 12), " ")
	}
	if m.ProcessPurpose == "" {
		m.ProcessPurpose = a.purpose
	}
	if m.ProcessPurpose == "" {
		m.ProcessPurpose = "Describes how " + m.ProcessName + " is carried out, step by step."
	}
}

// purposeNotes adds the notes on what the model leaves out to its
// purpose: passages read only in part, the thinned steps beyond what a
// readable diagram holds, and unrelated processes drawn one after the
// other.
func (a *analyzer) purposeNotes(m *process.Model, thinned int) {
	if a.cutSentences > 0 && !strings.HasPrefix(m.ProcessPurpose, noStepsPurpose) {
		if a.cutSentences == 1 {
			m.ProcessPurpose += fmt.Sprintf(" Note: a passage of the text runs on for more than %d characters without a sentence break; only its start was read.", maxSentence)
		} else {
			m.ProcessPurpose += fmt.Sprintf(" Note: %d passages of the text run on for more than %d characters without a sentence break; only the start of each was read.", a.cutSentences, maxSentence)
		}
	}
	if thinned > 0 && !strings.HasPrefix(m.ProcessPurpose, noStepsPurpose) {
		m.ProcessPurpose += fmt.Sprintf(" Note: the text describes %d steps, more than a readable diagram holds; the model shows %d of them, spread over the whole text.", thinned+len(m.Activities), len(m.Activities))
	}
	if names := a.unrelatedSections(); len(names) > 1 {
		m.ProcessPurpose += " Note: the text seems to describe " + fmt.Sprint(len(names)) + " unrelated processes (" + strings.Join(names, "; ") +
			"): no performer or object is shared between them. They are drawn one after the other; analyse each part on its own for a model of each."
	}
}

// actingParticipants adds the participants who do work, a step or a
// decision, to the model: a lane holds work, so a speaker who only asks
// questions, or someone only mentioned, is no lane.
func (a *analyzer) actingParticipants(m *process.Model) {
	acting := map[string]bool{}
	for _, act := range m.Activities {
		acting[act.Performer] = true
	}
	for _, g := range m.Gateways {
		acting[g.Performer] = true
	}
	for _, p := range a.participants {
		if acting[p] {
			m.Participants = append(m.Participants, process.Participant{Name: p, Description: a.describe[p]})
		}
	}
}

// exerciseRe matches titles that number a text instead of naming its
// process: "exercise 1", "Exercise 3: Examination", "Task 2 -".
var exerciseRe = regexp.MustCompile(`(?i)^(?:exercise|task|assignment|example|case study|case|question|problem|übung|aufgabe)\s*[\d.]*\s*[:.\-–—)]?\s*(.*)$`)

// processName is the document's title, or, when the title only numbers an
// exercise, its subtitle or the object most steps work on ("Dismissal
// process").
func (a *analyzer) processName() string {
	m := exerciseRe.FindStringSubmatch(a.name)
	if m == nil {
		return a.name
	}
	if rest := trimPunct(m[1]); rest != "" {
		return capitalise(rest)
	}
	count := map[string]int{}
	best := ""
	for _, d := range a.drafts {
		ws := strings.Fields(d.object)
		if len(ws) == 0 || d.event != nil {
			continue
		}
		head := strings.ToLower(trimPunct(ws[len(ws)-1]))
		if len(head) < 3 || pronouns[head] || isAgent(head) {
			continue // "contacts a professor": a party, not what the process is about
		}
		count[head]++
		if count[head] > count[best] {
			best = head
		}
	}
	if best == "" {
		return ""
	}
	return capitalise(best) + " process"
}

// noStepsPurpose starts the purpose of a model of a text that describes no
// process.
const noStepsPurpose = "No process steps found"

// maxHeadingSteps caps the steps made from the headings of a document
// without process steps.
const maxHeadingSteps = 12

// noSteps is the model of a text in which nothing reads as a step: its
// headings as steps to fill in, or one step saying so.
func (a *analyzer) noSteps(filename, text string) process.Model {
	var m process.Model
	var b builder
	head := text
	if len(head) > 200_000 {
		head = head[:200_000]
	}
	systems := findSystems(head)
	if len(systems) > 8 {
		systems = systems[:8]
	}
	doc := firstNonEmpty(a.name, NameFromFile(filename), "the document")
	rows := 0
	for _, h := range a.headings {
		if len(b.seq) == maxHeadingSteps {
			break
		}
		if dataRow(h) {
			rows++ // "1;Acme;100;2026-01-01": a table's row, no heading
			continue
		}
		if strings.EqualFold(h, a.name) {
			continue
		}
		b.add([]*draft{{name: capitalise(h), performer: a.currentActor(), inputs: []string{capitalise(h)}, systems: systems}})
	}
	if dataRow(doc) {
		doc = "the document"
	}
	m.ProcessPurpose = noStepsPurpose + " in " + doc + ": no sentence says who does what."
	if rows > 0 && len(b.seq) == 0 {
		m.ProcessPurpose = noStepsPurpose + " in " + doc + ": it reads as a table of data (rows of values), not as a description of work."
	}
	if len(b.seq) > 0 {
		m.ProcessPurpose = noStepsPurpose + " in " + doc + ": only its headings are listed, as steps to fill in."
	} else {
		// the document itself is what the one step has to work from
		in := appendUnique([]string{capitalise(firstNonEmpty(a.name, NameFromFile(filename), "Document"))}, a.pendingIn...)
		b.add([]*draft{{name: noStepsPurpose, performer: a.currentActor(), inputs: in, systems: systems}})
	}
	b.compile(&m)
	return m
}

// thin keeps at most maxActivities activities, spread over the sections in
// proportion to their size so that a long SOP is covered from start to
// end rather than cut off after its first pages.
func (a *analyzer) thin() {
	n := len(a.drafts)
	if n <= maxActivities {
		return
	}
	per := map[int]int{}
	for _, d := range a.drafts {
		per[d.section]++
	}
	quota := map[int]int{}
	for sec, c := range per {
		quota[sec] = max(c*maxActivities/n, 1)
	}
	for _, d := range a.drafts {
		if quota[d.section] > 0 {
			quota[d.section]--
			continue
		}
		d.drop = true
	}
	// sections that got a quota of one each can overshoot: trim from the end
	kept := 0
	for _, d := range a.drafts {
		if !d.drop {
			kept++
		}
	}
	for i := len(a.drafts) - 1; i >= 0 && kept > maxActivities; i-- {
		if !a.drafts[i].drop {
			a.drafts[i].drop = true
			kept--
		}
	}
	// and sections that got less than their share leave room: fill in
	// document order
	for _, d := range a.drafts {
		if kept >= maxActivities {
			break
		}
		if d.drop {
			d.drop = false
			kept++
		}
	}
}

// neighbours adds the previous performer as a supplier and the next
// performer as a customer of each activity, and the previous activity's
// output as an input when the text named none.
func neighbours(m *process.Model) {
	idx := map[string]int{}
	for i, act := range m.Activities {
		idx[act.ID] = i
	}
	var order []int
	for _, s := range process.Ordered(m) {
		if s.Kind == process.StepActivity {
			order = append(order, idx[s.ID])
		}
	}
	for k, i := range order {
		act := &m.Activities[i]
		if k > 0 {
			prev := m.Activities[order[k-1]]
			if prev.Performer != act.Performer {
				act.SIPOC.Suppliers = appendUnique(act.SIPOC.Suppliers, prev.Performer)
			}
			if len(act.SIPOC.Inputs) == 0 && len(prev.SIPOC.Outputs) > 0 {
				act.SIPOC.Inputs = appendUnique(act.SIPOC.Inputs, prev.SIPOC.Outputs[0])
			}
		}
		if k+1 < len(order) {
			next := m.Activities[order[k+1]]
			if next.Performer != act.Performer {
				act.SIPOC.Customers = appendUnique(act.SIPOC.Customers, next.Performer)
			}
		}
	}
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// NameFromFile makes a process name from a file name:
// "invoice_approval-v2.docx" → "Invoice Approval V2".
func NameFromFile(fn string) string {
	base := filepath.Base(strings.ReplaceAll(fn, "\\", "/"))
	base = strings.TrimSuffix(base, filepath.Ext(base))
	base = strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(base)
	if base == "" || base == "/" {
		return ""
	}
	return titleCase(strings.Join(strings.Fields(base), " "))
}

// unrelatedSections returns the headings of the document's sections when
// they describe unrelated processes: at least two sections with two or
// more steps each, and no performer and no object word shared by any two
// of them ("Employee onboarding" and "Warehouse cycle count" in one file).
// It returns nil when the sections belong to one process.
func (a *analyzer) unrelatedSections() []string {
	type sec struct {
		performers, objects map[string]bool
		steps               int
	}
	secs := map[int]*sec{}
	var order []int
	for _, d := range a.drafts {
		if d.event != nil || d.drop {
			continue
		}
		s := secs[d.section]
		if s == nil {
			s = &sec{performers: map[string]bool{}, objects: map[string]bool{}}
			secs[d.section] = s
			order = append(order, d.section)
		}
		s.steps++
		s.performers[strings.ToLower(d.performer)] = true
		for _, w := range strings.Fields(strings.ToLower(d.object)) {
			if w = strings.TrimSuffix(trimPunct(w), "s"); len(w) > 3 && !determiners[w] {
				s.objects[w] = true
			}
		}
	}
	var names []string
	var kept []*sec
	for _, k := range order {
		s := secs[k]
		name := a.sectionNames[k]
		if k == 0 && name == "" {
			name = a.name // the title before the first heading
		}
		if s.steps < 2 || name == "" {
			continue
		}
		for _, o := range kept {
			for p := range s.performers {
				if o.performers[p] {
					return nil
				}
			}
			for w := range s.objects {
				if o.objects[w] {
					return nil
				}
			}
		}
		kept = append(kept, s)
		names = append(names, name)
	}
	if len(names) < 2 {
		return nil
	}
	return names
}

// dataRow reports whether a line is a row of a table dump rather than a
// heading: values split by two or more semicolons, tabs or bars, or a
// line that is mostly digits.
func dataRow(s string) bool {
	seps := strings.Count(s, ";") + strings.Count(s, "\t") + strings.Count(s, "|")
	if seps >= 2 {
		return true
	}
	digits, letters := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters++
		}
	}
	return digits > 0 && digits >= letters
}

// nounList reports whether a text is a list of labels ("Invoice.
// Supplier. Purchase order. Goods receipt."): three or more sentences,
// every one of at most three words.
func nounList(text string) bool {
	if len(text) > 10_000 {
		return false
	}
	n := 0
	for _, bl := range segment(context.Background(), text) {
		for _, s := range sentences(bl.text) {
			if wordCount(s) > 3 {
				return false
			}
			n++
		}
	}
	return n >= 3
}
