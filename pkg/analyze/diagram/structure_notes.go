package diagram

import (
	"fmt"
	"image"
	"sort"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
)

// maxNotes caps the notes of one picture: a user looks at a few places,
// not at a list; the longest unfinished lines come first.
const maxNotes = 3

// note is what the reader says about one place in the picture, on the
// node concerned.
type note struct {
	node int
	text string
}

// traceNotes turns the connectors the recogniser could not finish into
// notes a user can act on: each names the shape(s) to look at and the
// way the line leaves. It leaves out what is no missing flow: dashed
// lines (associations to notes and data, message flows to a pool not
// read), lines that end on a word (a label's underline or leader),
// lines from nodes not in the model. Two halves of one broken line,
// ending close together, make one note naming both ends.
func traceNotes(d vision.Diagram, ids, names []string, words []word) []note {
	type cand struct {
		t    vision.Trace
		long int
	}
	var cs []cand
	onWord := func(p image.Point) bool {
		for _, w := range words {
			r := image.Rect(w.left, w.top, w.left+w.w, w.top+w.h).Inset(-2 * d.Stroke)
			if p.In(r) {
				return true
			}
		}
		return false
	}
	for _, t := range d.Traces {
		if t.Node < 0 || t.Node >= len(ids) || ids[t.Node] == "" || t.Dashed || onWord(t.End) {
			continue
		}
		c := center(d.Shapes[t.Node].Box)
		cs = append(cs, cand{t, absInt(t.End.X-c.X) + absInt(t.End.Y-c.Y)})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].long > cs[j].long })
	near := max(6*d.Stroke, 12)
	var out []note
	used := make([]bool, len(cs))
	noted := map[int]bool{}
	for i, c := range cs {
		if used[i] || noted[c.t.Node] {
			continue
		}
		used[i] = true
		from := describeNode(d, names, c.t.Node)
		var text string
		// the other half of the same line, cut where it crosses something
		other := -1
		for j := i + 1; j < len(cs); j++ {
			o := cs[j].t
			if !used[j] && o.Node != c.t.Node && absInt(o.End.X-c.t.End.X)+absInt(o.End.Y-c.t.End.Y) <= 4*near {
				other = j
				break
			}
		}
		switch {
		case other >= 0:
			used[other] = true
			noted[cs[other].t.Node] = true
			text = fmt.Sprintf("The line between %s and %s could not be followed all the way (it breaks where it crosses something): the flow between them is not drawn; check it.", from, describeNode(d, names, cs[other].t.Node))
		default:
			if k := shapeNear(d, c.t.End, near, c.t.Node); k >= 0 {
				text = fmt.Sprintf("A line leaving %s stops just short of %s: the flow between them is not drawn; check it.", from, describeNode(d, names, k))
			} else {
				text = fmt.Sprintf("A line leaving %s %s ends at no shape that could be read: a flow or a step may be missing there.", from, direction(c.t.Start, c.t.End))
			}
		}
		noted[c.t.Node] = true
		out = append(out, note{node: c.t.Node, text: text})
		if len(out) == maxNotes {
			break
		}
	}
	return out
}

// describeNode names a shape for a note: its label in quotes, or what
// it is when it has none.
func describeNode(d vision.Diagram, names []string, i int) string {
	if names[i] != "" {
		return fmt.Sprintf("%q", names[i])
	}
	s := d.Shapes[i]
	what := map[vision.Kind]string{vision.Task: "an unnamed box", vision.Gateway: "an unnamed diamond", vision.Event: "an unnamed circle"}[s.Kind]
	// the named shape a flow joins it to says which one
	for _, f := range d.Flows {
		switch {
		case f.To == i && names[f.From] != "":
			return fmt.Sprintf("%s after %q", what, names[f.From])
		case f.From == i && names[f.To] != "":
			return fmt.Sprintf("%s before %q", what, names[f.To])
		}
	}
	return what
}

// shapeNear is the shape other than from whose box lies within reach of
// p, or -1.
func shapeNear(d vision.Diagram, p image.Point, reach, from int) int {
	best, bestD := -1, reach+1
	for i, s := range d.Shapes {
		if i == from {
			continue
		}
		b := s.Box
		dx := max(0, b.Min.X-p.X, p.X-b.Max.X)
		dy := max(0, b.Min.Y-p.Y, p.Y-b.Max.Y)
		if dd := max(dx, dy); dd < bestD {
			best, bestD = i, dd
		}
	}
	return best
}

// direction says which way a line runs from a to b, as a person would.
func direction(a, b image.Point) string {
	dx, dy := b.X-a.X, b.Y-a.Y
	switch {
	case absInt(dx) >= absInt(dy) && dx >= 0:
		return "to the right"
	case absInt(dx) >= absInt(dy):
		return "to the left"
	case dy > 0:
		return "downwards"
	}
	return "upwards"
}
