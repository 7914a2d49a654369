package diagram

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders for the formats the Image Analyzer accepts
	_ "image/jpeg"
	_ "image/png"
	"math"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	_ "golang.org/x/image/bmp"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"github.com/spade-bpmn/spade/pkg/analyze/text"
	"github.com/spade-bpmn/spade/pkg/failure"
)

// maxPixels refuses decompression bombs: a 20 MB PNG can claim billions
// of pixels.
const maxPixels = 60_000_000

// maxOCRPixels bounds the page handed to tesseract: its time grows with
// the pixels, and text this enlarged is read no better.
const maxOCRPixels = 24_000_000

// ErrOCRMissing is the cause when the tesseract binary is not installed.
var ErrOCRMissing = errors.New("builtin: tesseract not installed")

// decodeImage checks and decodes an uploaded picture, so that unreadable
// formats and oversized images fail with a clear detail before any work.
func decodeImage(img []byte) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		return nil, failure.Permanent("The image could not be read. Upload the diagram as PNG, JPEG or WEBP (HEIC and HEIF pictures can only be read with an AI provider key; otherwise convert them to JPEG first).", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		// Not "too large": a header that gives no size is a damaged file.
		return nil, failure.Permanent(fmt.Sprintf("The image's header gives its size as %d × %d pixels, so the file is damaged. Open it in an image editor, export it again as PNG or JPEG, and upload that.", cfg.Width, cfg.Height), nil)
	}
	if int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, failure.Permanent(fmt.Sprintf("The image is %d × %d pixels, which is too large to read. Upload a picture of at most 60 megapixels.", cfg.Width, cfg.Height), nil)
	}
	src, _, err := image.Decode(bytes.NewReader(img))
	if err != nil {
		return nil, failure.Permanent("The image could not be decoded. Upload the diagram again as PNG or JPEG.", err)
	}
	return src, nil
}

// OCR reads the words of a grey picture (a binary PGM, which tesseract
// reads as it is: no compression to do and undo) in tesseract's page
// segmentation mode psm (PSMSparse or PSMBlock) and answers tesseract's
// TSV. The image path takes it as a parameter so that a benchmark can
// cache it.
type OCR func(ctx context.Context, pgm []byte, psm int) (string, error)

// Tesseract's page segmentation modes the reader uses.
const (
	// PSMSparse finds as much text as it can in no particular order:
	// the layout of diagrams, scattered labels. Every page but one
	// is read so.
	PSMSparse = 11
	// PSMBlock reads the page as one block of text lines: a page of
	// lane headers where the sparse reading found nothing usable
	// (rereadEmptyLanes).
	PSMBlock = 6
)

// tesseract is the OCR of the reader: the tesseract binary reading in
// page segmentation mode psm.
func (r *Reader) tesseract(ctx context.Context, img []byte, psm int) (string, error) {
	bin, err := r.tesseractPath()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, r.opts.OCRTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "stdin", "stdout", "--psm", strconv.Itoa(psm), "tsv")
	cmd.Stdin = bytes.NewReader(img)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", failure.Transient("Reading the text in the image took too long. Try again, or upload a smaller or sharper picture.", ctx.Err())
		}
		return "", failure.Permanent("OCR could not read the image. Upload a sharper PNG or JPEG picture of the diagram.", fmt.Errorf("tesseract: %v: %s", err, firstLine(stderr.String())))
	}
	return out.String(), nil
}

// tesseractPath finds the OCR binary, or fails with what to install.
func (r *Reader) tesseractPath() (string, error) {
	bin, err := exec.LookPath(r.opts.Tesseract)
	if err != nil {
		return "", failure.Permanent("Reading images offline needs OCR, but OCR is not installed on the server. Ask the administrator to install the Debian package tesseract-ocr (apt-get install tesseract-ocr) or to configure an AI provider key.", fmt.Errorf("%w: %v", ErrOCRMissing, err))
	}
	return bin, nil
}

// readWords runs OCR on a grey image prepared for it (enlarged when small,
// lines erased) and returns the words in the image's own coordinates.
func readWords(ctx context.Context, g *image.Gray, ocr OCR, eraseLines bool, zoom float64) ([]word, error) {
	got, err := readParts(ctx, ocr, PSMSparse, []ocrPart{{g: g, erase: eraseLines, zoom: zoom}})
	if err != nil {
		return nil, err
	}
	return got[0], nil
}

