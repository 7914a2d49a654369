package export

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/font"
	"golang.org/x/text/encoding/charmap"
)

// A small PDF writer: pages of vector graphics and text in the standard
// Type1 fonts Helvetica and Helvetica-Bold with WinAnsi encoding, which
// every PDF reader has, so no font is embedded.

const (
	fontRegular = "Helvetica"
	fontBold    = "Helvetica-Bold"
)

type pdfPage struct {
	w, h float64
	c    bytes.Buffer
}

type pdfDoc struct {
	title string
	pages []*pdfPage
}

func (d *pdfDoc) addPage(w, h float64) *pdfPage {
	p := &pdfPage{w: w, h: h}
	d.pages = append(d.pages, p)
	return p
}

// winAnsi encodes s for the standard fonts; characters outside Windows-1252
// become close ASCII or '?'.
func winAnsi(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		switch r {
		case '→':
			out = append(out, '-', '>')
			continue
		case '←':
			out = append(out, '<', '-')
			continue
		case '\t':
			out = append(out, ' ')
			continue
		case '\u00a0':
			r = ' '
		}
		if b, ok := charmap.Windows1252.EncodeRune(r); ok && (b >= 0x20 || b == ' ') {
			out = append(out, b)
		} else if r >= 0x20 {
			out = append(out, '?')
		}
	}
	return out
}

// textWidth measures s (already WinAnsi) in points.
func textWidth(s []byte, fontName string, size float64) float64 {
	w := 0
	for _, c := range s {
		w += charUnits(c, fontName)
	}
	return float64(w) * size / 1000
}

// charUnits is the advance of one WinAnsi byte in 1/1000 of the font size.
func charUnits(c byte, fontName string) int {
	cw, err := font.CharWidth(fontName, rune(c))
	if err != nil || cw == 0 {
		cw = 556
	}
	return cw
}

// wrap breaks text into lines no wider than width. Widths are kept as
// running sums, so the work is linear in the text: a word longer than a
// line (a pasted URL, a hash) is cut where its running width passes the
// line, instead of being re-measured for every shorter prefix.
func wrap(text string, fontName string, size, width float64) [][]byte {
	// limit is the line width in font units; a line fits while its units
	// stay at or under it.
	limit := width * 1000 / size
	fits := func(units int) bool { return float64(units) <= limit }
	space := charUnits(' ', fontName)
	var lines [][]byte
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, nil)
			continue
		}
		var cur []byte
		curW := 0
		for _, w := range words {
			wb := winAnsi(w)
			ww := 0
			for _, c := range wb {
				ww += charUnits(c, fontName)
			}
			// split words longer than the line
			if !fits(ww) && len(wb) > 1 {
				if len(cur) > 0 {
					lines = append(lines, cur)
					cur, curW = nil, 0
				}
				start, run := 0, 0
				for i, c := range wb {
					cw := charUnits(c, fontName)
					if i > start && !fits(run+cw) {
						lines = append(lines, wb[start:i])
						start, run = i, 0
					}
					run += cw
				}
				wb, ww = wb[start:], run
			}
			switch {
			case len(cur) == 0:
				cur, curW = append([]byte(nil), wb...), ww
			case !fits(curW + space + ww):
				lines = append(lines, cur)
				cur, curW = append([]byte(nil), wb...), ww
			default:
				cur = append(append(cur, ' '), wb...)
				curW += space + ww
			}
		}
		lines = append(lines, cur)
	}
	return lines
}

func pdfHex(b []byte) string {
	return fmt.Sprintf("<%X>", b)
}

func f2(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// text draws one line with its baseline at (x, y) in PDF coordinates.
func (p *pdfPage) text(x, y float64, fontName string, size float64, s []byte) {
	res := "F1"
	if fontName == fontBold {
		res = "F2"
	}
	fmt.Fprintf(&p.c, "BT /%s %s Tf %s %s Td %s Tj ET\n", res, f2(size), f2(x), f2(y), pdfHex(s))
}

// rotatedText draws s turned 90° counter-clockwise (pool and lane names).
func (p *pdfPage) rotatedText(x, y float64, fontName string, size float64, s []byte) {
	res := "F1"
	if fontName == fontBold {
		res = "F2"
	}
	fmt.Fprintf(&p.c, "BT /%s %s Tf 0 1 -1 0 %s %s Tm %s Tj ET\n", res, f2(size), f2(x), f2(y), pdfHex(s))
}

func (p *pdfPage) op(format string, args ...any) {
	fmt.Fprintf(&p.c, format, args...)
	p.c.WriteByte('\n')
}

func (p *pdfPage) stroke(r, g, b, width float64) {
	p.op("%s %s %s RG %s w", f2(r), f2(g), f2(b), f2(width))
}

func (p *pdfPage) fill(r, g, b float64) {
	p.op("%s %s %s rg", f2(r), f2(g), f2(b))
}

func (p *pdfPage) rect(x, y, w, h float64, mode string) {
	p.op("%s %s %s %s re %s", f2(x), f2(y), f2(w), f2(h), mode)
}

// bytes serialises the document with a cross-reference table.
func (d *pdfDoc) bytes() ([]byte, error) {
	var out bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	n := len(d.pages)
	// 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then page i: 6+2i, content 7+2i
	kids := make([]string, n)
	for i := range d.pages {
		kids[i] = fmt.Sprintf("%d 0 R", 6+2*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	obj(fmt.Sprintf("<< /Title %s /Producer (SPADE) /Creator (SPADE) >>", pdfHex(append([]byte{}, winAnsi(d.title)...))))
	for i, p := range d.pages {
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		if _, err := zw.Write(p.c.Bytes()); err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>",
			f2(p.w), f2(p.h), 7+2*i))
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n", len(offsets), z.Len())
		out.Write(z.Bytes())
		out.WriteString("\nendstream\nendobj\n")
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return out.Bytes(), nil
}
