package diagram

import (
	"context"
	"image"
	"image/color"
	"math"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/image/draw"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
	"github.com/spade-bpmn/spade/pkg/analyze/text"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// maxWorkSide bounds the long side of the image the recogniser works on:
// diagram lines stay several pixels wide at this size, and a 60-megapixel
// photo would otherwise cost seconds and a gigabyte of labels.
const maxWorkSide = 3000

// ImageReading is what the image path read from a picture.
type ImageReading struct {
	// Model is the process rebuilt from the picture.
	Model process.Model
	// Structured is true when shapes and arrows were recognised; false
	// when the model was guessed from the labels' positions alone.
	Structured bool
	// Baseline is the label heuristic's model from the same words, when
	// asked for (to measure the recogniser against it).
	Baseline *process.Model
	// Text is every word read, in reading order.
	Text string
	// Notes say what the reader was unsure of (a connector it could not
	// follow to its other end); the model carries each as an annotation
	// on the node concerned.
	Notes []string
}

// ReadImage reads a diagram picture: the recogniser finds its shapes,
// lanes and arrows, OCR its words, and the words are placed on the shapes
// to rebuild the process. When no structure is found (a photo of a list
// on a whiteboard), the labels' reading order makes the model. ocr nil
// uses the reader's tesseract; baseline also returns the label
// heuristic's model.
func (r *Reader) ReadImage(ctx context.Context, img []byte, filename string, ocr OCR, baseline bool) (*ImageReading, error) {
	if ocr == nil {
		// say that OCR is missing before judging the picture
		if _, err := r.tesseractPath(); err != nil {
			return nil, err
		}
		ocr = r.tesseract
	}
	src, err := decodeImage(img)
	if err != nil {
		return nil, err
	}
	g := workImage(src)
	if b := src.Bounds(); b.Dx() > g.Rect.Dx() {
		// the full-size picture is done with (src is not used below):
		// collect it before the recogniser's buffers are made, so that
		// they do not pile up on top of it (a 40-megapixel PNG is 160 MB
		// decoded, and the collector would wait for twice that)
		runtime.GC()
	}
	g, angle := vision.Deskew(g)
	d := vision.Recognize(g)
	zoom := textZoom(g, d)
	// the page, the task boxes cut out and the lane headers are read in
	// one tesseract run: each run costs a third of a second of CPU
	// before it reads a word (loading its model)
	boxes, rects := taskRects(d)
	parts := []ocrPart{{g: g, erase: true, zoom: zoom}}
	var taskStrips *stripPage
	if len(rects) > 0 {
		// in columns, about as wide as the page above them: a page of
		// strips one box wide would be stacked under the page padded to
		// its width, and tesseract's time grows with the white pixels too
		taskStrips = newStripPage(g, rects, false, g.Rect.Dx())
		parts = append(parts, ocrPart{g: taskStrips.page, zoom: zoom})
	}
	laneStrips := laneStripPages(g, d.Lanes)
	for _, sp := range laneStrips {
		if !sp.titled {
			parts = append(parts, ocrPart{g: sp.page})
		}
	}
	read, err := readParts(ctx, ocr, PSMSparse, parts)
	if err != nil {
		return nil, err
	}
	if n := len(laneStrips); n > 0 && laneStrips[n-1].titled {
		// a flowchart frame's names, read on a page of their own: on
		// the shared page tesseract cut letters off their ends
		// (Graphviz clusters: "Manag", "inance")
		titles, err := readParts(ctx, ocr, PSMSparse, []ocrPart{{g: laneStrips[n-1].page}})
		if err != nil {
			return nil, err
		}
		read = append(read, titles...)
	}
	words := read[0]
	labels := groupLabels(words)
	// a small picture's letters may be too few pixels high for OCR at the
	// first scale, though a person reads them: read it again larger (and
	// with its lines kept, which small letters may touch) before refusing
	for _, z := range []float64{2.5, 4} {
		if len(labels) > 0 {
			break
		}
		larger := z * max(1, zoom)
		if px := float64(g.Rect.Dx()) * float64(g.Rect.Dy()) * larger * larger; px > maxOCRPixels {
			break // as large as OCR pages go: prepare would shrink it back
		}
		if words, err = readWords(ctx, g, ocr, false, larger); err != nil {
			return nil, err
		}
		labels = groupLabels(words)
	}
	if len(labels) == 0 {
		return nil, failure.Permanent("No readable text was found in the image. Upload a sharper picture of the diagram in which the labels can be read.", nil)
	}
	var lanes []string
	if len(d.Lanes) > 0 {
		var confs []float64
		lanes, confs = laneNames(d.Lanes, laneStrips, read[len(read)-len(laneStrips):])
		if err := rereadLanes(ctx, ocr, laneStrips, lanes, confs); err != nil {
			return nil, err
		}
	}
	out := &ImageReading{}
	var order []string
	for _, l := range text.ReadingOrder(labels) {
		order = append(order, l.Text)
	}
	out.Text = strings.Join(order, " ")
	if taskStrips != nil {
		texts, confs := taskStrips.texts(read[1])
		words = rereadBoxes(d, boxes, texts, confs, words)
	}
	if m, notes, ok := structureModel(d, words, lanes, filename); ok {
		out.Model, out.Structured, out.Notes = m, true, notes
	} else {
		out.Model = text.FromLabels(labels, filename)
	}
	if baseline {
		b := text.FromLabels(labels, filename)
		out.Baseline = &b
	}
	r.log.Debug("builtin image", "skew", angle, "shapes", len(d.Shapes), "flows", len(d.Flows), "lanes", len(d.Lanes), "words", len(words), "structured", out.Structured)
	return out, nil
}

// textZoom is how much to enlarge the picture for OCR, judged by the
// height of the text lines measured in the task boxes: tesseract reads a
// line whose ink (ascenders to descenders) is ocrLineHeight pixels high
// as well as a larger one, and each enlargement beyond it costs CPU in
// proportion to the pixels (an A4 page at ×3.3 took 4.3 s, at ×2 2.7 s,
// with the same words read). Without a measurable line it falls back to
// the boxes' height (a modeller's 12-point label in a box 80 units high
// reads well when the box is about 200 pixels high); without boxes it is
// 0 (the size rule of prepare applies).
func textZoom(g *image.Gray, d vision.Diagram) float64 {
	var hs, lines []int
	for _, s := range d.Shapes {
		if s.Kind == vision.Task {
			hs = append(hs, s.Inner.Dy())
			lines = append(lines, inkLines(g, s.Inner.Inset(d.Stroke+1))...)
		}
	}
	if len(hs) == 0 {
		return 0
	}
	if len(lines) >= 3 {
		sort.Ints(lines)
		z := ocrLineHeight / float64(lines[len(lines)/2])
		return math.Max(1, math.Min(z, 3.5))
	}
	sort.Ints(hs)
	z := 200 / float64(hs[len(hs)/2])
	return math.Max(1, math.Min(z, 3.5))
}

// ocrLineHeight is the height in pixels of a text line's ink that OCR
// is given: smaller letters lose their shapes when binarised, larger
// ones only cost time (tesseract scales every line to a fixed height
// before recognising it).
const ocrLineHeight = 18

// inkLines gives the heights of the text lines in r: the runs of rows
// that have dark ink, between blank rows. A run as high as half the box
// is an icon or a border, not a line.
func inkLines(g *image.Gray, r image.Rectangle) []int {
	r = r.Intersect(g.Rect)
	if r.Dx() < 4 || r.Dy() < 4 {
		return nil
	}
	var out []int
	run := 0
	end := func() {
		if run >= 3 && run <= r.Dy()/2 {
			out = append(out, run)
		}
		run = 0
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		inked := false
		for _, v := range g.Pix[y*g.Stride+r.Min.X : y*g.Stride+r.Max.X] {
			if v < 128 {
				inked = true
				break
			}
		}
		if inked {
			run++
		} else {
			end()
		}
	}
	end()
	return out
}

// taskRects gives the task shapes (their index in d.Shapes) and the
// inside of each, which rereadBoxes reads again.
func taskRects(d vision.Diagram) (boxes []int, rects []image.Rectangle) {
	for i, s := range d.Shapes {
		if s.Kind == vision.Task {
			boxes = append(boxes, i)
			rects = append(rects, s.Inner.Inset(d.Stroke))
		}
	}
	return boxes, rects
}

// rereadBoxes puts the reading of every task box on a page of its own
// (cut out, stacked with white gaps, enlarged like the page: texts and
// their mean word confidence confs) beside the page's: tesseract misses
// or garbles text beside icons and close to borders on the whole page.
// A box keeps the reading OCR was surer of; the other reading's words
// are dropped.
func rereadBoxes(d vision.Diagram, boxes []int, texts []string, confs []float64, words []word) []word {
	drop := make([]bool, len(words))
	var extra []word
	for k, i := range boxes {
		in := d.Shapes[i].Inner
		var sum float64
		var n int
		for _, w := range words {
			if image.Pt(w.left+w.w/2, w.top+w.h/2).In(in) {
				sum += w.conf
				n++
			}
		}
		page := 0.0
		if n > 0 {
			page = sum / float64(n)
		}
		if texts[k] == "" || confs[k] <= page {
			continue
		}
		for j, w := range words {
			if image.Pt(w.left+w.w/2, w.top+w.h/2).In(in) {
				drop[j] = true
			}
		}
		extra = append(extra, word{text: texts[k], left: in.Min.X + 1, top: (in.Min.Y + in.Max.Y) / 2, w: 1, h: 1, conf: confs[k]})
	}
	var out []word
	for j, w := range words {
		if !drop[j] {
			out = append(out, w)
		}
	}
	return append(out, extra...)
}

// workImage is the picture in grey, at most maxWorkSide on its long side.
// A larger picture is shrunk by averaging each block of source pixels
// (thin lines stay as grey lines, where sampling would drop them) row by
// row into the grey image: no full-size copy is made.
func workImage(src image.Image) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if long := max(w, h); long > maxWorkSide {
		return shrinkGrey(src, float64(maxWorkSide)/float64(long))
	}
	g := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(g, g.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	draw.Draw(g, g.Bounds(), src, b.Min, draw.Over)
	return g
}

// shrinkGrey scales src by scale (< 1) into a grey image by area
// averaging: each source row is read once, in grey (a JPEG's luma plane
// directly), and added to the output row it falls in. Transparent
// pixels count as white paper.
func shrinkGrey(src image.Image, scale float64) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := max(1, int(float64(w)*scale)), max(1, int(float64(h)*scale))
	out := image.NewGray(image.Rect(0, 0, dw, dh))
	sum := make([]uint32, dw)
	cnt := make([]uint32, dw)
	col := make([]int, w) // output column of each source column
	for x := range w {
		col[x] = min(dw-1, x*dw/w)
	}
	row := make([]uint8, w)
	flush := func(oy int) {
		for x := range dw {
			if cnt[x] > 0 {
				out.Pix[oy*out.Stride+x] = uint8((sum[x] + cnt[x]/2) / cnt[x])
			}
			sum[x], cnt[x] = 0, 0
		}
	}
	cur := 0
	for y := range h {
		oy := min(dh-1, y*dh/h)
		if oy != cur {
			flush(cur)
			cur = oy
		}
		greyRow(src, b.Min.Y+y, row)
		for x, v := range row {
			sum[col[x]] += uint32(v)
			cnt[col[x]]++
		}
	}
	flush(cur)
	return out
}

