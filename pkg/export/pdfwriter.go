package export

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"

	"golang.org/x/text/unicode/bidi"
)

// A small PDF writer: pages of vector graphics and text in DejaVu Sans and
// DejaVu Sans Bold, with WenQuanYi Micro Hei for the characters DejaVu
// lacks (CJK), embedded as subsets (pdffont.go). Text is handled as encoded
// strings: two bytes per character, the Unicode code point (Arabic letters
// already in their contextual forms, shape.go).

const (
	fontRegular  = "DejaVuSans"
	fontBold     = "DejaVuSans-Bold"
	fontFallback = "WenQuanYiMicroHei"
)

// pdfFonts are the fonts a document may use, in the order of their
// resource names F1, F2, F3.
func pdfFonts() [3]string { return [...]string{fontRegular, fontBold, fontFallback} }

// fontResource is the page resource name of fontName.
func fontResource(fontName string) string {
	for k, f := range pdfFonts() {
		if f == fontName {
			return fmt.Sprintf("F%d", k+1)
		}
	}
	return "F1"
}

type pdfPage struct {
	w, h float64
	c    bytes.Buffer
	used map[string]map[uint16]bool // font → character ids drawn
	// fillRGB is the colour text is drawn in (the last fill); faked bold
	// strokes the glyphs' outlines in it too.
	fillRGB [3]float64
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

// encode turns s into the writer's encoded string: two bytes per
// character, its code point. Tabs and no-break spaces become spaces, other
// control characters are dropped, characters beyond the Basic Multilingual
// Plane (emoji) become U+FFFD, and Arabic letters take their contextual
// forms.
func encode(s string) []byte {
	rs := make([]rune, 0, len(s))
	for _, r := range s {
		switch {
		case r == '\t' || r == '\u00a0':
			r = ' '
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			continue
		case r > 0xffff || (r >= internalIDs && r <= internalIDsEnd):
			r = '\ufffd'
		}
		rs = append(rs, r)
	}
	rs = shapeArabic(rs, func(form rune) bool { return metrics(fontRegular).gid[form] != 0 })
	out := make([]byte, 0, 2*len(rs))
	for _, r := range rs {
		out = append(out, byte(r>>8), byte(r))
	}
	return out
}

// char returns the i-th character id of an encoded string.
func char(s []byte, i int) uint16 { return uint16(s[i])<<8 | uint16(s[i+1]) }

// textWidth measures s (already encoded) in points.
func textWidth(s []byte, fontName string, size float64) float64 {
	w := 0
	for i := 0; i+1 < len(s); i += 2 {
		w += advance(fontName, char(s, i))
	}
	return float64(w) * size / 1000
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
	space := advance(fontName, ' ')
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
			wb := encode(w)
			ww := 0
			for i := 0; i+1 < len(wb); i += 2 {
				ww += advance(fontName, char(wb, i))
			}
			// split words longer than the line
			if !fits(ww) && len(wb) > 2 {
				if len(cur) > 0 {
					lines = append(lines, cur)
					cur, curW = nil, 0
				}
				start, run := 0, 0
				for i := 0; i+1 < len(wb); i += 2 {
					cw := advance(fontName, char(wb, i))
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
				cur = append(append(cur, 0, ' '), wb...)
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

// use records the characters of s drawn in fontName, for the font subset.
func (p *pdfPage) use(fontName string, s []byte) {
	if p.used == nil {
		p.used = map[string]map[uint16]bool{}
	}
	m := p.used[fontName]
	if m == nil {
		m = map[uint16]bool{}
		p.used[fontName] = m
	}
	for i := 0; i+1 < len(s); i += 2 {
		m[char(s, i)] = true
	}
}

// text draws one line with its baseline at (x, y) in PDF coordinates.
func (p *pdfPage) text(x, y float64, fontName string, size float64, s []byte) {
	p.show(fmt.Sprintf("%s %s Td", f2(x), f2(y)), fontName, size, visual(s))
}

// rotatedText draws s turned 90° counter-clockwise (pool and lane names).
func (p *pdfPage) rotatedText(x, y float64, fontName string, size float64, s []byte) {
	p.show(fmt.Sprintf("0 1 -1 0 %s %s Tm", f2(x), f2(y)), fontName, size, visual(s))
}

// show writes one text object placed by the operator at: s (in drawing
// order) as runs of characters that share a font, each shown in the font
// that has its glyphs (face); each run moves the pen by its own widths, so
// the runs join up. The CJK font has no bold: bold runs in it are filled
// and stroked (text render mode 2), inside q … Q so the stroke colour,
// width and dash of the drawing around it stay as they were.
func (p *pdfPage) show(at, fontName string, size float64, s []byte) {
	fakeBold := false
	if fontName == fontBold {
		for i := 0; i+1 < len(s); i += 2 {
			if face(fontName, char(s, i)).name == fontFallback {
				fakeBold = true
				break
			}
		}
	}
	if fakeBold {
		c := p.fillRGB
		fmt.Fprintf(&p.c, "q %s %s %s RG [] 0 d %s w ", f2(c[0]), f2(c[1]), f2(c[2]), f2(size*0.04))
	}
	fmt.Fprintf(&p.c, "BT %s ", at)
	start, cur := 0, ""
	flush := func(end int) {
		if end > start {
			p.use(cur, s[start:end])
			mode := ""
			if fakeBold {
				mode = "0 Tr "
				if cur == fontFallback {
					mode = "2 Tr "
				}
			}
			fmt.Fprintf(&p.c, "%s/%s %s Tf %s Tj ", mode, fontResource(cur), f2(size), pdfHex(s[start:end]))
		}
		start = end
	}
	for i := 0; i+1 < len(s); i += 2 {
		f := face(fontName, char(s, i)).name
		if f != cur {
			flush(i)
			cur = f
		}
	}
	flush(len(s) &^ 1)
	p.c.WriteString("ET")
	if fakeBold {
		p.c.WriteString(" Q")
	}
	p.c.WriteByte('\n')
}

func (p *pdfPage) op(format string, args ...any) {
	fmt.Fprintf(&p.c, format, args...)
	p.c.WriteByte('\n')
}

func (p *pdfPage) stroke(r, g, b, width float64) {
	p.op("%s %s %s RG %s w", f2(r), f2(g), f2(b), f2(width))
}

func (p *pdfPage) fill(r, g, b float64) {
	p.fillRGB = [3]float64{r, g, b}
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
	stream := func(dict string, data []byte) error {
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		if _, err := zw.Write(data); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n<< %s /Length %d /Filter /FlateDecode >>\nstream\n", len(offsets), dict, z.Len())
		out.Write(z.Bytes())
		out.WriteString("\nendstream\nendobj\n")
		return nil
	}
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	n := len(d.pages)
	// Only the fonts some page draws with are written: a document without
	// CJK text does not carry the fallback font.
	var fontNames, resources []string
	for k, name := range pdfFonts() {
		for _, p := range d.pages {
			if len(p.used[name]) > 0 {
				fontNames = append(fontNames, name)
				resources = append(resources, fmt.Sprintf("/F%d %d 0 R", k+1, 4+len(resources)))
				break
			}
		}
	}
	// 1 catalog, 2 pages, 3 info, the Type0 fonts from 4, then page i and
	// its content, then each font's five parts (see fontObjects).
	firstPage := 4 + len(fontNames)
	kids := make([]string, n)
	for i := range d.pages {
		kids[i] = fmt.Sprintf("%d 0 R", firstPage+2*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	title := append([]byte{0xfe, 0xff}, utf16BE(d.title)...)
	obj(fmt.Sprintf("<< /Title %s /Producer (SPADE) /Creator (SPADE) >>", pdfHex(title)))
	fontBase := firstPage + 2*n
	for k, name := range fontNames {
		obj(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /%s+%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>",
			subsetTag(k), name, fontBase+5*k, fontBase+5*k+4))
	}
	fontDict := strings.Join(resources, " ")
	for i, p := range d.pages {
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		if _, err := zw.Write(p.c.Bytes()); err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << /Font << %s >> >> /Contents %d 0 R >>",
			f2(p.w), f2(p.h), fontDict, firstPage+2*i+1))
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n", len(offsets), z.Len())
		out.Write(z.Bytes())
		out.WriteString("\nendstream\nendobj\n")
	}
	for k, name := range fontNames {
		used := map[uint16]bool{}
		for _, p := range d.pages {
			for c := range p.used[name] {
				used[c] = true
			}
		}
		cidFont, desc, file, cidToGID, toUni, err := metrics(name).fontObjects(fontBase+5*k, subsetTag(k), used)
		if err != nil {
			return nil, err
		}
		obj(cidFont)
		obj(desc)
		if err := stream(fmt.Sprintf("/Length1 %d", len(file)), file); err != nil {
			return nil, err
		}
		if err := stream("", cidToGID); err != nil {
			return nil, err
		}
		if err := stream("", toUni); err != nil {
			return nil, err
		}
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info 3 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return out.Bytes(), nil
}

// subsetTag is the six-letter prefix PDF requires on a subset font's name.
func subsetTag(k int) string { return "SPADE" + string(rune('A'+k)) }

// utf16BE encodes s as UTF-16 big-endian, for PDF text strings (the
// document title). Control characters are left out, as in drawn text:
// readers refuse a title that holds them.
func utf16BE(s string) []byte {
	rs := make([]rune, 0, len(s))
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			continue
		}
		rs = append(rs, r)
	}
	u := utf16.Encode(rs)
	out := make([]byte, 0, 2*len(u))
	for _, c := range u {
		out = append(out, byte(c>>8), byte(c))
	}
	return out
}

// rightToLeft reports whether an encoded line reads right to left: its
// first letter with a direction is Hebrew or Arabic.
func rightToLeft(s []byte) bool {
	for i := 0; i+1 < len(s); i += 2 {
		p, _ := bidi.LookupRune(rune(char(s, i)))
		switch p.Class() {
		case bidi.R, bidi.AL:
			return true
		case bidi.L:
			return false
		}
	}
	return false
}

// visual puts one encoded line of text into the order it is drawn in, left
// to right: right-to-left runs (Hebrew, Arabic) are reversed, and in a line
// that starts right-to-left the runs themselves go right to left (the
// Unicode bidirectional algorithm with two levels; Arabic letters were
// joined into their contextual forms by encode). Lines without right-to-left
// characters come back unchanged.
func visual(s []byte) []byte {
	runes := make([]rune, 0, len(s)/2)
	rtl, base := false, bidi.LeftToRight
	baseSet := false
	for i := 0; i+1 < len(s); i += 2 {
		r := rune(char(s, i))
		runes = append(runes, r)
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.R, bidi.AL:
			rtl = true
			if !baseSet {
				base, baseSet = bidi.RightToLeft, true
			}
		case bidi.L:
			baseSet = true
		}
	}
	if !rtl {
		return s
	}
	var para bidi.Paragraph
	if _, err := para.SetString(string(runes), bidi.DefaultDirection(base)); err != nil {
		return s
	}
	ord, err := para.Order()
	if err != nil {
		return s
	}
	runs := make([][]rune, ord.NumRuns())
	for i := range runs {
		run := ord.Run(i)
		rs := []rune(run.String())
		if run.Direction() == bidi.RightToLeft {
			rs = reverseClusters(rs)
			for k, r := range rs {
				if m, ok := mirrored(r); ok {
					rs[k] = m
				}
			}
		}
		runs[i] = rs
	}
	if base == bidi.RightToLeft {
		for a, b := 0, len(runs)-1; a < b; a, b = a+1, b-1 {
			runs[a], runs[b] = runs[b], runs[a]
		}
	}
	out := make([]byte, 0, len(s))
	for _, rs := range runs {
		for _, r := range rs {
			out = append(out, byte(r>>8), byte(r))
		}
	}
	return out
}

// reverseClusters reverses a right-to-left run for drawing left to right,
// keeping each combining mark (Arabic vowel signs, Hebrew points) after
// its letter: the fonts draw a mark back over the glyph before it.
func reverseClusters(rs []rune) []rune {
	out := make([]rune, 0, len(rs))
	end := len(rs)
	for i := len(rs) - 1; i >= 0; i-- {
		if i > 0 && unicode.Is(unicode.Mn, rs[i]) {
			continue
		}
		out = append(out, rs[i:end]...)
		end = i
	}
	return out
}

// The writer's own character ids are Unicode's noncharacters U+FDD0 …
// U+FDEF, which text never holds (encode turns them into U+FFFD): each
// draws one glyph but copies out as another character. lamMark (shape.go)
// is the first; the brackets mirrored in right-to-left runs follow.
const (
	internalIDs    = 0xFDD0
	internalIDsEnd = 0xFDEF
	mirroredIDs    = internalIDs + 1
)

// brackets are the characters a right-to-left run shows mirrored, in
// pairs: each one's mirror image is its neighbour.
const brackets = "()[]{}<>«»"

// mirror returns the bracket paired with r, which a right-to-left run
// shows in its place, and whether r is one.
func mirror(r rune) (rune, bool) {
	rs := []rune(brackets)
	for i, p := range rs {
		if p == r {
			return rs[i^1], true
		}
	}
	return r, false
}

// mirrored returns the id that draws bracket r mirrored, for a
// right-to-left run: it shows mirror(r) but copies out as r, so a reader
// that puts the run back into reading order gets "(3 days)", not
// ")3 days(".
func mirrored(r rune) (rune, bool) {
	for i, p := range []rune(brackets) {
		if p == r {
			return mirroredIDs + rune(i), true
		}
	}
	return r, false
}

// internalID returns, for one of the writer's own ids, the character
// whose glyph it draws and the text it copies out as.
func internalID(c rune) (glyph rune, text []rune, ok bool) {
	rs := []rune(brackets)
	switch {
	case c == lamMark:
		return ' ', []rune{0x0644}, true
	case c >= mirroredIDs && c < mirroredIDs+rune(len(rs)):
		i := c - mirroredIDs
		return rs[i^1], []rune{rs[i]}, true
	}
	return 0, nil, false
}
