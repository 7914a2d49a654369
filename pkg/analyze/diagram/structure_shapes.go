package diagram

import (
	"image"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
	"github.com/spade-bpmn/spade/pkg/analyze/text"
	"github.com/spade-bpmn/spade/pkg/process"
)

// frameTitle is a flowchart frame's name: the first line of the words
// in its header strip (an edge label lower down in the strip is no part
// of it).
func frameTitle(ws []word) string {
	if len(ws) == 0 {
		return ""
	}
	top := ws[0]
	for _, w := range ws {
		if w.top < top.top {
			top = w
		}
	}
	var line []word
	for _, w := range ws {
		if absInt((w.top+w.h/2)-(top.top+top.h/2)) <= max(top.h, w.h)/2 {
			line = append(line, w)
		}
	}
	return text.CleanLabel(joinLines(line))
}

// gatewayType is the BPMN gateway type of a diamond's marker; an empty
// diamond is exclusive.
func gatewayType(mk vision.Marker) string {
	switch mk {
	case vision.MarkerParallel:
		return process.GatewayParallel
	case vision.MarkerInclusive:
		return process.GatewayInclusive
	case vision.MarkerEventBased:
		return process.GatewayEventBased
	}
	return process.GatewayExclusive
}

// eventType reads the circle's outline, corrected by its connections: a
// thin circle nothing flows into starts, a thick one ends, a double one
// waits in between (unless it is empty and nothing leaves it); a circle
// with flows on both sides is intermediate whatever its outline.
func eventType(s vision.Shape, in, out int) string {
	switch {
	case in > 0 && out > 0:
		return process.EventIntermediate
	case s.Ring == vision.Thick || (in > 0 && out == 0 && (s.Ring != vision.Double || s.Icon == vision.NoIcon)):
		// a plain double circle that only flows come into ends the
		// process: a flowchart's end (Mermaid's, Graphviz's), as an
		// intermediate event would have to lead on
		return process.EventEnd
	case s.Ring == vision.Thin || in == 0:
		// a double ring that something flows out of but nothing into
		// starts: a message flow's arrowhead against a start event's
		// ring looks like an inner ring
		if s.Ring == vision.Double && out == 0 {
			return process.EventIntermediate
		}
		return process.EventStart
	}
	return process.EventIntermediate
}

// attachedTo is the task whose border the event's centre sits on (a
// boundary event), or -1.
func attachedTo(shapes []vision.Shape, ev int) int {
	c := center(shapes[ev].Box)
	r := shapes[ev].Box.Dx() / 2
	for i, s := range shapes {
		if s.Kind != vision.Task {
			continue
		}
		b := s.Box
		if !c.In(b.Inset(-r)) {
			continue
		}
		dx := min(absInt(c.X-b.Min.X), absInt(c.X-b.Max.X))
		dy := min(absInt(c.Y-b.Min.Y), absInt(c.Y-b.Max.Y))
		if min(dx, dy) <= r/2 {
			return i
		}
	}
	return -1
}

// nearestLabelled is the gateway or event a free label names: just
// above or below it, overlapping it sideways. It returns -1 when none is
// close.
func nearestLabelled(shapes []vision.Shape, lb image.Rectangle) (int, float64) {
	best, bestD := -1, math.Inf(1)
	for i, s := range shapes {
		if s.Kind == vision.Task {
			continue
		}
		b := s.Box
		reach := b.Dy()
		if lb.Max.X < b.Min.X-b.Dx() || lb.Min.X > b.Max.X+b.Dx() {
			continue
		}
		var gap int
		switch {
		case lb.Min.Y >= b.Max.Y:
			gap = lb.Min.Y - b.Max.Y
		case lb.Max.Y <= b.Min.Y:
			gap = b.Min.Y - lb.Max.Y
		default:
			gap = 0
		}
		if gap > reach {
			continue
		}
		dx := math.Abs(float64(center(lb).X - center(b).X))
		d := float64(gap) + dx/2
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best, bestD
}

// nearestFlow is the flow whose line passes closest to a label.
func nearestFlow(flows []vision.Flow, lb image.Rectangle) (int, float64) {
	best, bestD := -1, math.Inf(1)
	for i, f := range flows {
		for _, p := range f.Path {
			dx := max(0, max(lb.Min.X-p.X, p.X-lb.Max.X))
			dy := max(0, max(lb.Min.Y-p.Y, p.Y-lb.Max.Y))
			if d := math.Hypot(float64(dx), float64(dy)); d < bestD {
				best, bestD = i, d
			}
		}
	}
	return best, bestD
}

// joinLines reads the words of one box line by line, top to bottom.
func joinLines(ws []word) string {
	if len(ws) == 0 {
		return ""
	}
	ws = append([]word(nil), ws...)
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].top < ws[j].top })
	var lines [][]word
	for _, w := range ws {
		if k := len(lines) - 1; k >= 0 {
			last := lines[k][0]
			if absInt((w.top+w.h/2)-(last.top+last.h/2)) <= max(last.h, w.h)/2 {
				lines[k] = append(lines[k], w)
				continue
			}
		}
		lines = append(lines, []word{w})
	}
	var parts []string
	for _, l := range lines {
		sort.SliceStable(l, func(i, j int) bool { return l[i].left < l[j].left })
		for _, w := range l {
			parts = append(parts, w.text)
		}
	}
	return strings.Join(parts, " ")
}

// wide reports whether a shape is drawn wider than high around its text,
// as flowcharts draw their ovals and diamonds; BPMN's are as wide as high.
func wide(s vision.Shape) bool { return s.Inner.Dx()*4 >= s.Inner.Dy()*5 }

// holdsText reports whether the words inside a shape are its name: a
// box's always, a flowchart's oval or diamond's too, and a diamond's
// when they make a word (a BPMN marker read by OCR is a letter or a
// sign, dropped later).
func holdsText(s vision.Shape) bool {
	return s.Kind == vision.Task || s.Kind == vision.Gateway || wide(s)
}

// letters counts the letters of a label.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

func area(r image.Rectangle) int { return r.Dx() * r.Dy() }

func center(r image.Rectangle) image.Point {
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
}
