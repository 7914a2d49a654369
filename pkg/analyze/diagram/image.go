package diagram

import (
	"context"
	"image"
	"image/color"
	"math"
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
	g, angle := vision.Deskew(g)
	d := vision.Recognize(g)
	words, err := readWords(ctx, g, ocr, true, textZoom(d))
	if err != nil {
		return nil, err
	}
	labels := groupLabels(words)
	// a small picture's letters may be too few pixels high for OCR at the
	// first scale, though a person reads them: read it again larger (and
	// with its lines kept, which small letters may touch) before refusing
	for _, z := range []float64{2.5, 4} {
		if len(labels) > 0 {
			break
		}
		zoom := z * max(1, textZoom(d))
		if px := float64(g.Rect.Dx()) * float64(g.Rect.Dy()) * zoom * zoom; px > maxOCRPixels {
			break // as large as OCR pages go: prepare would shrink it back
		}
		if words, err = readWords(ctx, g, ocr, false, zoom); err != nil {
			return nil, err
		}
		labels = groupLabels(words)
	}
	if len(labels) == 0 {
		return nil, failure.Permanent("No readable text was found in the image. Upload a sharper picture of the diagram in which the labels can be read.", nil)
	}
	var lanes []string
	if len(d.Lanes) > 0 {
		if lanes, err = readLaneNames(ctx, g, d.Lanes, ocr); err != nil {
			return nil, err
		}
	}
	out := &ImageReading{}
	var read []string
	for _, l := range text.ReadingOrder(labels) {
		read = append(read, l.Text)
	}
	out.Text = strings.Join(read, " ")
	words, err = rereadBoxes(ctx, g, d, words, ocr)
	if err != nil {
		return nil, err
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
// task boxes: a modeller's 12-point label in a box 80 units high reads
// best when the box is about 200 pixels high. Without boxes it is 0 (the
// size rule of prepare applies).
func textZoom(d vision.Diagram) float64 {
	var hs []int
	for _, s := range d.Shapes {
		if s.Kind == vision.Task {
			hs = append(hs, s.Inner.Dy())
		}
	}
	if len(hs) == 0 {
		return 0
	}
	sort.Ints(hs)
	z := 200 / float64(hs[len(hs)/2])
	return math.Max(1, math.Min(z, 3.5))
}

// rereadBoxes reads every task box again on a page of its own (cut out,
// stacked with white gaps): tesseract misses or garbles text beside icons
// and close to borders on the whole page. A box keeps the reading OCR was
// surer of (mean word confidence); the other reading's words are dropped.
func rereadBoxes(ctx context.Context, g *image.Gray, d vision.Diagram, words []word, ocr OCR) ([]word, error) {
	var (
		boxes []int
		rects []image.Rectangle
	)
	for i, s := range d.Shapes {
		if s.Kind == vision.Task {
			boxes = append(boxes, i)
			rects = append(rects, s.Inner.Inset(d.Stroke))
		}
	}
	if len(rects) == 0 {
		return words, nil
	}
	texts, confs, err := readStripsConf(ctx, g, rects, false, textZoom(d), ocr)
	if err != nil {
		return nil, err
	}
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
	return append(out, extra...), nil
}

// workImage is the picture in grey, at most maxWorkSide on its long side.
func workImage(src image.Image) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	scale := 1.0
	if long := max(w, h); long > maxWorkSide {
		scale = float64(maxWorkSide) / float64(long)
	}
	dw, dh := max(1, int(float64(w)*scale)), max(1, int(float64(h)*scale))
	g := image.NewGray(image.Rect(0, 0, dw, dh))
	draw.Draw(g, g.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	if scale == 1 {
		draw.Draw(g, g.Bounds(), src, b.Min, draw.Over)
	} else {
		draw.ApproxBiLinear.Scale(g, g.Bounds(), src, b, draw.Over, nil)
	}
	return g
}

// readLaneNames reads the names written upwards in the lane and pool
// headers: each header is turned a quarter clockwise and read with the
// others on one page. A flowchart frame's name, written across its top,
// is read the same way without the turn (on the whole page, a line
// crossing the frame's corner often takes its first letter).
func readLaneNames(ctx context.Context, g *image.Gray, bands []vision.Band, ocr OCR) ([]string, error) {
	names := make([]string, len(bands))
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
		got, err := readStrips(ctx, g, rects, !titled, 0, ocr)
		if err != nil {
			return nil, err
		}
		for k, i := range at {
			names[i] = got[k]
		}
	}
	return names, nil
}

// readStrips reads the text of several parts of the picture with one OCR
// run: the parts are cut out (turned a quarter clockwise when upright),
// stacked on a white page with gaps, and the words found are given back
// to the part they sit on.
func readStrips(ctx context.Context, g *image.Gray, rects []image.Rectangle, upright bool, zoom float64, ocr OCR) ([]string, error) {
	names, _, err := readStripsConf(ctx, g, rects, upright, zoom, ocr)
	return names, err
}

// readStripsConf is readStrips with the mean confidence of each part's
// words.
func readStripsConf(ctx context.Context, g *image.Gray, rects []image.Rectangle, upright bool, zoom float64, ocr OCR) ([]string, []float64, error) {
	const gap = 24
	var (
		strips []*image.Gray
		width  int
		height = gap
	)
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
		width = max(width, s.Rect.Dx())
		height += s.Rect.Dy() + gap
	}
	page := image.NewGray(image.Rect(0, 0, width+2*gap, height))
	draw.Draw(page, page.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	tops := make([]int, len(strips))
	y := gap
	for i, s := range strips {
		tops[i] = y
		if s == nil {
			continue
		}
		draw.Draw(page, s.Rect.Add(image.Pt(gap, y)), s, image.Point{}, draw.Src)
		y += s.Rect.Dy() + gap
	}
	ws, err := readWords(ctx, page, ocr, false, zoom)
	if err != nil {
		return nil, nil, err
	}
	sort.SliceStable(ws, func(i, j int) bool {
		if absInt(ws[i].top-ws[j].top) > ws[i].h/2 {
			return ws[i].top < ws[j].top
		}
		return ws[i].left < ws[j].left
	})
	names := make([]string, len(strips))
	confs := make([]float64, len(strips))
	counts := make([]int, len(strips))
	for _, w := range ws {
		cy := w.top + w.h/2
		for i, s := range strips {
			if s != nil && cy >= tops[i] && cy < tops[i]+s.Rect.Dy() {
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
	return names, confs, nil
}
