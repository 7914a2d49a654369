package text

import (
	"regexp"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Label is one piece of text read from a diagram picture (a box's
// caption), with its bounding box in image pixels: what the picture reader
// hands to the label heuristic (FromLabels, ReadingOrder).
type Label struct {
	Text                     string
	Left, Top, Right, Bottom int
	// LineHeight is the height of the label's tallest line of text.
	LineHeight int
}

func (l Label) cx() int { return (l.Left + l.Right) / 2 }
func (l Label) cy() int { return (l.Top + l.Bottom) / 2 }

var (
	conditionLabelRe = regexp.MustCompile(`(?i)^(yes|no|y|n|true|false|ok|not ok|approved|rejected|accepted|declined|pass|passed|fail|failed|valid|invalid)$`)
	startLabelRe     = regexp.MustCompile(`(?i)^(start|begin|started|start event|process start)$`)
	endLabelRe       = regexp.MustCompile(`(?i)^(end|stop|finish|finished|done|end event|process end|complete|completed)$`)
)

// IsConditionLabel reports whether a label is a branch condition ("Yes",
// "No", "Approved", ...).
func IsConditionLabel(s string) bool { return conditionLabelRe.MatchString(s) }

// IsStartLabel reports whether a label names the start ("Start", "Begin").
func IsStartLabel(s string) bool { return startLabelRe.MatchString(s) }

// IsEndLabel reports whether a label names the end ("End", "Done", ...).
func IsEndLabel(s string) bool { return endLabelRe.MatchString(s) }

// FromLabels builds a process from the labels of a diagram: in reading
// order along the diagram's main direction, labels ending in "?" are
// decisions, "Start"/"End" are events, "Yes"/"No" near a decision label
// its branches, and every other label an activity. The picture reader
// falls back to it when it recognises no shapes and arrows; it lives here
// because it reads the labels with the text analyzer's builder.
func FromLabels(labels []Label, filename string) process.Model {
	labels = ReadingOrder(labels)
	a := newAnalyzer()
	labels = a.diagramTitle(labels)
	lanes, labels := findLanes(labels)
	for _, ln := range lanes {
		a.performer(titleCase(CleanLabel(ln.Text)))
	}
	r := &labelReader{a: a, lanes: lanes, horizontal: isHorizontal(labels)}
	for _, l := range labels {
		r.label(l)
	}
	if r.gateway != "" {
		r.flushGateway(nil)
	}
	if a.name == "" {
		a.name = NameFromFile(filename)
	}
	a.purpose = "Process read from the diagram's labels"
	if filename != "" {
		a.purpose += " in " + filename
	}
	a.purpose += "."
	return a.finish(filename, strings.Join(r.read, "\n"))
}

// diagramTitle takes the title off the labels: a label clearly larger
// than the rest, at the top, names the process.
func (a *analyzer) diagramTitle(labels []Label) []Label {
	if len(labels) <= 2 {
		return labels
	}
	hs := make([]int, len(labels))
	for i, l := range labels {
		hs[i] = l.LineHeight
	}
	sort.Ints(hs)
	median := hs[len(hs)/2]
	top := 0
	for i, l := range labels {
		if l.Top < labels[top].Top {
			top = i
		}
	}
	if labels[top].LineHeight*2 >= median*3 {
		a.name = CleanLabel(labels[top].Text)
		labels = append(labels[:top:top], labels[top+1:]...)
	}
	return labels
}

// labelReader reads a diagram's labels in reading order into the
// analyzer's builder.
type labelReader struct {
	a          *analyzer
	lanes      []Label
	horizontal bool     // the diagram's main direction
	gateway    string   // decision waiting for its "yes" activity
	condLabel  []string // "Yes"/"No" read near it
	read       []string
	branchAt   *Label   // the "yes" activity of the decision just read
	branchGw   *gwBlock // that decision, open for a parallel "no" box
}

// laneOf is the name of the lane nearest to l across the lanes.
func (r *labelReader) laneOf(l Label) string {
	best, bestD := "", -1
	for _, ln := range r.lanes {
		if d := absInt(ln.cy() - l.cy()); bestD < 0 || d < bestD {
			best, bestD = CleanLabel(ln.Text), d
		}
	}
	return best
}

// sameRank reports whether p and q stand beside each other across the
// main direction: alternative branches.
func (r *labelReader) sameRank(p, q Label) bool {
	if r.horizontal {
		return absInt(p.cx()-q.cx()) < max((p.Right-p.Left)/2, 1)
	}
	return absInt(p.cy()-q.cy()) < max((p.Bottom-p.Top)*2, 1)
}

// flushGateway adds the waiting decision with ds as its first branch,
// its branches labelled by the condition labels read near it.
func (r *labelReader) flushGateway(ds []*draft) {
	a := r.a
	yes := "Yes"
	if len(r.condLabel) > 0 {
		yes = capitalise(strings.ToLower(r.condLabel[0]))
	}
	a.b.addIf(strings.TrimSuffix(r.gateway, "?"), a.currentActor(), ds)
	if o := a.b.open; o != nil {
		o.name = r.gateway
		o.branches[0].label = yes
		o.spec = "Decision read from the diagram: " + r.gateway
		if len(r.condLabel) > 1 {
			o.branches = append(o.branches, branch{label: capitalise(strings.ToLower(r.condLabel[1]))})
		}
	}
	r.gateway, r.condLabel = "", nil
}

// label reads one label: a condition, start or end label, a decision
// (ending in "?") or an activity.
func (r *labelReader) label(l Label) {
	a := r.a
	text := CleanLabel(l.Text)
	if text == "" {
		return
	}
	r.read = append(r.read, text)
	if len(r.lanes) > 0 {
		a.sectionActor = a.performer(titleCase(r.laneOf(l)))
	}
	switch {
	case conditionLabelRe.MatchString(text):
		if r.gateway != "" {
			r.condLabel = append(r.condLabel, text)
		}
	case startLabelRe.MatchString(text):
		a.b.startName = capitalise(text)
	case endLabelRe.MatchString(text):
		a.b.endName = capitalise(text)
	case strings.HasSuffix(text, "?"):
		if r.gateway != "" {
			r.flushGateway(nil)
		}
		r.gateway = text
	default:
		r.activity(l, a.labelActivity(text))
	}
}

// activity places the step d of label l: the "yes" branch of the
// waiting decision, the other branch when l stands beside that branch's
// box, or the next step.
func (r *labelReader) activity(l Label, d *draft) {
	a := r.a
	switch {
	case r.gateway != "":
		r.flushGateway([]*draft{d})
		if o := a.b.open; o != nil {
			r.branchAt, r.branchGw = &l, o
		}
	case r.branchAt != nil && r.branchGw != nil && a.b.open == r.branchGw && r.sameRank(*r.branchAt, l):
		// a box beside the "yes" box is the other branch
		label := "No"
		for i := range r.branchGw.branches {
			if i > 0 && len(r.branchGw.branches[i].items) == 0 {
				label = r.branchGw.branches[i].label
				r.branchGw.branches = append(r.branchGw.branches[:i], r.branchGw.branches[i+1:]...)
				break
			}
		}
		r.branchGw.branches = append(r.branchGw.branches, branch{label: label, items: acts([]*draft{d})})
		a.b.closeOpen()
		r.branchAt, r.branchGw = nil, nil
	default:
		r.branchAt, r.branchGw = nil, nil
		a.b.add([]*draft{d})
	}
}

// Labeller reads the task labels of one diagram as activities. It keeps
// the reading state across labels the way one document's analyzer does,
// so one Labeller serves one picture.
type Labeller struct{ a *analyzer }

// NewLabeller returns a Labeller for one diagram.
func NewLabeller() *Labeller { return &Labeller{a: newAnalyzer()} }

// SIPOC is the SIPOC of a task box's label, as labelActivity reads it.
func (l *Labeller) SIPOC(label string) process.SIPOC {
	d := l.a.labelActivity(label)
	return process.SIPOC{Suppliers: d.suppliers, Inputs: d.inputs, Outputs: d.outputs, Customers: d.custs, Systems: d.systems}
}

// labelActivity makes an activity from a box label. Labels that read as
// an action ("Receive Order") get the usual SIPOC from their verb and
// object; others keep their text as the name.
func (a *analyzer) labelActivity(text string) *draft {
	if cs := parseClause(text, a.lastObject); len(cs) > 0 && cs[0].leadIn == "" {
		c := cs[0]
		d := a.newDraft(text, c, text)
		d.name = text // the diagram's own wording
		return d
	}
	d := a.newDraft(text, clause{verb: "handle", object: strings.Fields(text)}, text)
	d.name = text
	d.inputs, d.outputs = nil, nil
	return d
}

// CleanLabel trims OCR noise around a label; a label with fewer than two
// letters is noise and comes back empty.
func CleanLabel(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Trim(s, " |_-—–=~.,;:'\"`*+<>()[]{}/\\")
	letters := 0
	for _, r := range s {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 127 {
			letters++
		}
	}
	if letters < 2 {
		return ""
	}
	return s
}

// ReadingOrder sorts labels along the diagram's main direction: left to
// right when the labels spread wider than tall (BPMN, swimlanes), else top
// to bottom (flowcharts). Labels in one column (or row) are read across
// it, so the branches of a decision follow the decision.
func ReadingOrder(ls []Label) []Label {
	if len(ls) < 2 {
		return ls
	}
	widths := make([]int, 0, len(ls))
	heights := make([]int, 0, len(ls))
	for _, l := range ls {
		widths = append(widths, l.Right-l.Left)
		heights = append(heights, l.Bottom-l.Top)
	}
	sort.Ints(widths)
	sort.Ints(heights)
	horizontal := isHorizontal(ls)
	out := append([]Label(nil), ls...)
	if horizontal {
		bucket := max(widths[len(widths)/2]/2, 1)
		sort.SliceStable(out, func(i, j int) bool {
			bi, bj := out[i].cx()/bucket, out[j].cx()/bucket
			if bi != bj {
				return bi < bj
			}
			return out[i].cy() < out[j].cy()
		})
	} else {
		bucket := max(heights[len(heights)/2]*2, 1)
		sort.SliceStable(out, func(i, j int) bool {
			bi, bj := out[i].cy()/bucket, out[j].cy()/bucket
			if bi != bj {
				return bi < bj
			}
			return out[i].cx() < out[j].cx()
		})
	}
	return out
}

// isHorizontal reports whether the labels spread wider than tall, the
// sign of a left-to-right diagram.
func isHorizontal(ls []Label) bool {
	if len(ls) == 0 {
		return true
	}
	minX, maxX, minY, maxY := ls[0].cx(), ls[0].cx(), ls[0].cy(), ls[0].cy()
	for _, l := range ls {
		minX, maxX = min(minX, l.cx()), max(maxX, l.cx())
		minY, maxY = min(minY, l.cy()), max(maxY, l.cy())
	}
	return maxX-minX >= maxY-minY
}

// findLanes picks out swimlane names: in a left-to-right diagram, two or
// more labels at the far left, stacked vertically, that name roles or
// teams. They become participants, and each activity belongs to the lane
// whose name is nearest vertically.
func findLanes(ls []Label) (lanes, rest []Label) {
	if len(ls) < 4 || !isHorizontal(ls) {
		return nil, ls
	}
	minLeft := ls[0].Left
	for _, l := range ls {
		minLeft = min(minLeft, l.Left)
	}
	var cand []int
	for i, l := range ls {
		text := CleanLabel(l.Text)
		if l.Left-minLeft > max(l.LineHeight*3, 1) || text == "" || wordCount(text) > 4 || strings.HasSuffix(text, "?") ||
			startLabelRe.MatchString(text) || endLabelRe.MatchString(text) {
			continue
		}
		if isAgent(titleCase(text)) {
			cand = append(cand, i)
		}
	}
	if len(cand) < 2 {
		return nil, ls
	}
	isLane := map[int]bool{}
	for _, i := range cand {
		isLane[i] = true
		lanes = append(lanes, ls[i])
	}
	for i, l := range ls {
		if !isLane[i] {
			rest = append(rest, l)
		}
	}
	sort.SliceStable(lanes, func(i, j int) bool { return lanes[i].Top < lanes[j].Top })
	return lanes, rest
}

// absInt is |a| (Go's builtin abs is for floats only).
func absInt(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
