package diagram

import (
	"context"
	"image"
	"image/color"
	"math"
	"runtime"
	"slices"
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

// laneStripPages cuts out the lane and pool headers for reading: the
// names written upwards, each header turned a quarter clockwise, on one
// page; a flowchart frame's name, written across its top, on a second
// page without the turn (on the whole page, a line crossing the frame's
// corner often takes its first letter). A page with no header is left
// out.
func laneStripPages(g *image.Gray, bands []vision.Band) []*stripPage {
	var out []*stripPage
	for _, titled := range []bool{false, true} {
		var (
			rects []image.Rectangle
			at    []int
		)
		for i, b := range bands {
			if b.Titled == titled {
				rects = append(rects, b.Header.Inset(1))
				at = append(at, i)
			}
		}
		if len(rects) == 0 {
			continue
		}
		sp := newStripPage(g, rects, !titled, 0)
		sp.bands, sp.titled = at, titled
		out = append(out, sp)
	}
	return out
}

// laneNames gives each band the name read on its header strip and the
// mean confidence of its words.
func laneNames(bands []vision.Band, pages []*stripPage, read [][]word) ([]string, []float64) {
	names := make([]string, len(bands))
	confs := make([]float64, len(bands))
	for k, sp := range pages {
		got, gotConfs := sp.texts(read[k])
		for j, i := range sp.bands {
			names[i], confs[i] = got[j], gotConfs[j]
		}
	}
	return names, confs
}

// unsureLane is the mean word confidence under which a lane header is
// read again, enlarged (an empty reading is unsure too).
const unsureLane = 70

// laneZoom is the enlargement the header strips are read again at:
// twice what prepare gives a page of strips that small.
const laneZoom = 4

// rereadLanes reads a page of lane header strips again at laneZoom when
// one of its headers came back empty or unsure: on soft letters (a
// photo, turned straight) tesseract drops whole words of a header at
// one scale, or the whole header, and reads them at another ("Recruting
// a new" at ×2, "Recruting a new employee" at ×4). Each header keeps
// the better reading (betterLane). One more OCR run at most for each
// page, only for pictures with an unsure header.
func rereadLanes(ctx context.Context, ocr OCR, pages []*stripPage, names []string, confs []float64) error {
	for _, sp := range pages {
		if sp.titled || !slices.ContainsFunc(sp.bands, func(i int) bool { return names[i] == "" || confs[i] < unsureLane }) {
			continue
		}
		read, err := readParts(ctx, ocr, PSMSparse, []ocrPart{{g: sp.page, zoom: laneZoom}})
		if err != nil {
			return err
		}
		got, gotConfs := sp.texts(read[0])
		for j, i := range sp.bands {
			if betterLane(got[j], gotConfs[j], names[i], confs[i]) {
				names[i], confs[i] = got[j], gotConfs[j]
			}
		}
		if err := rereadEmptyLanes(ctx, ocr, sp, names, confs); err != nil {
			return err
		}
	}
	return nil
}

// unusableLane reports whether a header's reading gives no name: empty,
// under two letters, or a guess (under minLaneConf).
func unusableLane(name string, conf float64) bool {
	return letters(name) < 2 || conf < minLaneConf
}

// rereadEmptyLanes reads the headers of sp that are still unusable after
// both sparse readings once more, on a page of their own, as one block
// of text (PSMBlock): the sparse mode looks for text all over the page
// and, on soft letters, may find none in a strip, where the block mode
// takes each strip for a line. Only for headers with no usable reading:
// on one already read, the block mode's guesses replaced good names
// (photos lost lanes when every unsure header was read so).
func rereadEmptyLanes(ctx context.Context, ocr OCR, sp *stripPage, names []string, confs []float64) error {
	var (
		strips []*image.Gray
		bands  []int
	)
	for j, i := range sp.bands {
		if unusableLane(names[i], confs[i]) && sp.strips[j] != nil {
			strips, bands = append(strips, sp.strips[j]), append(bands, i)
		}
	}
	if len(strips) == 0 {
		return nil
	}
	sub := stackStrips(strips, 0)
	read, err := readParts(ctx, ocr, PSMBlock, []ocrPart{{g: sub.page, zoom: laneZoom}})
	if err != nil {
		return err
	}
	got, gotConfs := sub.texts(read[0])
	for j, i := range bands {
		if betterLane(got[j], gotConfs[j], names[i], confs[i]) {
			names[i], confs[i] = got[j], gotConfs[j]
		}
	}
	return nil
}

// minLaneConf is the mean word confidence a second reading of a header
// needs to replace the first: below it, tesseract is reading noise.
const minLaneConf = 50

// betterLane reports whether a header's second reading (name, conf: its
// words' mean confidence) beats the first: sure enough, and with more
// confidence summed over its words, so that a reading with a word more
// wins over one that dropped it, unless that word is a guess.
func betterLane(name string, conf float64, first string, firstConf float64) bool {
	if name == "" || conf < minLaneConf {
		return false
	}
	return conf*float64(len(strings.Fields(name))) > firstConf*float64(len(strings.Fields(first)))
}

// stripPage is several parts of the picture cut out (turned a quarter
// clockwise when upright) and stacked on a white page with gaps, so that
// one OCR run reads them all; the words found go back to the part they
// sit on.
type stripPage struct {
	page   *image.Gray
	strips []*image.Gray // nil for a part outside the picture
	at     []image.Point // where each strip's top left is on the page
	// bands are the band of each strip, for lane headers; titled when
	// they are frame titles written across (not turned)
	bands  []int
	titled bool
}

// stripGap is the white round each strip on a strip page.
const stripGap = 24

// newStripPage cuts out rects of g and stacks them in columns, as many as
// fit in width (one when width is 0), each about as high as the others.
func newStripPage(g *image.Gray, rects []image.Rectangle, upright bool, width int) *stripPage {
	var strips []*image.Gray
	for _, rr := range rects {
		r := rr.Intersect(g.Rect)
		if r.Empty() {
			strips = append(strips, nil)
			continue
		}
		var s *image.Gray
		if upright {
			s = image.NewGray(image.Rect(0, 0, r.Dy(), r.Dx()))
			for y := 0; y < r.Dx(); y++ {
				for x := 0; x < r.Dy(); x++ {
					// a quarter turn clockwise: the bottom-up text reads left to right
					s.Pix[y*s.Stride+x] = g.Pix[(r.Max.Y-1-x)*g.Stride+r.Min.X+y]
				}
			}
		} else {
			s = image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
			draw.Draw(s, s.Rect, g, r.Min, draw.Src)
		}
		strips = append(strips, s)
	}
	return stackStrips(strips, width)
}

// stackStrips puts strips (cut out already; nil for one outside the
// picture) on a white page in columns, as many as fit in width (one
// when width is 0).
func stackStrips(strips []*image.Gray, width int) *stripPage {
	const gap = stripGap
	colW, total := 0, 0
	for _, s := range strips {
		if s != nil {
			colW = max(colW, s.Rect.Dx()+gap)
			total += s.Rect.Dy() + gap
		}
	}
	cols := 1
	if colW > 0 {
		cols = max(1, width/colW)
	}
	colH := (total + cols - 1) / cols
	at := make([]image.Point, len(strips))
	x, y := gap, gap
	pw, ph := gap, gap
	for i, s := range strips {
		if s == nil {
			at[i] = image.Pt(x, y)
			continue
		}
		if y > gap && y-gap+s.Rect.Dy()+gap > colH {
			x, y = x+colW, gap // the column is full
		}
		at[i] = image.Pt(x, y)
		y += s.Rect.Dy() + gap
		pw, ph = max(pw, x+colW), max(ph, y)
	}
	page := image.NewGray(image.Rect(0, 0, pw+gap, ph))
	draw.Draw(page, page.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	for i, s := range strips {
		if s != nil {
			draw.Draw(page, s.Rect.Add(at[i]), s, image.Point{}, draw.Src)
		}
	}
	return &stripPage{page: page, strips: strips, at: at}
}

// texts gives the text read on each strip (words in the page's
// coordinates) and the mean confidence of its words.
func (sp *stripPage) texts(ws []word) ([]string, []float64) {
	ws = append([]word(nil), ws...)
	sort.SliceStable(ws, func(i, j int) bool {
		if absInt(ws[i].top-ws[j].top) > ws[i].h/2 {
			return ws[i].top < ws[j].top
		}
		return ws[i].left < ws[j].left
	})
	names := make([]string, len(sp.strips))
	confs := make([]float64, len(sp.strips))
	counts := make([]int, len(sp.strips))
	for _, w := range ws {
		cy := w.top + w.h/2
		c := image.Pt(w.left+w.w/2, cy)
		for i, s := range sp.strips {
			if s != nil && c.In(s.Rect.Add(sp.at[i])) {
				names[i] = strings.TrimSpace(names[i] + " " + w.text)
				confs[i] += w.conf
				counts[i]++
			}
		}
	}
	for i := range names {
		names[i] = text.CleanLabel(names[i])
		if counts[i] > 0 {
			confs[i] /= float64(counts[i])
		}
	}
	return names, confs
}
