package diagram

import (
	"context"
	"image"
	"image/color"
	"slices"
	"sort"
	"strings"

	"golang.org/x/image/draw"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
	"github.com/spade-bpmn/spade/pkg/analyze/text"
)

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
