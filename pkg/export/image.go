package export

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// Picture exports of the diagram: SVG and PNG drawn by the PDF's drawing
// code (draw.go) through the recorder (vector.go), so that the API gives
// the same picture without a browser. The PNG is rasterised in pure Go with
// golang.org/x/image/vector (already a dependency, kept by the Go team);
// glyphs are the embedded fonts' outlines (sfnt), the same fonts the PDF
// embeds.

// Content types of the picture formats.
const (
	TypeSVG = "image/svg+xml"
	TypePNG = "image/png"
)

// Bounds of the PNG export. A picture over MaxPNGPixels at the asked scale
// is drawn at the largest scale that fits (DiagramPNG returns it): the
// image is 8-bit grey (the drawing uses greys only), so the bound is also
// the picture's memory in bytes.
const (
	MinPNGScale  = 0.25
	MaxPNGScale  = 4.0
	MaxPNGPixels = 24_000_000
	MaxPNGSide   = 16_384
)

// ErrNoDiagram is the cause when the BPMN has no diagram interchange to
// draw (or none could be read).
var ErrNoDiagram = errNoDiagram

// ErrBadScale is the cause of a PNG scale outside [MinPNGScale,
// MaxPNGScale].
var ErrBadScale = errors.New("export: png scale out of range")

// ScaleDetail is the message for ErrBadScale.
var ScaleDetail = fmt.Sprintf("The PNG scale must be between %g and %g (1 draws the diagram at its own size).", MinPNGScale, MaxPNGScale)

// diagramCanvas lays the diagram on a recorder at scale s: one canvas
// unit is one pixel of the picture.
func diagramCanvas(ctx context.Context, bpmnXML []byte, s float64) (*recorder, error) {
	if len(bpmnXML) == 0 {
		return nil, failure.Permanent("This analysis has no diagram yet.", ErrNoDiagram)
	}
	d, err := parseDiagram(bpmnXML)
	if err != nil {
		return nil, failure.Permanent("The analysis' diagram cannot be drawn: its BPMN has no readable diagram.", errors.Join(ErrNoDiagram, err))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return drawOn(d, s), nil
}

// drawOn draws d at scale s on a fresh recorder sized to it.
func drawOn(d *diagram, s float64) *recorder {
	w, h := (d.Max.X-d.Min.X+20)*s, (d.Max.Y-d.Min.Y+20)*s
	rec := newRecorder(math.Ceil(w), math.Ceil(h))
	dr := &drawer{p: rec, s: s, ox: 0, top: rec.h, min: point{d.Min.X - 10, d.Min.Y - 10}}
	dr.draw(d)
	return rec
}

// DiagramSVG draws the stored BPMN's diagram as an SVG document (one
// unit per BPMN pixel). It stops with ctx's error when ctx ends.
func DiagramSVG(ctx context.Context, bpmnXML []byte) ([]byte, error) {
	rec, err := diagramCanvas(ctx, bpmnXML, 1)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n"+
		`<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n"+
		`<g font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n",
		f2(rec.w), f2(rec.h), f2(rec.w), f2(rec.h))
	for i, it := range rec.items {
		if i%512 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("svg: %w", err)
			}
		}
		if it.text != nil {
			svgText(&b, rec.h, it)
			continue
		}
		svgPath(&b, rec.h, it)
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Bytes(), nil
}

func svgPath(b *bytes.Buffer, h float64, it item) {
	b.WriteString(`<path d="`)
	for _, s := range it.path {
		switch s.op {
		case 'M', 'L':
			fmt.Fprintf(b, "%c%s %s", s.op, f2(s.p[0].X), f2(h-s.p[0].Y))
		case 'C':
			fmt.Fprintf(b, "C%s %s %s %s %s %s", f2(s.p[0].X), f2(h-s.p[0].Y), f2(s.p[1].X), f2(h-s.p[1].Y), f2(s.p[2].X), f2(h-s.p[2].Y))
		case 'Z':
			b.WriteByte('Z')
		}
	}
	b.WriteString(`" fill="`)
	if it.fill {
		b.WriteString(svgColor(it.fillC))
	} else {
		b.WriteString("none")
	}
	b.WriteByte('"')
	if it.stroke {
		fmt.Fprintf(b, ` stroke="%s" stroke-width="%s" stroke-linejoin="round"`, svgColor(it.strokC), f2(it.width))
		if len(it.dash) > 0 {
			b.WriteString(` stroke-dasharray="`)
			for i, v := range it.dash {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(f2(v))
			}
			b.WriteByte('"')
		}
	}
	b.WriteString("/>\n")
}

