package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// recorder is the canvas of the SVG and PNG exports: it keeps what the
// drawer (draw.go, the PDF's own drawing code) draws as a display list of
// paths and text lines, so that the picture files show exactly the PDF's
// geometry. It understands the subset of PDF path operators the drawer
// writes: m, l, c, h, re, the painting operators S, B, f and n, and the
// dash operator d; colour and line width come through stroke and fill.
type recorder struct {
	w, h  float64 // canvas size in points (= pixels of the picture)
	items []item

	strokeRGB [3]float64
	fillRGB   [3]float64
	lineW     float64
	dash      []float64

	cur      []seg // path under construction
	operands []float64
	inDash   bool
	dashArr  []float64
	// budget bounds the path segments recorded; a diagram over it stops
	// drawing (parse.MaxElements and maxWaypoints keep real files far below).
	budget int
	over   bool
}

// seg is one path segment in canvas coordinates (y up): 'M' move, 'L'
// line, 'C' cubic Bézier (three points), 'Z' close.
type seg struct {
	op byte
	p  [3]point
}

// item is one drawn thing: a path filled and/or stroked, or a text line.
type item struct {
	path   []seg
	fill   bool
	stroke bool
	fillC  [3]float64
	strokC [3]float64
	width  float64
	dash   []float64

	// text
	text     []byte // encoded, in drawing order (visual)
	fontName string
	size     float64
	at       point
	rotated  bool
}

// maxRecordedSegments bounds a picture's path segments (a 2,000-node
// model draws about 60,000).
const maxRecordedSegments = 2_000_000

func newRecorder(w, h float64) *recorder {
	return &recorder{w: w, h: h, lineW: 1, budget: maxRecordedSegments}
}

func (r *recorder) stroke(cr, cg, cb, width float64) {
	r.strokeRGB = [3]float64{cr, cg, cb}
	r.lineW = width
}

func (r *recorder) fill(cr, cg, cb float64) { r.fillRGB = [3]float64{cr, cg, cb} }

func (r *recorder) rect(x, y, w, h float64, mode string) {
	r.op("%s %s %s %s re %s", f2(x), f2(y), f2(w), f2(h), mode)
}

func (r *recorder) text(x, y float64, fontName string, size float64, s []byte) {
	r.items = append(r.items, item{text: visual(s), fontName: fontName, size: size, at: point{x, y}, fillC: r.fillRGB})
}

func (r *recorder) rotatedText(x, y float64, fontName string, size float64, s []byte) {
	r.items = append(r.items, item{text: visual(s), fontName: fontName, size: size, at: point{x, y}, fillC: r.fillRGB, rotated: true})
}

// op interprets path operators. Numbers are operands; an unknown operator
// is ignored (the drawer writes none).
func (r *recorder) op(format string, args ...any) {
	for _, tok := range strings.Fields(fmt.Sprintf(format, args...)) {
		if r.inDash || strings.HasPrefix(tok, "[") {
			r.dashToken(tok)
			continue
		}
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			r.operands = append(r.operands, v)
			continue
		}
		r.operator(tok)
		r.operands = r.operands[:0]
	}
}

// dashToken reads the dash array "[a b]" (or "[]").
func (r *recorder) dashToken(tok string) {
	if strings.HasPrefix(tok, "[") {
		r.inDash = true
		r.dashArr = r.dashArr[:0]
		tok = tok[1:]
	}
	end := strings.HasSuffix(tok, "]")
	tok = strings.TrimSuffix(tok, "]")
	if v, err := strconv.ParseFloat(tok, 64); err == nil && v > 0 {
		r.dashArr = append(r.dashArr, v)
	}
	if end {
		r.inDash = false
		r.dash = append([]float64(nil), r.dashArr...)
	}
}

func (r *recorder) add(s seg) {
	if r.budget <= 0 {
		r.over = true
		return
	}
	r.budget--
	r.cur = append(r.cur, s)
}

func (r *recorder) operator(op string) {
	a := r.operands
	switch op {
	case "m":
		if len(a) >= 2 {
			r.add(seg{op: 'M', p: [3]point{{a[0], a[1]}}})
		}
	case "l":
		if len(a) >= 2 {
			r.add(seg{op: 'L', p: [3]point{{a[0], a[1]}}})
		}
	case "c":
		if len(a) >= 6 {
			r.add(seg{op: 'C', p: [3]point{{a[0], a[1]}, {a[2], a[3]}, {a[4], a[5]}}})
		}
	case "h":
		r.add(seg{op: 'Z'})
	case "re":
		if len(a) >= 4 {
			x, y, w, h := a[0], a[1], a[2], a[3]
			r.add(seg{op: 'M', p: [3]point{{x, y}}})
			r.add(seg{op: 'L', p: [3]point{{x + w, y}}})
			r.add(seg{op: 'L', p: [3]point{{x + w, y + h}}})
			r.add(seg{op: 'L', p: [3]point{{x, y + h}}})
			r.add(seg{op: 'Z'})
		}
	case "S", "B", "f", "s", "b", "n":
		if len(r.cur) > 0 && op != "n" {
			it := item{path: r.cur, fillC: r.fillRGB, strokC: r.strokeRGB, width: r.lineW, dash: r.dash}
			it.fill = op == "B" || op == "f" || op == "b"
			it.stroke = op == "S" || op == "B" || op == "s" || op == "b"
			if op == "s" || op == "b" {
				it.path = append(it.path, seg{op: 'Z'})
			}
			r.items = append(r.items, it)
		}
		r.cur = nil
	}
}

// svgColor is a colour in #rrggbb.
func svgColor(c [3]float64) string {
	v := func(f float64) int { return int(math.Round(math.Max(0, math.Min(1, f)) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", v(c[0]), v(c[1]), v(c[2]))
}
