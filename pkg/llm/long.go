package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/textshape"
)

// LongOptions size the calls of AnalyzeDocument.
type LongOptions struct {
	// ContextTokens is the model's context window (SPADE_LLM_CONTEXT_TOKENS;
	// 0: ContextTokens of Model).
	ContextTokens int
	// Model names the model, for its known window.
	Model string
	// OutputTokens is reserved for the answer; 0: a quarter of the window,
	// at most 16,384.
	OutputTokens int
	// MaxSectionTokens caps one call's document text even in a huge window:
	// the answer (a model of every step) grows with the text, and output
	// limits (8,192 tokens on gemini-2.0-flash, 16,384 on gpt-4o-mini) are
	// far below input windows; 0: 30,000 (about 30 pages). A section whose
	// answer still does not fit is split again (AnalyzeDocument).
	MaxSectionTokens int
}

// minSectionRunes is the smallest section split further after a cut-off
// answer: below it, a smaller section would not make a shorter answer.
const minSectionRunes = 1500

// SectionBudget returns how many tokens of document text one call may
// carry under o: the window less the instruction, the schema, the answer
// and a margin for the estimate.
func SectionBudget(o LongOptions) int {
	window := ContextTokens(o.ContextTokens, o.Model)
	out := o.OutputTokens
	if out <= 0 {
		out = min(window/4, 16_384)
	}
	schema, _ := json.Marshal(process.JSONSchema())
	overhead := EstimateTokens(SystemInstruction()) + EstimateTokens(string(schema)) + 600
	budget := (window - out - overhead) * 9 / 10
	maxSection := o.MaxSectionTokens
	if maxSection <= 0 {
		maxSection = 30_000
	}
	// A tiny or misconfigured window still gets sections of useful size.
	return min(max(budget, 256), maxSection)
}

// Section is a part of a long document analysed on its own.
type Section struct {
	Title string
	Text  string
}

// heading reports whether line looks like a section heading, by the
// classifier the built-in analyzer reads documents with: a Markdown
// heading, a short numbered heading ("2. Assessment", "3.1 Payment") or
// a short line in capitals, none ending like a sentence.
func heading(line string) (string, bool) {
	l := strings.TrimSpace(line)
	if l == "" || len([]rune(l)) > 80 {
		return "", false
	}
	if _, title, ok := textshape.Markdown(l); ok {
		return title, true
	}
	if strings.HasSuffix(l, ".") || strings.HasSuffix(l, ",") || strings.HasSuffix(l, ";") || strings.HasSuffix(l, ":") {
		return "", false
	}
	if len(strings.Fields(l)) <= 10 {
		marker, body, ok := textshape.Item(l)
		if !ok {
			// "2 Assessment": a section number without a full stop
			if f := strings.Fields(l); len(f) > 1 && strings.Trim(f[0], "0123456789.") == "" && f[0][0] != '.' {
				marker, body, ok = f[0], strings.Join(f[1:], " "), true
			}
		}
		if ok && sectionMarker(marker) && textshape.Heading(body, headingWords) {
			return l, true
		}
	}
	if textshape.AllCaps(l) && len(strings.Fields(l)) <= 8 && textshape.Heading(l, nil) {
		return l, true
	}
	return "", false
}

// sectionMarker reports a marker that numbers sections: "2.", "3.1",
// "4)", "IV.", "B.".
func sectionMarker(m string) bool {
	if textshape.MarkerKind(m) == textshape.Number {
		return true
	}
	t := strings.TrimSuffix(m, ".")
	return t != m && t != "" && (len(t) == 1 && t[0] >= 'A' && t[0] <= 'Z' || strings.Trim(t, "IVX") == "")
}

// headingWords reads a numbered line's words as a title unless it ends
// like a sentence: the splitter has no verb lexicon, and a numbered
// step ("3. Pay the invoice") costs it only an extra section boundary.
func headingWords(_ []string, stop bool) bool { return stop }

