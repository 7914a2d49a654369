// Package extracttest writes small but genuine PDF, DOC and DOCX files for
// tests and benchmarks of package extract, so that no binary fixtures need
// to be checked in and hard cases (kerning, columns, tables, Word piece
// tables) are spelled out in code.
package extracttest

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"golang.org/x/text/encoding/charmap"
)

// PDFPage is the content stream of one page (PDF operators). Fonts /F1
// (Helvetica), /F2 (Times-Roman) and /F3 (Courier) are available.
type PDFPage struct {
	Content string
}

// PDFOptions control how a PDF is written.
type PDFOptions struct {
	// Compress deflates content streams as real producers do.
	Compress bool
	// Pad appends this many spaces to every content stream before it is
	// deflated: with Compress, a decompression bomb (spaces deflate about
	// 1000:1) that is still a valid page. The padding is streamed, never
	// held in memory.
	Pad int64
	// Layers deflates the content streams this many times (default 1),
	// each layer named in the /Filter array.
	Layers int
	// Filters, when set, replaces Compress and Layers: content streams
	// (with Pad) are encoded through this /Filter chain (see Encode).
	Filters []string
	// DictPad adds an entry of this many bytes to every content stream's
	// dictionary (a long dictionary before "stream").
	DictPad int
}

// PDF writes a complete PDF 1.4 file (US Letter pages) with a correct
// cross-reference table.
func PDF(pages []PDFPage, opts PDFOptions) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	stream := func(data []byte) {
		offsets = append(offsets, b.Len())
		filter := ""
		if len(opts.Filters) > 0 {
			enc, err := Encode(BombStream(string(data), opts.Pad), opts.Filters)
			if err != nil {
				panic(err) // a test helper given an unknown filter
			}
			data = enc
			filter += " /Filter [/" + strings.Join(opts.Filters, " /") + "]"
		} else if opts.Compress {
			layers := max(opts.Layers, 1)
			var z bytes.Buffer
			w := zlib.NewWriter(&z)
			w.Write(data)
			chunk := bytes.Repeat([]byte(" "), 1<<20)
			for left := opts.Pad; left > 0; left -= int64(len(chunk)) {
				w.Write(chunk[:min(left, int64(len(chunk)))])
			}
			w.Close()
			data = z.Bytes()
			for range layers - 1 {
				var o bytes.Buffer
				w := zlib.NewWriter(&o)
				w.Write(data)
				w.Close()
				data = o.Bytes()
			}
			filter += " /Filter [" + strings.Repeat("/FlateDecode ", layers) + "]"
		}
		if opts.DictPad > 0 {
			// After /Filter, so that it stands between the filter and
			// the stream keyword.
			filter += " /Junk (" + strings.Repeat("x", opts.DictPad) + ")"
		}
		fmt.Fprintf(&b, "%d 0 obj\n<< /Length %d%s >>\nstream\n", len(offsets), len(data), filter)
		b.Write(data)
		b.WriteString("\nendstream\nendobj\n")
	}
	b.WriteString("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n")
	// 1 catalog, 2 pages, 3–5 fonts, then page + content pairs.
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 6+2*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)))
	for _, f := range []string{"Helvetica", "Times-Roman", "Courier"} {
		obj("<< /Type /Font /Subtype /Type1 /BaseFont /" + f + " /Encoding /WinAnsiEncoding >>")
	}
	for i, p := range pages {
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "+
			"/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents %d 0 R >>", 7+2*i))
		stream([]byte(p.Content))
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// Escape quotes s as a PDF literal string body in WinAnsiEncoding.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x80:
			b.WriteRune(r)
		default:
			c, ok := charmap.Windows1252.EncodeRune(r)
			if !ok {
				c = '?'
			}
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	return b.String()
}

// Text shows s on one line at (x, y) with a plain Tj.
func Text(font string, size, x, y float64, s string) string {
	return fmt.Sprintf("BT /%s %g Tf %g %g Td (%s) Tj ET\n", font, size, x, y, Escape(s))
}

// Kerned shows the words of s with one TJ array and no space glyphs: each
// letter pair is kerned, and word gaps are made by a large negative
// adjustment, the way typesetting tools justify text. Extractors that only
// look at glyphs run such words together.
func Kerned(font string, size, x, y float64, s string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "BT /%s %g Tf %g %g Td [", font, size, x, y)
	for wi, w := range strings.Fields(s) {
		if wi > 0 {
			b.WriteString("-280 ")
		}
		for ci, r := range w {
			if ci > 0 {
				fmt.Fprintf(&b, "%d ", 10+(ci*7)%30) // small tightening kerns
			}
			fmt.Fprintf(&b, "(%s)", Escape(string(r)))
		}
		b.WriteByte(' ')
	}
	b.WriteString("] TJ ET\n")
	return b.String()
}