// ocrPart is one image for readParts: erase its long lines, enlarge it
// by zoom (0: prepare's size rule).
type ocrPart struct {
	g     *image.Gray
	erase bool
	zoom  float64
}

// partGap is the white between two parts on readParts' page: wider than
// tesseract's reach when it joins words into lines.
const partGap = 40

// readParts prepares each part for OCR, stacks them on one page (each
// tesseract run costs about 0.35 s of CPU before it reads a word, loading
// its model), reads it in page segmentation mode psm and returns each
// part's words in the part's own coordinates.
func readParts(ctx context.Context, ocr OCR, psm int, parts []ocrPart) ([][]word, error) {
	preps := make([]*image.Gray, len(parts))
	scales := make([]float64, len(parts))
	tops := make([]int, len(parts))
	width, height := 0, 0
	for i, p := range parts {
		preps[i], scales[i] = prepare(p.g, p.erase, p.zoom)
		if i > 0 {
			height += partGap
		}
		tops[i] = height
		height += preps[i].Rect.Dy()
		width = max(width, preps[i].Rect.Dx())
	}
	page := preps[0]
	if len(parts) > 1 {
		page = image.NewGray(image.Rect(0, 0, width, height))
		for i := range page.Pix {
			page.Pix[i] = 255
		}
		for i, p := range preps {
			for y := range p.Rect.Dy() {
				copy(page.Pix[(tops[i]+y)*page.Stride:], p.Pix[y*p.Stride:y*p.Stride+p.Rect.Dx()])
			}
		}
	}
	tsv, err := ocr(ctx, encodePGM(page), psm)
	if err != nil {
		return nil, err
	}
	out := make([][]word, len(parts))
	for _, w := range parseTSV(tsv) {
		cy := w.top + w.h/2
		i := len(parts) - 1
		for i > 0 && cy < tops[i] {
			i--
		}
		if cy >= tops[i]+preps[i].Rect.Dy() {
			continue // in the gap between two parts
		}
		w.top -= tops[i]
		if s := scales[i]; s != 1 {
			w.left = int(float64(w.left) / s)
			w.top = int(float64(w.top) / s)
			w.w = max(1, int(float64(w.w)/s))
			w.h = max(1, int(float64(w.h)/s))
		}
		out[i] = append(out[i], w)
	}
	return out, nil
}