// SplitSections cuts text into sections of at most budget tokens: at its
// headings, packing consecutive short sections together, and by paragraphs
// (then by size) where one heading's text is longer than the budget. Text
// within the budget is one section.
func SplitSections(text string, budget int) []Section {
	if EstimateTokens(text) <= budget {
		return []Section{{Text: text}}
	}
	var parts []Section
	cur := Section{}
	var b strings.Builder
	flush := func() {
		cur.Text = strings.TrimSpace(b.String())
		if cur.Text != "" {
			parts = append(parts, cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if t, ok := heading(line); ok {
			flush()
			cur = Section{Title: t}
		}
		b.WriteString(line)
	}
	flush()

	var out []Section
	lastTokens := 0 // of out[len(out)-1], kept to stay linear
	for _, p := range parts {
		tokens := EstimateTokens(p.Text)
		if tokens > budget {
			out = append(out, bySize(p, budget)...)
			lastTokens = budget // never pack onto a full piece
			continue
		}
		// Pack short sections together: fewer calls, and the model sees
		// how neighbouring steps connect.
		if n := len(out); n > 0 && lastTokens+tokens <= budget {
			if out[n-1].Title == "" {
				out[n-1].Title = p.Title
			}
			out[n-1].Text += "\n\n" + p.Text
			lastTokens += tokens
			continue
		}
		out = append(out, p)
		lastTokens = tokens
	}
	return out
}

// bySize splits one section by paragraphs, then by lines, then by runes,
// each piece within budget; pieces keep the title with a part number.
func bySize(s Section, budget int) []Section {
	var pieces []string
	var cur strings.Builder
	curTokens := 0
	add := func(unit string) {
		t := EstimateTokens(unit)
		if cur.Len() > 0 && curTokens+t > budget {
			pieces = append(pieces, cur.String())
			cur.Reset()
			curTokens = 0
		}
		cur.WriteString(unit)
		curTokens += t
	}
	for _, para := range strings.SplitAfter(s.Text, "\n\n") {
		if EstimateTokens(para) <= budget {
			add(para)
			continue
		}
		for _, line := range strings.SplitAfter(para, "\n") {
			if EstimateTokens(line) <= budget {
				add(line)
				continue
			}
			r := []rune(line)
			step := max(budget*2, 100) // runes per try; halved until the piece fits
			for len(r) > 0 {
				n := min(step, len(r))
				for n > 1 && EstimateTokens(string(r[:n])) > budget {
					n /= 2
				}
				add(string(r[:n]))
				r = r[n:]
			}
		}
	}
	if cur.Len() > 0 {
		pieces = append(pieces, cur.String())
	}
	out := make([]Section, 0, len(pieces))
	for i, p := range pieces {
		t := s.Title
		if len(pieces) > 1 {
			t = strings.TrimSpace(fmt.Sprintf("%s (part %d)", s.Title, i+1))
		}
		out = append(out, Section{Title: t, Text: strings.TrimSpace(p)})
	}
	return out
}

// halve splits a section whose answer did not fit the output limit into
// two at the paragraph (or line) nearest the middle; false when it is too
// short to help.
func halve(s Section) (Section, Section, bool) {
	r := []rune(s.Text)
	if len(r) < minSectionRunes {
		return s, s, false
	}
	mid := len(s.Text) / 2
	cut := strings.LastIndex(s.Text[:mid], "\n\n")
	if cut <= 0 {
		cut = strings.LastIndex(s.Text[:mid], "\n")
	}
	if cut <= 0 {
		cut = strings.LastIndex(s.Text[:mid], ". ")
		if cut > 0 {
			cut++
		}
	}
	if cut <= 0 {
		return s, s, false
	}
	a := Section{Title: strings.TrimSpace(s.Title + " (1)"), Text: strings.TrimSpace(s.Text[:cut])}
	b := Section{Title: strings.TrimSpace(s.Title + " (2)"), Text: strings.TrimSpace(s.Text[cut:])}
	return a, b, true
}

// AnalyzeDocument analyses a document of any length: within the context
// budget it is one AnalyzeValidated call; longer, it is analysed in
// sections (SplitSections) whose models are merged into one, each section a
// sub-process of the main pool. A section whose answer is cut off at the
// output limit even in compact form is split in two and analysed again.
// Images and BPMN suggestions go through AnalyzeValidated unchanged.
func AnalyzeDocument(ctx context.Context, p Provider, in Input, o LongOptions) (*Result, error) {
	if in.Kind == KindImage {
		return AnalyzeValidated(ctx, p, in)
	}
	queue := SplitSections(in.Text, SectionBudget(o))
	var done []sectionResult
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		sin := in
		sin.Text = s.Text
		if len(queue)+len(done) > 0 {
			sin.Section = sectionLabel(len(done)+1, len(done)+1+len(queue), s.Title)
		}
		res, err := AnalyzeValidated(ctx, p, sin)
		if errors.Is(err, ErrTruncated) {
			if a, b, ok := halve(s); ok {
				queue = append([]Section{a, b}, queue...)
				continue
			}
		}
		if err != nil {
			return nil, err
		}
		done = append(done, sectionResult{Section: s, Result: res})
	}
	if len(done) == 1 {
		return done[0].Result, nil
	}
	return merge(done), nil
}

func sectionLabel(k, n int, title string) string {
	if title == "" {
		return fmt.Sprintf("part %d of %d", k, n)
	}
	return fmt.Sprintf("part %d of %d, %q", k, n, title)
}

type sectionResult struct {
	Section
	*Result
}

// merge joins section models into one: each section's main-pool content
// becomes an expanded sub-process (named after the section) on a top-level
// chain start → section 1 → section 2 → … → end; other pools and lanes are
// shared by name; every id gets the section's prefix so none collide.
func merge(parts []sectionResult) *Result {
	mg := &merger{out: &Result{ModelName: parts[0].ModelName}, poolByName: map[string]string{}, lane: map[string]bool{}}
	m := &mg.out.Model
	m.Version = process.Version
	m.ProcessName, m.ProcessPurpose = parts[0].Model.ProcessName, parts[0].Model.ProcessPurpose
	for k, part := range parts {
		mg.add(k, part)
	}
	mg.chain(len(parts))
	process.Repair(m)
	return mg.out
}

// merger collects the sections' models into out.
type merger struct {
	out *Result
	// poolByName maps a shared pool's name (lower case, trimmed) to its
	// merged id; lane marks the lanes (pool id NUL name) already added.
	poolByName map[string]string
	lane       map[string]bool
	// chainPerformer performs the top-level chain: the first section's
	// main performer.
	chainPerformer string
}

// add merges section k: its usage, pools, lanes, nodes and edges, and
// the sub-process that holds its main-pool content.
func (mg *merger) add(k int, part sectionResult) {
	m, sm := &mg.out.Model, &part.Model
	mg.out.Usage.InputTokens += part.Usage.InputTokens
	mg.out.Usage.OutputTokens += part.Usage.OutputTokens
	mg.out.Usage.TotalTokens += part.Usage.TotalTokens
	if m.ProcessPurpose == "" {
		m.ProcessPurpose = sm.ProcessPurpose
	}
	sec := &mergeSection{pre: fmt.Sprintf("s%d_", k+1), sub: fmt.Sprintf("s%d", k+1)}
	sec.pools = mg.sharePools(sm, sec.pre)
	for _, pt := range sm.Participants {
		pt.Pool = sec.poolOf(pt.Pool)
		if key := pt.Pool + "\x00" + pt.Name; !mg.lane[key] {
			mg.lane[key] = true
			m.Participants = append(m.Participants, pt)
		}
	}
	performer := mainPerformer(mg.addNodes(sm, sec))
	mg.addEdges(sm, sec)
	if mg.chainPerformer == "" {
		mg.chainPerformer = performer
	}
	title := part.Title
	if title == "" {
		title = cmpOr(sm.ProcessName, fmt.Sprintf("Part %d", k+1))
	}
	m.Activities = append(m.Activities, process.Activity{
		ID: sec.sub, Name: title, Type: process.ActivitySubProcess, Marker: process.MarkerNone, Performer: performer,
		SIPOC:  process.SIPOC{Suppliers: []string{}, Inputs: []string{}, Outputs: []string{}, Customers: []string{}, Systems: []string{}},
		Source: part.Title,
	})
}

// sharePools maps the pool ids of section model sm to merged ids: its
// main pool (the first that is not collapsed) and no pool to the merged
// main pool (""), every other pool to the merged pool of its name, added
// (with the prefix pre) the first time a section names it.
func (mg *merger) sharePools(sm *process.Model, pre string) map[string]string {
	mainID := ""
	for _, pl := range sm.Pools {
		if !pl.Collapsed {
			mainID = pl.ID
			break
		}
	}
	pools := map[string]string{"": mergedMain, mainID: mergedMain}
	for _, pl := range sm.Pools {
		if pl.ID == mainID {
			continue
		}
		key := strings.ToLower(strings.TrimSpace(pl.Name))
		id, ok := mg.poolByName[key]
		if !ok {
			id = pre + pl.ID
			mg.poolByName[key] = id
			ensureMainPool(&mg.out.Model)
			np := pl
			np.ID = id
			mg.out.Model.Pools = append(mg.out.Model.Pools, np)
		}
		pools[pl.ID] = id
	}
	return pools
}

// addNodes adds the activities, gateways and events of section model sm
// with merged ids, parents and pools, and returns how many main-pool
// activities each performer has.
func (mg *merger) addNodes(sm *process.Model, sec *mergeSection) map[string]int {
	m := &mg.out.Model
	performers := map[string]int{}
	for _, a := range sm.Activities {
		a.ID, a.Parent, a.Pool = sec.pre+a.ID, sec.parentOf(a.Pool, a.Parent), sec.poolOf(a.Pool)
		if a.Pool == mergedMain {
			performers[a.Performer]++
		}
		m.Activities = append(m.Activities, a)
	}
	for _, g := range sm.Gateways {
		g.ID, g.Parent, g.Pool = sec.pre+g.ID, sec.parentOf(g.Pool, g.Parent), sec.poolOf(g.Pool)
		m.Gateways = append(m.Gateways, g)
	}
	for _, e := range sm.Events {
		e.ID, e.Parent, e.Pool, e.AttachedTo = sec.pre+e.ID, sec.parentOf(e.Pool, e.Parent), sec.poolOf(e.Pool), sec.rename(e.AttachedTo)
		m.Events = append(m.Events, e)
	}
	return performers
}

// addEdges adds the flows, message flows, data, data associations and
// annotations of section model sm with merged ids and ends.
func (mg *merger) addEdges(sm *process.Model, sec *mergeSection) {
	m := &mg.out.Model
	for _, f := range sm.Flows {
		f.ID, f.Source, f.Target = sec.pre+f.ID, sec.rename(f.Source), sec.rename(f.Target)
		m.Flows = append(m.Flows, f)
	}
	for _, f := range sm.MessageFlows {
		f.ID, f.Source, f.Target = sec.pre+f.ID, sec.rename(f.Source), sec.rename(f.Target)
		m.MessageFlows = append(m.MessageFlows, f)
	}
	for _, d := range sm.Data {
		d.ID = sec.pre + d.ID
		m.Data = append(m.Data, d)
	}
	for _, d := range sm.DataAssociations {
		d.ID, d.Source, d.Target = sec.pre+d.ID, sec.rename(d.Source), sec.rename(d.Target)
		m.DataAssociations = append(m.DataAssociations, d)
	}
	for _, n := range sm.Annotations {
		n.ID, n.AttachedTo = sec.pre+n.ID, sec.rename(n.AttachedTo)
		m.Annotations = append(m.Annotations, n)
	}
}

// chain adds the top-level start → s1 → … → sn → end through the n
// sections' sub-processes.
func (mg *merger) chain(n int) {
	m := &mg.out.Model
	m.Events = append(m.Events,
		process.Event{ID: "s0_start", Type: process.EventStart, Trigger: process.TriggerNone, Name: "Start", Performer: mg.chainPerformer},
		process.Event{ID: "s0_end", Type: process.EventEnd, Trigger: process.TriggerNone, Name: "End", Performer: mg.chainPerformer})
	prev := "s0_start"
	for k := range n {
		next := fmt.Sprintf("s%d", k+1)
		m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("s0_f%d", k+1), Source: prev, Target: next})
		prev = next
	}
	m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("s0_f%d", n+1), Source: prev, Target: "s0_end"})
}