func svgText(b *bytes.Buffer, h float64, it item) {
	rs := make([]byte, 0, len(it.text))
	rtl := false
	for i := 0; i+1 < len(it.text); i += 2 {
		c := rune(char(it.text, i))
		if c >= 0x590 && c < 0x900 || c >= 0xfb1d && c <= 0xfefc {
			rtl = true
		}
		rs = utf8.AppendRune(rs, c)
	}
	x, y := it.at.X, h-it.at.Y
	fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s"`, f2(x), f2(y), f2(it.size))
	if it.fontName == fontBold {
		b.WriteString(` font-weight="bold"`)
	}
	if c := svgColor(it.fillC); c != "#000000" {
		fmt.Fprintf(b, ` fill="%s"`, c)
	}
	if it.rotated {
		fmt.Fprintf(b, ` transform="rotate(-90 %s %s)"`, f2(x), f2(y))
	}
	if rtl {
		// The recorder holds the line in drawing order already.
		b.WriteString(` direction="ltr" unicode-bidi="bidi-override"`)
	}
	b.WriteByte('>')
	xml.EscapeText(b, rs) //nolint:errcheck // bytes.Buffer never fails
	b.WriteString("</text>\n")
}

// DiagramPNG draws the stored BPMN's diagram as a PNG at scale (pixels
// per BPMN pixel, MinPNGScale to MaxPNGScale; ErrBadScale outside). When
// the picture would be larger than MaxPNGPixels or MaxPNGSide the scale is
// lowered to fit; the scale used is returned. It stops with ctx's error
// when ctx ends.
func DiagramPNG(ctx context.Context, bpmnXML []byte, scale float64) ([]byte, float64, error) {
	if !(scale >= MinPNGScale && scale <= MaxPNGScale) { // also NaN
		return nil, 0, failure.Permanent(ScaleDetail, ErrBadScale)
	}
	if len(bpmnXML) == 0 {
		return nil, 0, failure.Permanent("This analysis has no diagram yet.", ErrNoDiagram)
	}
	d, err := parseDiagram(bpmnXML)
	if err != nil {
		return nil, 0, failure.Permanent("The analysis' diagram cannot be drawn: its BPMN has no readable diagram.", errors.Join(ErrNoDiagram, err))
	}
	w, h := d.Max.X-d.Min.X+20, d.Max.Y-d.Min.Y+20
	s := fitScale(w, h, scale)
	rec := drawOn(d, s)
	img, err := rasterise(ctx, rec)
	if err != nil {
		return nil, 0, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, 0, fmt.Errorf("png: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, fmt.Errorf("png: %w", err)
	}
	return b.Bytes(), s, nil
}

// fitScale lowers scale until a w×h picture fits the PNG bounds.
func fitScale(w, h, scale float64) float64 {
	s := scale
	if px := math.Ceil(w*s) * math.Ceil(h*s); px > MaxPNGPixels {
		s = math.Sqrt(MaxPNGPixels/(w*h)) * 0.999
	}
	if side := math.Max(w, h) * s; side > MaxPNGSide {
		s = MaxPNGSide / math.Max(w, h) * 0.999
	}
	return s
}

// raster paints a recorder's items on a grey image.
type raster struct {
	img   *image.Gray
	z     vector.Rasterizer
	mask  *image.Alpha
	fonts map[string]*sfnt.Font
	buf   sfnt.Buffer
	sh    vshape
}

func rasterise(ctx context.Context, rec *recorder) (*image.Gray, error) {
	W, H := int(rec.w), int(rec.h)
	if W < 1 || H < 1 || W > MaxPNGSide+1 || H > MaxPNGSide+1 || W*H > MaxPNGPixels+2*MaxPNGSide {
		return nil, fmt.Errorf("png: picture of %d×%d pixels is over the bounds", W, H)
	}
	r := &raster{img: image.NewGray(image.Rect(0, 0, W, H)), fonts: map[string]*sfnt.Font{}, mask: &image.Alpha{}}
	for i := range r.img.Pix {
		r.img.Pix[i] = 0xff
	}
	for i, it := range rec.items {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("png: %w", err)
			}
		}
		switch {
		case it.text != nil:
			r.textLine(rec.h, it)
		default:
			if it.fill {
				r.sh.reset()
				for _, poly := range flatten(it.path, rec.h) {
					r.sh.polygon(poly)
				}
				r.paint(grey(it.fillC))
			}
			if it.stroke {
				r.sh.reset()
				for _, poly := range flatten(it.path, rec.h) {
					r.sh.strokeLine(poly, math.Max(it.width, 0.8), it.dash)
				}
				r.paint(grey(it.strokC))
			}
		}
	}
	return r.img, nil
}