// encodePGM writes a grey image as a binary PGM (P5). PNG's compression
// cost a quarter of a second on an A4 OCR page, and tesseract's undoing
// it as much again; the page goes through a pipe and is never stored.
func encodePGM(g *image.Gray) []byte {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	head := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
	out := make([]byte, len(head), len(head)+w*h)
	copy(out, head)
	for y := range h {
		out = append(out, g.Pix[y*g.Stride:y*g.Stride+w]...)
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// prepare converts to grey and scales small images up (and huge ones
// down) to a size tesseract reads well; it returns the scale applied.
// zoom, when set, is the enlargement the text needs (known from the size
// of the boxes it sits in); the page is kept under maxOCRPixels.
func prepare(src image.Image, eraseLines bool, zoom float64) (*image.Gray, float64) {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	scale := 1.0
	long := w
	if h > long {
		long = h
	}
	switch {
	case zoom > 0:
		scale = zoom
		if px := float64(w) * float64(h) * scale * scale; px > maxOCRPixels {
			scale *= math.Sqrt(maxOCRPixels / px)
		}
	case long < 1200:
		scale = 2
	case long > 5000:
		scale = 5000 / float64(long)
	}
	dw, dh := int(float64(w)*scale), int(float64(h)*scale)
	if dw < 1 {
		dw = 1
	}
	if dh < 1 {
		dh = 1
	}
	var dst *image.Gray
	if g, ok := src.(*image.Gray); ok {
		// every page the reader makes is grey: resampleGrey scales it
		// a few rows at a time, where x/image/draw's kernel scaler
		// clears and fills 32 bytes for each output-width × source-height
		// pixel (a second of CPU on an A4 page and its task strips)
		if dw == w && dh == h {
			dst = image.NewGray(image.Rect(0, 0, w, h))
			draw.Draw(dst, dst.Rect, g, b.Min, draw.Src)
		} else {
			dst = resampleGrey(g, dw, dh)
		}
	} else {
		dst = image.NewGray(image.Rect(0, 0, dw, dh))
		draw.Draw(dst, dst.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	}
	if g, ok := src.(*image.Gray); ok {
		if soft := blur(g); soft > 4 {
			// a mildly soft picture (a turned or resampled one) takes a
			// light mask; a truly out-of-focus one needs a strong one
			// before tesseract's binarisation keeps the letters apart
			amount := 1.5
			if soft > 12 {
				amount = 8
			}
			sharpen(dst, max(1, int(math.Round(float64(dw)/float64(w)))), amount)
		}
	}
	if eraseLines {
		removeLines(dst, float64(dw)/float64(w))
	}
	return dst, float64(dw) / float64(w)
}

// blur tells how far the picture is out of focus: the ratio of grey to
// black ink. A sharp drawing (even anti-aliased) has a black core, so its
// ratio is low; above 4 the picture is soft.
func blur(g *image.Gray) float64 {
	dark, mid := 0, 0
	for y := 0; y < g.Rect.Dy(); y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()] {
			switch {
			case v <= 64:
				dark++
			case v < 192:
				mid++
			}
		}
	}
	return float64(mid) / float64(dark+1)
}

// sharpen is an unsharp mask: each pixel moves amount times its
// difference away from the mean of its surroundings (two box blurs of
// radius r), which gives blurred letters back their edges for OCR.
func sharpen(g *image.Gray, r int, amount float64) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	// one page-sized buffer: the blurred copy, blurred in place a line
	// at a time (a 24-megapixel OCR page would otherwise cost five)
	soft := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		copy(soft[y*w:(y+1)*w], g.Pix[y*g.Stride:y*g.Stride+w])
	}
	line := make([]uint8, max(w, h))
	// box averages the n values at soft[start], soft[start+step], …
	// over a window of radius r, through the line buffer
	box := func(start, step, n int) {
		for k := range n {
			line[k] = soft[start+k*step]
		}
		s := 0
		for k := 0; k <= min(n-1, r); k++ {
			s += int(line[k])
		}
		for k := range n {
			lo, hi := max(0, k-r), min(n-1, k+r)
			soft[start+k*step] = uint8(s / (hi - lo + 1))
			if k+r+1 < n {
				s += int(line[k+r+1])
			}
			if k-r >= 0 {
				s -= int(line[k-r])
			}
		}
	}
	for range 2 {
		for y := range h {
			box(y*w, 1, w)
		}
		for x := range w {
			box(x, w, h)
		}
	}
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			s := int(v) + int(amount*float64(int(v)-int(soft[y*w+x])))
			row[x] = uint8(max(0, min(255, s)))
		}
	}
}

// removeLines whitens long straight dark runs: box borders, lanes and
// arrows. Tesseract reads text inside boxes badly while the borders touch
// its line finder; the letters themselves have no runs this long at the
// page's scale.
func removeLines(g *image.Gray, scale float64) {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	// a run shorter than 50 source pixels may be a letter's stem: the
	// page was enlarged by scale, and so were its letters (a bold 30 px
	// "d" enlarged 2.2 times is a 50 px stroke)
	minRun := max(50, min(w, h)/12, int(math.Round(50*scale)))
	dark := func(x, y int) bool { return g.Pix[y*g.Stride+x] < 140 }
	var hs, vs [][3]int // runs to clear: fixed coordinate, start, end
	for y := 0; y < h; y++ {
		start := -1
		for x := 0; x <= w; x++ {
			if x < w && dark(x, y) {
				if start < 0 {
					start = x
				}
				continue
			}
			if start >= 0 && x-start >= minRun {
				hs = append(hs, [3]int{y, start, x})
			}
			start = -1
		}
	}
	for x := 0; x < w; x++ {
		start := -1
		for y := 0; y <= h; y++ {
			if y < h && dark(x, y) {
				if start < 0 {
					start = y
				}
				continue
			}
			if start >= 0 && y-start >= minRun {
				vs = append(vs, [3]int{x, start, y})
			}
			start = -1
		}
	}
	for _, r := range hs {
		for x := r[1]; x < r[2]; x++ {
			g.Pix[r[0]*g.Stride+x] = 255
		}
	}
	for _, r := range vs {
		for y := r[1]; y < r[2]; y++ {
			g.Pix[y*g.Stride+r[0]] = 255
		}
	}
}