// greyRow reads row y of src in grey into row (len = the width).
func greyRow(src image.Image, y int, row []uint8) {
	b := src.Bounds()
	switch m := src.(type) {
	case *image.YCbCr:
		i := m.YOffset(b.Min.X, y)
		copy(row, m.Y[i:i+len(row)])
		return
	case *image.Gray:
		i := m.PixOffset(b.Min.X, y)
		copy(row, m.Pix[i:i+len(row)])
		return
	case *image.NRGBA:
		p := m.Pix[m.PixOffset(b.Min.X, y):]
		for x := range row {
			r, g, bl, a := uint32(p[4*x]), uint32(p[4*x+1]), uint32(p[4*x+2]), uint32(p[4*x+3])
			// over white paper, then the luma of the colour
			v := (19595*(r*a/255+255-a) + 38470*(g*a/255+255-a) + 7471*(bl*a/255+255-a) + 1<<15) >> 16
			row[x] = uint8(min(255, v))
		}
		return
	case *image.RGBA:
		p := m.Pix[m.PixOffset(b.Min.X, y):]
		for x := range row {
			r, g, bl, a := uint32(p[4*x]), uint32(p[4*x+1]), uint32(p[4*x+2]), uint32(p[4*x+3])
			v := (19595*(r+255-a) + 38470*(g+255-a) + 7471*(bl+255-a) + 1<<15) >> 16
			row[x] = uint8(min(255, v))
		}
		return
	}
	for x := range row {
		r, g, bl, a := src.At(b.Min.X+x, y).RGBA()
		// over white paper, then the luma of the colour
		r, g, bl = r+0xffff-a, g+0xffff-a, bl+0xffff-a
		v := (19595*r + 38470*g + 7471*bl + 1<<15) >> 24
		row[x] = uint8(min(255, v))
	}
}