// grey is the luminance of a colour; the drawing uses greys only.
func grey(c [3]float64) uint8 {
	v := 0.299*c[0] + 0.587*c[1] + 0.114*c[2]
	return uint8(math.Round(math.Max(0, math.Min(1, v)) * 255))
}

type vpt struct{ x, y float32 }

// vop is one outline operation in pixel coordinates: 'M', 'L', 'Q', 'C'.
type vop struct {
	k byte
	p [3]vpt
}

// vshape collects outlines for one paint, with their bounding box.
type vshape struct {
	ops                    []vop
	minX, minY, maxX, maxY float32
}

func (s *vshape) reset() {
	s.ops = s.ops[:0]
	s.minX, s.minY, s.maxX, s.maxY = math.MaxFloat32, math.MaxFloat32, -math.MaxFloat32, -math.MaxFloat32
}

func (s *vshape) add(k byte, pts ...vpt) {
	o := vop{k: k}
	copy(o.p[:], pts)
	for _, p := range pts {
		s.minX, s.minY = min(s.minX, p.x), min(s.minY, p.y)
		s.maxX, s.maxY = max(s.maxX, p.x), max(s.maxY, p.y)
	}
	s.ops = append(s.ops, o)
}

func (s *vshape) polygon(pts []vpt) {
	if len(pts) < 2 {
		return
	}
	s.add('M', pts[0])
	for _, p := range pts[1:] {
		s.add('L', p)
	}
}

// strokeLine outlines a polyline of width w: a quadrilateral per segment
// and a disc per joint, all wound the same way, so that their overlaps
// add up instead of cancelling (the rasteriser clamps coverage at one).
func (s *vshape) strokeLine(pts []vpt, w float64, dash []float64) {
	hw := float32(w / 2)
	for _, part := range dashed(pts, dash) {
		for i := 0; i+1 < len(part); i++ {
			a, b := part[i], part[i+1]
			dx, dy := b.x-a.x, b.y-a.y
			l := float32(math.Hypot(float64(dx), float64(dy)))
			if l == 0 {
				continue
			}
			nx, ny := -dy/l*hw, dx/l*hw
			s.add('M', vpt{a.x + nx, a.y + ny})
			s.add('L', vpt{b.x + nx, b.y + ny})
			s.add('L', vpt{b.x - nx, b.y - ny})
			s.add('L', vpt{a.x - nx, a.y - ny})
			if hw >= 1 && i > 0 {
				s.disc(a, hw)
			}
		}
	}
}

// disc adds a small circle wound like strokeLine's quadrilaterals.
func (s *vshape) disc(c vpt, r float32) {
	const n = 8
	for k := 0; k <= n; k++ {
		t := -2 * math.Pi * float64(k) / n
		p := vpt{c.x + r*float32(math.Cos(t)), c.y + r*float32(math.Sin(t))}
		if k == 0 {
			s.add('M', p)
		} else {
			s.add('L', p)
		}
	}
}