// word is one word of tesseract's TSV output.
type word struct {
	text             string
	block, par, line int
	left, top, w, h  int
	conf             float64
}

// parseTSV reads tesseract's TSV: level page block par line word left top
// width height conf text. Only words (level 5) read with some confidence
// are kept.
func parseTSV(s string) []word {
	var out []word
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 12 || f[0] != "5" {
			continue
		}
		n := make([]int, 10)
		ok := true
		for i := 0; i < 10; i++ {
			v, err := strconv.Atoi(f[i])
			if err != nil {
				ok = false
				break
			}
			n[i] = v
		}
		conf, err := strconv.ParseFloat(f[10], 64)
		text := strings.TrimSpace(f[11])
		if !ok || err != nil || text == "" || conf < 30 {
			continue
		}
		if strings.Trim(text, "|-_—–=~.,:;'\"`^*+<>()[]{}/\\") == "" {
			continue // arrow heads and box borders read as punctuation
		}
		out = append(out, word{text: text, block: n[2], par: n[3], line: n[4], left: n[6], top: n[7], w: n[8], h: n[9], conf: conf})
	}
	return out
}

// groupLabels joins words into labels: words of one tesseract line that
// sit close together form a line label (a wide gap means two boxes on one
// row), and line labels stacked closely under each other with overlapping
// extent are one box's caption over several lines.
func groupLabels(ws []word) []text.Label {
	type key struct{ b, p, l int }
	lines := map[key][]word{}
	var keys []key
	for _, w := range ws {
		k := key{w.block, w.par, w.line}
		if _, ok := lines[k]; !ok {
			keys = append(keys, k)
		}
		lines[k] = append(lines[k], w)
	}
	var parts []text.Label
	for _, k := range keys {
		lw := lines[k]
		sort.Slice(lw, func(i, j int) bool { return lw[i].left < lw[j].left })
		var cur *text.Label
		for _, w := range lw {
			if cur != nil && w.left-cur.Right <= max(cur.LineHeight, w.h)*3/2 {
				cur.Text += " " + w.text
				cur.Right = max(cur.Right, w.left+w.w)
				cur.Top = min(cur.Top, w.top)
				cur.Bottom = max(cur.Bottom, w.top+w.h)
				cur.LineHeight = max(cur.LineHeight, w.h)
				continue
			}
			if cur != nil {
				parts = append(parts, *cur)
			}
			cur = &text.Label{Text: w.text, Left: w.left, Top: w.top, Right: w.left + w.w, Bottom: w.top + w.h, LineHeight: w.h}
		}
		if cur != nil {
			parts = append(parts, *cur)
		}
	}
	// stack lines of one caption, top to bottom
	sort.Slice(parts, func(i, j int) bool {
		if parts[i].Top != parts[j].Top {
			return parts[i].Top < parts[j].Top
		}
		return parts[i].Left < parts[j].Left
	})
	merged := make([]bool, len(parts))
	var out []text.Label
	for i := range parts {
		if merged[i] {
			continue
		}
		l := parts[i]
		for j := i + 1; j < len(parts); j++ {
			if merged[j] {
				continue
			}
			q := parts[j]
			gap := q.Top - l.Bottom
			lh := max(l.LineHeight, q.LineHeight)
			if gap > lh || gap < -lh/2 {
				continue
			}
			overlap := min(l.Right, q.Right) - max(l.Left, q.Left)
			if overlap <= 0 && absInt((l.Left+l.Right)/2-(q.Left+q.Right)/2) > lh {
				continue
			}
			l.Text += " " + q.Text
			l.Left, l.Right = min(l.Left, q.Left), max(l.Right, q.Right)
			l.Bottom = max(l.Bottom, q.Bottom)
			l.LineHeight = lh
			merged[j] = true
		}
		out = append(out, l)
	}
	return out
}

func absInt(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