// mainPerformer is the performer with the most main-pool activities (the
// first by name on a tie), "" when there are none.
func mainPerformer(performers map[string]int) string {
	performer, best := "", 0
	for name, n := range performers {
		if n > best || n == best && name < performer {
			performer, best = name, n
		}
	}
	return performer
}

// mergedMain is the merged model's main pool: no pool id.
const mergedMain = ""

// mergeSection is how one section's ids become merged ids: pre prefixes
// them, sub is the id of the section's sub-process, pools maps its pool
// ids to merged ones (see merger.sharePools).
type mergeSection struct {
	pre, sub string
	pools    map[string]string
}

// poolOf is the merged pool of section pool id (the main pool for an
// unknown one).
func (s *mergeSection) poolOf(id string) string {
	if v, ok := s.pools[id]; ok {
		return v
	}
	return mergedMain
}

// rename is the merged id of a node or pool the section refers to: ""
// stays "", a pool (a message flow to a collapsed pool) is its merged
// pool, anything else gets the prefix.
func (s *mergeSection) rename(id string) string {
	if id == "" {
		return ""
	}
	if v, ok := s.pools[id]; ok {
		return v
	}
	return s.pre + id
}

// parentOf is the merged parent of a node in pool with parent: its
// prefixed parent, else the section's sub-process for a main-pool node,
// else none.
func (s *mergeSection) parentOf(pool, parent string) string {
	if parent != "" {
		return s.pre + parent
	}
	if s.poolOf(pool) == mergedMain {
		return s.sub
	}
	return ""
}

// ensureMainPool puts the merged model's main pool first once pools are
// needed at all (a section brought another party): nodes without a pool
// sit in the first pool that is not collapsed.
func ensureMainPool(m *process.Model) {
	if len(m.Pools) == 0 {
		m.Pools = append(m.Pools, process.Pool{ID: "p_main", Name: m.ProcessName})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
