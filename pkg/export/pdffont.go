package export

import (
	"bytes"
	"compress/gzip"
	_ "embed" // the fonts the PDF export embeds
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/spade-bpmn/spade/pkg/export/internal/ttf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The PDF export embeds DejaVu Sans (fonts-dejavu-core; licence in
// fonts/LICENSE-DejaVu.txt) so every Latin, Greek, Cyrillic, Hebrew and
// Arabic name prints as written instead of as '?'. Text is encoded as
// two-byte character ids equal to the Unicode code point (Identity-H), so
// both weights share one encoding; each font maps ids to its own glyphs
// (CIDToGIDMap) and back to Unicode (ToUnicode) for copy and search.
//
// DejaVu has no Chinese, Japanese or Korean glyphs: characters it lacks are
// drawn in WenQuanYi Micro Hei (fonts-wqy-microhei, Apache-2.0; licence in
// fonts/LICENSE-WenQuanYi.txt), chosen character by character (face). That
// font is embedded in the binary, gzipped (1.9 MB), rather than read from a
// Debian path at run time: a self-hosted instance, offline or in a slim
// container without the font package, then prints the same PDF as the
// tests do, instead of silently falling back to empty boxes. It is
// decompressed and parsed only when an export first needs it.

//go:generate go run ./internal/fontgen -out fonts/WenQuanYiMicroHei.ttf.gz

//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

//go:embed fonts/DejaVuSans-Bold.ttf
var dejaVuSansBold []byte

//go:embed fonts/WenQuanYiMicroHei.ttf.gz
var wqyMicroHeiGz []byte

// fontMetrics is what the layout and the writer need of one embedded font;
// it is built once per process and never changes afterwards.
type fontMetrics struct {
	name string
	data []byte
	gid  []uint16 // code point (BMP) → glyph id, 0 when the font lacks it
	adv  []uint16 // code point (BMP) → advance in 1/1000 of the font size
	// font-wide figures in 1/1000 of the font size
	ascent, descent, bbox [4]int
	upem                  int
	glyphAdv              []uint16 // glyph id → advance in 1/1000
}

// loadFonts parses both embedded fonts once; the tables are immutable, so
// concurrent exports share them.
var loadFonts = sync.OnceValues(func() (map[string]*fontMetrics, error) {
	m := map[string]*fontMetrics{}
	for name, data := range map[string][]byte{fontRegular: dejaVuSans, fontBold: dejaVuSansBold} {
		f, err := newFontMetrics(name, data)
		if err != nil {
			return nil, fmt.Errorf("load font %s: %w", name, err)
		}
		m[name] = f
	}
	return m, nil
})

// loadFallback unpacks and parses the CJK font on first use: 4 MB of
// tables a Latin-only export never needs.
var loadFallback = sync.OnceValues(func() (*fontMetrics, error) {
	zr, err := gzip.NewReader(bytes.NewReader(wqyMicroHeiGz))
	if err != nil {
		return nil, fmt.Errorf("load font %s: %w", fontFallback, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("load font %s: %w", fontFallback, err)
	}
	f, err := newFontMetrics(fontFallback, data)
	if err != nil {
		return nil, fmt.Errorf("load font %s: %w", fontFallback, err)
	}
	return f, nil
})

// face returns the font that draws character c in text set in fontName:
// that font when it has the glyph, else DejaVu Sans (bold lacks a few
// regular glyphs), else the CJK fallback. A character no font has stays
// in fontName and prints as its box.
func face(fontName string, c uint16) *fontMetrics {
	f := metrics(fontName)
	if f.gid[c] != 0 {
		return f
	}
	if fontName != fontRegular {
		if r := metrics(fontRegular); r.gid[c] != 0 {
			return r
		}
	}
	if fb := metrics(fontFallback); fb.gid[c] != 0 {
		return fb
	}
	return f
}

// advance is the width of character c set in fontName, in 1/1000 of the
// font size, measured in the font that draws it.
func advance(fontName string, c uint16) int { return face(fontName, c).units(c) }

// metrics returns the embedded font's metrics; the fonts are part of the
// binary, so failing to parse them is a programming error.
func metrics(name string) *fontMetrics {
	if name == fontFallback {
		f, err := loadFallback()
		if err != nil {
			panic(err)
		}
		return f
	}
	m, err := loadFonts()
	if err != nil {
		panic(err)
	}
	f, ok := m[name]
	if !ok {
		panic("export: unknown font " + name)
	}
	return f
}

func newFontMetrics(name string, data []byte) (*fontMetrics, error) {
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	upem := int(f.UnitsPerEm())
	fm := &fontMetrics{name: name, data: data, upem: upem, gid: make([]uint16, 0x10000), adv: make([]uint16, 0x10000)}
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(upem << 6)
	n := f.NumGlyphs()
	fm.glyphAdv = make([]uint16, n)
	for g := 0; g < n; g++ {
		a, err := f.GlyphAdvance(&buf, sfnt.GlyphIndex(g), ppem, font.HintingNone)
		if err != nil {
			return nil, err
		}
		fm.glyphAdv[g] = uint16(int(a) * 1000 / (upem << 6))
	}
	for r := rune(0x20); r < 0x10000; r++ {
		g, err := f.GlyphIndex(&buf, r)
		if err != nil || g == 0 {
			continue
		}
		fm.gid[r] = uint16(g)
		fm.adv[r] = fm.glyphAdv[g]
	}
	// The writer's own ids draw the glyph of another character
	// (internalID); lamMark draws nothing and takes no room.
	for c := rune(internalIDs); c <= internalIDsEnd; c++ {
		if glyph, _, ok := internalID(c); ok {
			fm.gid[c], fm.adv[c] = fm.gid[glyph], fm.adv[glyph]
		}
	}
	fm.adv[lamMark] = 0
	hhea, err := fontTable(data, "hhea")
	if err != nil {
		return nil, err
	}
	head, err := fontTable(data, "head")
	if err != nil {
		return nil, err
	}
	scale := func(v int16) int { return int(v) * 1000 / upem }
	fm.ascent[0] = scale(int16(binary.BigEndian.Uint16(hhea[4:])))
	fm.descent[0] = scale(int16(binary.BigEndian.Uint16(hhea[6:])))
	for i := range 4 {
		fm.bbox[i] = scale(int16(binary.BigEndian.Uint16(head[36+2*i:])))
	}
	return fm, nil
}

// units is the advance of character id c in 1/1000 of the font size; a
// character the font lacks is as wide as its replacement box.
func (f *fontMetrics) units(c uint16) int {
	if a := f.adv[c]; a != 0 || f.gid[c] != 0 {
		return int(a)
	}
	return int(f.glyphAdv[0])
}

// fontTable returns the bytes of one TrueType table.
func fontTable(data []byte, tag string) ([]byte, error) {
	if len(data) < 12 {
		return nil, errors.New("font too short")
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := range n {
		r := 12 + 16*i
		if r+16 > len(data) {
			break
		}
		if string(data[r:r+4]) == tag {
			off, l := int(binary.BigEndian.Uint32(data[r+8:])), int(binary.BigEndian.Uint32(data[r+12:]))
			if off+l > len(data) {
				return nil, fmt.Errorf("table %s out of range", tag)
			}
			return data[off : off+l], nil
		}
	}
	return nil, fmt.Errorf("no %s table", tag)
}

// subset returns a TrueType font holding only the glyphs in gids (and the
// glyphs their composites use, and .notdef); glyph ids stay as they are, so
// the CIDToGIDMap can point into it, and the other glyphs are left empty.
func subset(data []byte, gids map[uint16]bool) ([]byte, error) {
	t, err := readGlyphTables(data)
	if err != nil {
		return nil, err
	}
	keep := t.keptGlyphs(gids)
	newGlyf, newLoca := t.rebuild(keep)
	newHead := append([]byte(nil), t.head...)
	binary.BigEndian.PutUint32(newHead[8:], 0) // checkSumAdjustment
	binary.BigEndian.PutUint16(newHead[50:], 1)
	tables := map[string][]byte{"head": newHead, "loca": newLoca, "glyf": newGlyf, "maxp": t.maxp}
	for _, tag := range []string{"hhea", "hmtx", "cvt ", "fpgm", "prep"} {
		if b, err := fontTable(data, tag); err == nil {
			tables[tag] = b
		}
	}
	if hm := blankMetrics(tables["hhea"], tables["hmtx"], t.n, keep); hm != nil {
		tables["hmtx"] = hm
	}
	return ttf.Write(tables), nil
}

// glyphTables are the tables of a TrueType font that hold its glyphs.
type glyphTables struct {
	head, maxp, loca, glyf []byte
	n                      int  // number of glyphs
	long                   bool // loca holds 32-bit offsets
}

// readGlyphTables finds the glyph tables of a TrueType font and checks
// that loca has an offset for every glyph and the end.
func readGlyphTables(data []byte) (*glyphTables, error) {
	var t glyphTables
	for _, tb := range []struct {
		tag string
		dst *[]byte
	}{{"head", &t.head}, {"maxp", &t.maxp}, {"loca", &t.loca}, {"glyf", &t.glyf}} {
		b, err := fontTable(data, tb.tag)
		if err != nil {
			return nil, err
		}
		*tb.dst = b
	}
	t.n = int(binary.BigEndian.Uint16(t.maxp[4:]))
	t.long = binary.BigEndian.Uint16(t.head[50:]) == 1
	if (t.long && len(t.loca) < 4*(t.n+1)) || (!t.long && len(t.loca) < 2*(t.n+1)) {
		return nil, errors.New("loca table too short")
	}
	return &t, nil
}

// offset is where glyph g starts in glyf (and glyph g-1 ends).
func (t *glyphTables) offset(g int) int {
	if t.long {
		return int(binary.BigEndian.Uint32(t.loca[4*g:]))
	}
	return 2 * int(binary.BigEndian.Uint16(t.loca[2*g:]))
}

// keptGlyphs is .notdef, the glyphs asked for and, transitively, the
// glyphs the composite ones among them draw.
func (t *glyphTables) keptGlyphs(gids map[uint16]bool) map[int]bool {
	keep := map[int]bool{0: true}
	queue := []int{0}
	add := func(g int) {
		if g < t.n && !keep[g] {
			keep[g] = true
			queue = append(queue, g)
		}
	}
	for g := range gids {
		add(int(g))
	}
	for len(queue) > 0 {
		g := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		s, e := t.offset(g), t.offset(g+1)
		if e <= s || e > len(t.glyf) || e-s < 10 || int16(binary.BigEndian.Uint16(t.glyf[s:])) >= 0 {
			continue // empty, out of range, too short or a simple glyph
		}
		for _, c := range components(t.glyf[s:e]) {
			add(c)
		}
	}
	return keep
}

// components lists the glyphs a composite glyph's records name, in
// order: each record is flags, glyph index, its arguments (two bytes or
// two words) and an optional scale (one, two or four F2Dot14).
func components(glyph []byte) []int {
	var out []int
	for p := 10; p+4 <= len(glyph); {
		flags := binary.BigEndian.Uint16(glyph[p:])
		out = append(out, int(binary.BigEndian.Uint16(glyph[p+2:])))
		p += 4
		if flags&0x1 != 0 { // ARG_1_AND_2_ARE_WORDS
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&0x8 != 0: // WE_HAVE_A_SCALE
			p += 2
		case flags&0x40 != 0: // WE_HAVE_AN_X_AND_Y_SCALE
			p += 4
		case flags&0x80 != 0: // WE_HAVE_A_TWO_BY_TWO
			p += 8
		}
		if flags&0x20 == 0 { // MORE_COMPONENTS
			break
		}
	}
	return out
}

// rebuild writes glyf with only the kept glyphs (each padded to four
// bytes) and a long loca pointing into it; the other glyphs are empty.
func (t *glyphTables) rebuild(keep map[int]bool) (glyf, loca []byte) {
	glyf = make([]byte, 0, 4096)
	loca = make([]byte, 4*(t.n+1))
	for g := range t.n {
		binary.BigEndian.PutUint32(loca[4*g:], uint32(len(glyf)))
		if !keep[g] {
			continue
		}
		s, e := t.offset(g), t.offset(g+1)
		if s <= e && e <= len(t.glyf) {
			glyf = append(glyf, t.glyf[s:e]...)
			for len(glyf)%4 != 0 {
				glyf = append(glyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(loca[4*t.n:], uint32(len(glyf)))
	return glyf, loca
}

// blankMetrics returns a copy of hmtx with the metrics of the glyphs
// left out zeroed, or nil when the font has no usable hhea and hmtx.
// The PDF gives every width in /W; zeroing the metrics of glyphs left
// out lets the table compress to almost nothing.
func blankMetrics(hhea, hmtx []byte, n int, keep map[int]bool) []byte {
	if len(hhea) < 36 || hmtx == nil {
		return nil
	}
	hm := append([]byte(nil), hmtx...)
	nh := int(binary.BigEndian.Uint16(hhea[34:])) // numberOfHMetrics
	for g := range n {
		if keep[g] {
			continue
		}
		if g < nh {
			if 4*g+4 <= len(hm) {
				clear(hm[4*g : 4*g+4])
			}
		} else if o := 4*nh + 2*(g-nh); o+2 <= len(hm) {
			clear(hm[o : o+2])
		}
	}
	return hm
}

// fontObjects returns the PDF objects of one embedded font, numbered from
// base: CIDFont, FontDescriptor, FontFile2, CIDToGIDMap and ToUnicode
// (base … base+4); the Type0 font that names them is written by the caller.
func (f *fontMetrics) fontObjects(base int, tag string, used map[uint16]bool) (cidFont, descriptor string, fontFile, cidToGID, toUnicode []byte, err error) {
	cids := make([]int, 0, len(used))
	gids := map[uint16]bool{}
	for c := range used {
		cids = append(cids, int(c))
		gids[f.gid[c]] = true
	}
	sort.Ints(cids)
	var w strings.Builder
	for _, c := range cids {
		fmt.Fprintf(&w, "%d [%d] ", c, f.units(uint16(c)))
	}
	cidFont = fmt.Sprintf("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s+%s /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor %d 0 R /DW %d /W [%s] /CIDToGIDMap %d 0 R >>",
		tag, f.name, base+1, f.glyphAdv[0], strings.TrimSpace(w.String()), base+3)
	descriptor = fmt.Sprintf("<< /Type /FontDescriptor /FontName /%s+%s /Flags 32 /FontBBox [%d %d %d %d] /ItalicAngle 0 /Ascent %d /Descent %d /CapHeight %d /StemV 80 /FontFile2 %d 0 R >>",
		tag, f.name, f.bbox[0], f.bbox[1], f.bbox[2], f.bbox[3], f.ascent[0], f.descent[0], f.ascent[0], base+2)
	fontFile, err = subset(f.data, gids)
	if err != nil {
		return "", "", nil, nil, nil, fmt.Errorf("subset font %s: %w", f.name, err)
	}
	maxCID := 0
	if len(cids) > 0 {
		maxCID = cids[len(cids)-1]
	}
	cidToGID = make([]byte, 2*(maxCID+1))
	for _, c := range cids {
		binary.BigEndian.PutUint16(cidToGID[2*c:], f.gid[c])
	}
	var u strings.Builder
	u.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	for i := 0; i < len(cids); i += 100 {
		chunk := cids[i:min(i+100, len(cids))]
		fmt.Fprintf(&u, "%d beginbfchar\n", len(chunk))
		for _, c := range chunk {
			fmt.Fprintf(&u, "<%04X> <", c)
			for _, v := range utf16.Encode(unshape(rune(c))) {
				fmt.Fprintf(&u, "%04X", v)
			}
			u.WriteString(">\n")
		}
		u.WriteString("endbfchar\n")
	}
	u.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return cidFont, descriptor, fontFile, cidToGID, []byte(u.String()), nil
}