// dashed cuts a polyline into its dashes (on, off, on, …); no pattern
// keeps it whole.
func dashed(pts []vpt, dash []float64) [][]vpt {
	if len(dash) == 0 || len(pts) < 2 {
		return [][]vpt{pts}
	}
	var out [][]vpt
	k, left, on := 0, float32(dash[0]), true
	cur := []vpt{pts[0]}
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		l := float32(math.Hypot(float64(b.x-a.x), float64(b.y-a.y)))
		pos := float32(0)
		for l-pos > left {
			pos += left
			p := vpt{a.x + (b.x-a.x)*pos/l, a.y + (b.y-a.y)*pos/l}
			if on {
				out = append(out, append(cur, p))
			}
			cur = []vpt{p}
			on = !on
			k = (k + 1) % len(dash)
			left = float32(dash[k])
			if len(out) > maxRecordedSegments {
				return out
			}
		}
		left -= l - pos
		cur = append(cur, b)
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// flatten turns a path (canvas coordinates, y up) into polylines in pixel
// coordinates (y down), curves cut into short lines.
func flatten(path []seg, h float64) [][]vpt {
	var out [][]vpt
	var cur []vpt
	px := func(p point) vpt { return vpt{float32(p.X), float32(h - p.Y)} }
	var start vpt
	for _, s := range path {
		switch s.op {
		case 'M':
			if len(cur) > 1 {
				out = append(out, cur)
			}
			start = px(s.p[0])
			cur = []vpt{start}
		case 'L':
			cur = append(cur, px(s.p[0]))
		case 'C':
			if len(cur) == 0 {
				continue
			}
			p0 := cur[len(cur)-1]
			p1, p2, p3 := px(s.p[0]), px(s.p[1]), px(s.p[2])
			l := math.Hypot(float64(p3.x-p0.x), float64(p3.y-p0.y)) + math.Hypot(float64(p1.x-p0.x), float64(p1.y-p0.y))
			n := int(math.Min(24, math.Max(3, l/3)))
			for k := 1; k <= n; k++ {
				t := float32(k) / float32(n)
				u := 1 - t
				cur = append(cur, vpt{
					u*u*u*p0.x + 3*u*u*t*p1.x + 3*u*t*t*p2.x + t*t*t*p3.x,
					u*u*u*p0.y + 3*u*u*t*p1.y + 3*u*t*t*p2.y + t*t*t*p3.y,
				})
			}
		case 'Z':
			if len(cur) > 0 {
				cur = append(cur, start)
			}
		}
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// paint fills the collected outlines in grey g over the image.
func (r *raster) paint(g uint8) {
	s := &r.sh
	if len(s.ops) == 0 {
		return
	}
	b := r.img.Bounds()
	x0, y0 := int(math.Floor(float64(s.minX))), int(math.Floor(float64(s.minY)))
	x1, y1 := int(math.Ceil(float64(s.maxX)))+1, int(math.Ceil(float64(s.maxY)))+1
	box := image.Rect(x0, y0, x1, y1).Intersect(b)
	if box.Empty() {
		return
	}
	if (x1-x0)*(y1-y0) > maxPaintPixels && r.split(g) {
		return
	}
	// The rasteriser works on the box (shifted to the origin), so one
	// small shape costs its own size, not the picture's.
	ox, oy := float32(x0), float32(y0)
	r.z.Reset(x1-x0, y1-y0)
	for i, o := range s.ops {
		switch o.k {
		case 'M':
			if i > 0 {
				r.z.ClosePath()
			}
			r.z.MoveTo(o.p[0].x-ox, o.p[0].y-oy)
		case 'L':
			r.z.LineTo(o.p[0].x-ox, o.p[0].y-oy)
		case 'Q':
			r.z.QuadTo(o.p[0].x-ox, o.p[0].y-oy, o.p[1].x-ox, o.p[1].y-oy)
		case 'C':
			r.z.CubeTo(o.p[0].x-ox, o.p[0].y-oy, o.p[1].x-ox, o.p[1].y-oy, o.p[2].x-ox, o.p[2].y-oy)
		}
	}
	r.z.ClosePath()
	mw, mh := x1-x0, y1-y0
	if cap(r.mask.Pix) < mw*mh {
		r.mask.Pix = make([]uint8, mw*mh)
	}
	r.mask.Pix = r.mask.Pix[:mw*mh]
	clear(r.mask.Pix)
	r.mask.Stride, r.mask.Rect = mw, image.Rect(0, 0, mw, mh)
	r.z.Draw(r.mask, r.mask.Rect, image.Opaque, image.Point{})
	c := uint32(g)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		row := r.img.Pix[y*r.img.Stride:]
		mrow := r.mask.Pix[(y-y0)*mw:]
		for x := box.Min.X; x < box.Max.X; x++ {
			a := uint32(mrow[x-x0])
			if a == 0 {
				continue
			}
			row[x] = uint8((uint32(row[x])*(255-a) + c*a + 127) / 255)
		}
	}
}

// maxPaintPixels bounds the box one paint rasterises at once: the
// rasteriser keeps four bytes per pixel of it. A larger shape made of
// several outlines (a long dashed message flow) is painted outline by
// outline.
const maxPaintPixels = 1 << 22

// split paints the shape's outlines one by one; false when it has only
// one.
func (r *raster) split(g uint8) bool {
	var starts []int
	for i, o := range r.sh.ops {
		if o.k == 'M' {
			starts = append(starts, i)
		}
	}
	if len(starts) < 2 {
		return false
	}
	all := append([]vop(nil), r.sh.ops...)
	starts = append(starts, len(all))
	for k := 0; k+1 < len(starts); k++ {
		r.sh.reset()
		for _, o := range all[starts[k]:starts[k+1]] {
			r.sh.add(o.k, o.p[:npoints(o.k)]...)
		}
		r.paint(g)
	}
	return true
}

// npoints is the number of points of an outline operation.
func npoints(k byte) int {
	switch k {
	case 'Q':
		return 2
	case 'C':
		return 3
	}
	return 1
}

// font returns the parsed outlines of an embedded font.
func (r *raster) font(m *fontMetrics) *sfnt.Font {
	if f, ok := r.fonts[m.name]; ok {
		return f
	}
	f, err := sfnt.Parse(m.data)
	if err != nil {
		f = nil // the PDF parsed the same bytes; a failure draws no glyphs
	}
	r.fonts[m.name] = f
	return f
}

// textLine draws one line of text from the glyph outlines, advancing by
// the same widths the PDF uses.
func (r *raster) textLine(h float64, it item) {
	r.sh.reset()
	ox, oy := float32(it.at.X), float32(h-it.at.Y)
	pen := float32(0)
	ppem := fixed.Int26_6(math.Round(it.size * 64))
	for i := 0; i+1 < len(it.text); i += 2 {
		c := char(it.text, i)
		m := face(it.fontName, c)
		adv := float32(float64(m.units(c)) * it.size / 1000)
		gid := m.gid[c]
		f := r.font(m)
		if gid == 0 || f == nil || c == ' ' {
			pen += adv
			continue
		}
		segs, err := f.LoadGlyph(&r.buf, sfnt.GlyphIndex(gid), ppem, nil)
		if err != nil {
			pen += adv
			continue
		}
		at := func(p fixed.Point26_6) vpt {
			gx, gy := float32(p.X)/64, float32(p.Y)/64
			if it.rotated { // turned 90° counter-clockwise: the line runs up
				return vpt{ox + gy, oy - pen - gx}
			}
			return vpt{ox + pen + gx, oy + gy}
		}
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				r.sh.add('M', at(sg.Args[0]))
			case sfnt.SegmentOpLineTo:
				r.sh.add('L', at(sg.Args[0]))
			case sfnt.SegmentOpQuadTo:
				r.sh.add('Q', at(sg.Args[0]), at(sg.Args[1]))
			case sfnt.SegmentOpCubeTo:
				r.sh.add('C', at(sg.Args[0]), at(sg.Args[1]), at(sg.Args[2]))
			}
		}
		pen += adv
	}
	r.paint(grey(it.fillC))
}