// Placed shows every word of s as its own text object positioned with Td
// at the word's real advance plus one space width, without any space glyph
// between words (as many PDF generators and converters write text).
func Placed(font string, size, x, y float64, s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		b.WriteString(Text(font, size, x, y, w))
		x += (Width(font, w) + Width(font, " ")) * size
	}
	return b.String()
}

// Width is the advance of s in em for the standard fonts /F1 (Helvetica),
// /F2 (Times-Roman) and /F3 (Courier), from their AFM metrics for space and
// a–z; other characters count as a generous 0.75 em.
func Width(font, s string) float64 {
	var w float64
	for _, r := range s {
		w += glyphWidth(font, r)
	}
	return w
}

var (
	// Widths in 1/1000 em of a–z.
	helveticaAZ = [26]int{556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500}
	timesAZ     = [26]int{444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444}
)

func glyphWidth(font string, r rune) float64 {
	switch font {
	case "F3":
		return 0.6
	case "F2":
		if r == ' ' {
			return 0.25
		}
		if r >= 'a' && r <= 'z' {
			return float64(timesAZ[r-'a']) / 1000
		}
	default:
		if r == ' ' {
			return 0.278
		}
		if r >= 'a' && r <= 'z' {
			return float64(helveticaAZ[r-'a']) / 1000
		}
	}
	return 0.75
}

// Paragraph lays out words as left-aligned lines from (x, y) downwards
// within width, using the given line function (Text, Kerned or Placed), and
// returns the content and the y below the last line.
func Paragraph(line func(font string, size, x, y float64, s string) string, font string, size, x, y, width float64, words []string) (string, float64) {
	var b strings.Builder
	perLine := max(1, int(width/(size*0.56*7)))
	for i := 0; i < len(words); i += perLine {
		end := min(len(words), i+perLine)
		b.WriteString(line(font, size, x, y, strings.Join(words[i:end], " ")))
		y -= size * 1.3
	}
	return b.String(), y
}

// TwoColumns writes left and right as two newspaper columns whose lines are
// interleaved in the content stream (left line 1, right line 1, ...), so
// content order is not reading order.
func TwoColumns(size float64, left, right []string) string {
	var b strings.Builder
	perLine := 6
	y := 740.0
	for i := 0; i < max(len(left), len(right)); i += perLine {
		if i < len(left) {
			b.WriteString(Text("F2", size, 50, y, strings.Join(left[i:min(len(left), i+perLine)], " ")))
		}
		if i < len(right) {
			b.WriteString(Text("F2", size, 320, y, strings.Join(right[i:min(len(right), i+perLine)], " ")))
		}
		y -= size * 1.3
	}
	return b.String()
}

// Table draws a ruled grid with one text per cell.
func Table(size, x, y float64, rows [][]string) string {
	var b strings.Builder
	colW, rowH := 130.0, size*2
	for r, row := range rows {
		for c, cell := range row {
			cx, cy := x+float64(c)*colW, y-float64(r)*rowH
			fmt.Fprintf(&b, "%g %g %g %g re S\n", cx, cy-rowH+size*0.6, colW, rowH)
			b.WriteString(Text("F1", size, cx+4, cy-size*0.6, cell))
		}
	}
	return b.String()
}

// ImageOnly is a page with graphics but no text, like a scan.
func ImageOnly() string {
	return "0.8 g 50 50 500 700 re f 0 g 100 600 m 500 600 l S\n"
}

// EncryptPDF password-protects a PDF with AES-256, as "save with password"
// in PDF tools does.
func EncryptPDF(pdf []byte, userPW, ownerPW string) ([]byte, error) {
	api.DisableConfigDir()
	var out bytes.Buffer
	if err := api.Encrypt(bytes.NewReader(pdf), &out, model.NewAESConfiguration(userPW, ownerPW, 256)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Words returns n deterministic pseudo-words ("lorem"-like, lower-case
// ASCII) for filling pages; the same seed gives the same words.
func Words(seed, n int) []string {
	syll := []string{"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "pe", "da", "gor", "lin", "tas", "ben", "qua"}
	out := make([]string, n)
	x := uint32(seed*2654435761 + 1)
	for i := range out {
		var b strings.Builder
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		k := 2 + int(x%3)
		for j := 0; j < k; j++ {
			b.WriteString(syll[(x>>(4*j))%uint32(len(syll))])
		}
		out[i] = b.String()
	}
	return out
}
