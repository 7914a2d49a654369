package export

import (
	"math"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// canvas is what the drawer draws on: a PDF page, or the vector recorder
// behind the SVG and PNG exports (vector.go), so that all three share one
// geometry. Coordinates are PDF points (y up); op takes path operators of
// the PDF content stream (m, l, c, h, re, S, B, f, d).
type canvas interface {
	op(format string, args ...any)
	stroke(r, g, b, width float64)
	fill(r, g, b float64)
	rect(x, y, w, h float64, mode string)
	text(x, y float64, fontName string, size float64, s []byte)
	rotatedText(x, y float64, fontName string, size float64, s []byte)
}

// drawer maps diagram coordinates (y down, pixels) to PDF points (y up).
type drawer struct {
	p   canvas
	s   float64
	ox  float64
	top float64
	min point
}

func (d *drawer) x(v float64) float64 { return d.ox + (v-d.min.X)*d.s }
func (d *drawer) y(v float64) float64 { return d.top - (v-d.min.Y)*d.s }

func (d *drawer) draw(g *diagram) {
	// pools and lanes first, then expanded sub-processes (outlines only,
	// largest first), then flows, then the other nodes on top
	holds := containers(g)
	for _, s := range g.Shapes {
		if isPoolOrLane(s.Kind) {
			d.container(s)
		}
	}
	for _, i := range holds {
		d.subProcess(g.Shapes[i])
	}
	for _, e := range g.Edges {
		d.edge(e)
	}
	isHolder := map[int]bool{}
	for _, i := range holds {
		isHolder[i] = true
	}
	for i, s := range g.Shapes {
		if !isPoolOrLane(s.Kind) && !isHolder[i] {
			d.node(s)
		}
	}
}

// containers returns the shapes (other than pools and lanes) that hold
// other shapes, such as expanded sub-processes, largest first: drawn
// filled on top they would hide their content.
func containers(g *diagram) []int {
	var out []int
	for i, s := range g.Shapes {
		if isPoolOrLane(s.Kind) || parse.IsEvent(s.Kind) || parse.IsGateway(s.Kind) {
			continue
		}
		b := s.Bounds
		for j, o := range g.Shapes {
			cx, cy := o.Bounds.X+o.Bounds.W/2, o.Bounds.Y+o.Bounds.H/2
			if j != i && !isPoolOrLane(o.Kind) && o.Bounds.W*o.Bounds.H < b.W*b.H &&
				cx > b.X && cx < b.X+b.W && cy > b.Y && cy < b.Y+b.H {
				out = append(out, i)
				break
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		ra, rb := g.Shapes[out[a]].Bounds, g.Shapes[out[b]].Bounds
		return ra.W*ra.H > rb.W*rb.H
	})
	return out
}

// subProcess draws an expanded sub-process: its outline and its name at
// the top.
func (d *drawer) subProcess(s diShape) {
	b := s.Bounds
	x, y, w, h := d.x(b.X), d.y(b.Y+b.H), b.W*d.s, b.H*d.s
	d.p.stroke(0, 0, 0, 1.2*d.s+0.2)
	d.roundRectMode(x, y, w, h, math.Min(10*d.s, h/4), "S")
	d.boxText(s.Name, x+4*d.s, y+h-18*d.s, w-8*d.s, 16*d.s, true)
}

func (d *drawer) container(s diShape) {
	b := s.Bounds
	p := d.p
	p.stroke(0.25, 0.25, 0.25, 0.8*d.s+0.2)
	p.rect(d.x(b.X), d.y(b.Y+b.H), b.W*d.s, b.H*d.s, "S")
	head := 30.0
	p.op("%s %s m %s %s l S", f2(d.x(b.X+head)), f2(d.y(b.Y)), f2(d.x(b.X+head)), f2(d.y(b.Y+b.H)))
	if s.Name != "" {
		size := math.Max(3, 11*d.s)
		txt := encode(s.Name)
		tw := textWidth(txt, fontRegular, size)
		maxW := b.H * d.s
		for tw > maxW && len(txt) > 6 { // more than three characters
			txt = append(txt[:len(txt)-8], encode("...")...)
			tw = textWidth(txt, fontRegular, size)
		}
		p.fill(0, 0, 0)
		cx := d.x(b.X+head/2) + size*0.35
		cy := d.y(b.Y+b.H/2) - tw/2
		p.rotatedText(cx, cy, fontRegular, size, txt)
	}
}

// isPoolOrLane reports whether kind is drawn as a band holding nodes.
func isPoolOrLane(kind string) bool { return kind == parse.KindParticipant || kind == parse.KindLane }

func (d *drawer) node(s diShape) {
	b := s.Bounds
	p := d.p
	x, y, w, h := d.x(b.X), d.y(b.Y+b.H), b.W*d.s, b.H*d.s
	cx, cy := x+w/2, y+h/2
	lw := 1.2*d.s + 0.2
	switch {
	case parse.IsGateway(s.Kind):
		p.fill(1, 1, 1)
		p.stroke(0, 0, 0, lw)
		p.op("%s %s m %s %s l %s %s l %s %s l h B", f2(cx), f2(y+h), f2(x+w), f2(cy), f2(cx), f2(y), f2(x), f2(cy))
		m := w * 0.18
		switch s.Kind {
		case parse.KindExclusiveGateway:
			p.stroke(0, 0, 0, lw*2)
			p.op("%s %s m %s %s l S %s %s m %s %s l S", f2(cx-m), f2(cy-m), f2(cx+m), f2(cy+m), f2(cx-m), f2(cy+m), f2(cx+m), f2(cy-m))
		case parse.KindParallelGateway:
			p.stroke(0, 0, 0, lw*2)
			p.op("%s %s m %s %s l S %s %s m %s %s l S", f2(cx-m*1.3), f2(cy), f2(cx+m*1.3), f2(cy), f2(cx), f2(cy-m*1.3), f2(cx), f2(cy+m*1.3))
		case parse.KindInclusiveGateway:
			p.stroke(0, 0, 0, lw*1.5)
			d.circle(cx, cy, m*1.3, "S")
		case parse.KindEventBasedGateway:
			p.stroke(0, 0, 0, lw)
			d.circle(cx, cy, m*1.4, "S")
		}
		d.label(s.Name, s.Label, b, true)
	case parse.IsEvent(s.Kind):
		p.fill(1, 1, 1)
		width := lw
		if s.Kind == parse.KindEndEvent {
			width = lw * 3
		}
		p.stroke(0, 0, 0, width)
		d.circle(cx, cy, w/2, "B")
		if s.Kind == parse.KindIntermediateCatchEvent || s.Kind == parse.KindIntermediateThrowEvent || s.Kind == parse.KindBoundaryEvent {
			p.stroke(0, 0, 0, lw)
			d.circle(cx, cy, w/2-2.5*d.s, "S")
		}
		d.marker(s.Marker, cx, cy, w)
		d.label(s.Name, s.Label, b, true)
	case s.Kind == parse.KindTextAnnotation:
		p.stroke(0.3, 0.3, 0.3, lw)
		br := math.Min(10*d.s, w/4)
		p.op("%s %s m %s %s l %s %s l %s %s l S", f2(x+br), f2(y+h), f2(x), f2(y+h), f2(x), f2(y), f2(x+br), f2(y))
		d.boxText(s.Name, x+3*d.s, y, w-6*d.s, h, false)
	case s.Kind == parse.KindDataObjectReference || s.Kind == parse.KindDataStoreReference:
		p.fill(1, 1, 1)
		p.stroke(0, 0, 0, lw)
		p.rect(x, y, w, h, "B")
		d.label(s.Name, s.Label, b, true)
	default: // activities and anything unknown
		p.fill(1, 1, 1)
		p.stroke(0, 0, 0, lw)
		d.roundRect(x, y, w, h, math.Min(10*d.s, h/4))
		d.boxText(s.Name, x+4*d.s, y, w-8*d.s, h, true)
		if s.Kind == parse.KindUserTask || s.Kind == parse.KindServiceTask {
			p.fill(0.4, 0.4, 0.4)
			tag := "user"
			if s.Kind == parse.KindServiceTask {
				tag = "service"
			}
			p.text(x+4*d.s, y+h-9*d.s, fontRegular, math.Max(2.5, 7*d.s), encode(tag))
		}
	}
}

// marker draws a hint of the event definition inside an event circle.
func (d *drawer) marker(kind string, cx, cy, w float64) {
	r := w * 0.22
	p := d.p
	p.stroke(0, 0, 0, 0.6*d.s+0.1)
	switch kind {
	case "timerEventDefinition":
		d.circle(cx, cy, r, "S")
		p.op("%s %s m %s %s l %s %s l S", f2(cx), f2(cy+r*0.8), f2(cx), f2(cy), f2(cx+r*0.6), f2(cy))
	case "messageEventDefinition":
		p.rect(cx-r, cy-r*0.7, 2*r, 1.4*r, "S")
		p.op("%s %s m %s %s l %s %s l S", f2(cx-r), f2(cy+r*0.7), f2(cx), f2(cy), f2(cx+r), f2(cy+r*0.7))
	case "signalEventDefinition":
		p.op("%s %s m %s %s l %s %s l h S", f2(cx), f2(cy+r), f2(cx+r), f2(cy-r*0.7), f2(cx-r), f2(cy-r*0.7))
	case "errorEventDefinition":
		p.op("%s %s m %s %s l %s %s l %s %s l S", f2(cx-r), f2(cy-r), f2(cx-r*0.3), f2(cy+r*0.5), f2(cx+r*0.3), f2(cy-r*0.5), f2(cx+r), f2(cy+r))
	}
}

func (d *drawer) edge(e diEdge) {
	p := d.p
	lw := 0.9*d.s + 0.15
	dashed := e.Kind == parse.KindAssociation || e.Kind == parse.KindMessageFlow || e.Kind == parse.KindDataInputAssociation || e.Kind == parse.KindDataOutputAssociation
	p.stroke(0.1, 0.1, 0.1, lw)
	if dashed {
		p.op("[%s %s] 0 d", f2(3*d.s+0.5), f2(3*d.s+0.5))
	}
	var b strings.Builder
	for i, pt := range e.Points {
		op := "l"
		if i == 0 {
			op = "m"
		}
		b.WriteString(f2(d.x(pt.X)) + " " + f2(d.y(pt.Y)) + " " + op + " ")
	}
	b.WriteString("S")
	p.op("%s", b.String())
	if dashed {
		p.op("[] 0 d")
	}
	if e.Kind == parse.KindSequenceFlow || e.Kind == parse.KindMessageFlow {
		n := len(e.Points)
		a, z := e.Points[n-2], e.Points[n-1]
		d.arrow(d.x(a.X), d.y(a.Y), d.x(z.X), d.y(z.Y))
	}
	if e.Name != "" {
		if e.Label != nil {
			d.label(e.Name, e.Label, rect{}, false)
		} else {
			m := e.Points[len(e.Points)/2]
			d.label(e.Name, &rect{m.X + 3, m.Y - 14, 80, 14}, rect{}, false)
		}
	}
}

func (d *drawer) arrow(x1, y1, x2, y2 float64) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	size := 8 * d.s
	bx, by := x2-ux*size, y2-uy*size
	px, py := -uy*size*0.4, ux*size*0.4
	d.p.fill(0.1, 0.1, 0.1)
	d.p.op("%s %s m %s %s l %s %s l h f", f2(x2), f2(y2), f2(bx+px), f2(by+py), f2(bx-px), f2(by-py))
}

// circle approximates a circle with four Bézier curves.
func (d *drawer) circle(cx, cy, r float64, mode string) {
	k := 0.5523 * r
	d.p.op("%s %s m %s %s %s %s %s %s c %s %s %s %s %s %s c %s %s %s %s %s %s c %s %s %s %s %s %s c %s",
		f2(cx+r), f2(cy),
		f2(cx+r), f2(cy+k), f2(cx+k), f2(cy+r), f2(cx), f2(cy+r),
		f2(cx-k), f2(cy+r), f2(cx-r), f2(cy+k), f2(cx-r), f2(cy),
		f2(cx-r), f2(cy-k), f2(cx-k), f2(cy-r), f2(cx), f2(cy-r),
		f2(cx+k), f2(cy-r), f2(cx+r), f2(cy-k), f2(cx+r), f2(cy), mode)
}

func (d *drawer) roundRect(x, y, w, h, r float64) {
	d.roundRectMode(x, y, w, h, r, "B")
}

// roundRectMode draws a rounded rectangle, filled and stroked ("B") or
// stroked only ("S").
func (d *drawer) roundRectMode(x, y, w, h, r float64, mode string) {
	k := 0.5523 * r
	d.p.op("%s %s m %s %s l %s %s %s %s %s %s c %s %s l %s %s %s %s %s %s c %s %s l %s %s %s %s %s %s c %s %s l %s %s %s %s %s %s c %s",
		f2(x+r), f2(y),
		f2(x+w-r), f2(y), f2(x+w-r+k), f2(y), f2(x+w), f2(y+r-k), f2(x+w), f2(y+r),
		f2(x+w), f2(y+h-r), f2(x+w), f2(y+h-r+k), f2(x+w-r+k), f2(y+h), f2(x+w-r), f2(y+h),
		f2(x+r), f2(y+h), f2(x+r-k), f2(y+h), f2(x), f2(y+h-r+k), f2(x), f2(y+h-r),
		f2(x), f2(y+r), f2(x), f2(y+r-k), f2(x+r-k), f2(y), f2(x+r), f2(y), mode)
}

// boxText writes wrapped text inside a box (PDF coordinates, y = bottom).
func (d *drawer) boxText(text string, x, y, w, h float64, center bool) {
	if strings.TrimSpace(text) == "" || w <= 0 {
		return
	}
	size := math.Max(2.5, 10*d.s)
	lh := size * 1.2
	if fit := wordFit(text, size, w, maxWordW*d.s); fit > w {
		if center {
			x -= (fit - w) / 2
		}
		w = fit
	}
	lines := wrap(text, fontRegular, size, w)
	maxLines := int(h / lh)
	if maxLines < 1 {
		maxLines = 1
	}
	if len(lines) > maxLines {
		lines = append(lines[:maxLines-1], append(append([]byte{}, lines[maxLines-1]...), encode("…")...))
	}
	total := float64(len(lines)) * lh
	top := y + h/2 + total/2
	if !center {
		top = y + h - 2
	}
	d.p.fill(0, 0, 0)
	for i, line := range lines {
		tx := x
		if center {
			tx = x + (w-textWidth(line, fontRegular, size))/2
		}
		d.p.text(tx, top-float64(i+1)*lh+size*0.25, fontRegular, size, line)
	}
}

// label writes an external label into its DI bounds, or below the shape.
func (d *drawer) label(text string, bounds *rect, shape rect, below bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	var r rect
	switch {
	case bounds != nil && bounds.W > 0:
		r = *bounds
	case below:
		r = rect{shape.X + shape.W/2 - 45, shape.Y + shape.H + 4, 90, 28}
	default:
		return
	}
	size := math.Max(2.5, 9*d.s)
	lines := wrap(text, fontRegular, size, wordFit(text, size, math.Max(r.W*d.s, 20*d.s), maxWordW*d.s))
	lh := size * 1.2
	d.p.fill(0.1, 0.1, 0.1)
	for i, line := range lines {
		tw := textWidth(line, fontRegular, size)
		tx := d.x(r.X+r.W/2) - tw/2
		d.p.text(tx, d.y(r.Y)-float64(i+1)*lh+size*0.25, fontRegular, size, line)
	}
}

// maxWordW bounds, in diagram pixels, the width a label is widened to for
// one word: a longer one (a pasted URL) is still cut.
const maxWordW = 240

// wordFit is the width w to wrap text in, widened to its widest word (at
// most maxW) when a file's shape or label bounds are narrower than that
// word: "Approved?" in a narrow task reads on one line, past the bounds,
// instead of cut into "Approve" and "d?".
func wordFit(text string, size, w, maxW float64) float64 {
	widest := 0.0
	for _, word := range strings.Fields(text) {
		widest = math.Max(widest, textWidth(encode(word), fontRegular, size))
	}
	// a little over the word, so that rounding in wrap's sums never
	// finds it a hair too wide
	return math.Max(w, math.Min(widest+size*0.05, maxW))
}
