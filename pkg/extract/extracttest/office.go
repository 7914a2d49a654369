package extracttest

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"html"
	"strings"
	"unicode/utf16"

	"golang.org/x/text/encoding/charmap"
)

const wNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
	`xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`

// DOCX writes a minimal valid Word document whose w:body holds body (use
// P, Heading, ListItem and Tbl to build it). Extra parts (for example
// "word/numbering.xml") are added as given.
func DOCX(body string, extra map[string]string) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	add := func(name, content string) {
		w, _ := z.Create(name)
		w.Write([]byte(content))
	}
	add("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`)
	add("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`)
	add("word/document.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document `+wNS+`><w:body>`+body+`<w:sectPr/></w:body></w:document>`)
	for name, content := range extra {
		add(name, content)
	}
	z.Close()
	return b.Bytes()
}

// P is a plain paragraph; "\n" in text becomes a line break.
func P(text string) string { return para("", "", text) }

// Heading is a paragraph in the built-in "HeadingN" style.
func Heading(level int, text string) string { return para(fmt.Sprintf("Heading%d", level), "", text) }

// ListItem is a numbered or bulleted paragraph (numID refers to
// word/numbering.xml, see Numbering).
func ListItem(numID, ilvl int, text string) string {
	return para("ListParagraph", fmt.Sprintf(`<w:numPr><w:ilvl w:val="%d"/><w:numId w:val="%d"/></w:numPr>`, ilvl, numID), text)
}

func para(style, numPr, text string) string {
	var b strings.Builder
	b.WriteString("<w:p><w:pPr>")
	if style != "" {
		fmt.Fprintf(&b, `<w:pStyle w:val="%s"/>`, style)
	}
	b.WriteString(numPr)
	b.WriteString("</w:pPr>")
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteString("<w:r><w:br/></w:r>")
		}
		// Split runs mid-word, as Word does after edits, so run joining is tested.
		mid := len(line) / 2
		for mid > 0 && mid < len(line) && line[mid]&0xC0 == 0x80 {
			mid++
		}
		fmt.Fprintf(&b, `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">%s</w:t></w:r><w:r><w:t>%s</w:t></w:r>`,
			html.EscapeString(line[:mid]), html.EscapeString(line[mid:]))
	}
	b.WriteString("</w:p>")
	return b.String()
}

// Tbl is a table with one plain paragraph per cell.
func Tbl(rows [][]string) string {
	var b strings.Builder
	b.WriteString("<w:tbl><w:tblPr/>")
	for _, row := range rows {
		b.WriteString("<w:tr>")
		for _, c := range row {
			b.WriteString("<w:tc><w:tcPr/>" + P(c) + "</w:tc>")
		}
		b.WriteString("</w:tr>")
	}
	b.WriteString("</w:tbl>")
	return b.String()
}

// Numbering returns a word/numbering.xml where numId 1 is a decimal list
// and numId 2 a bullet list.
func Numbering() string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ` + wNS + `>
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`
}

// DocPiece is a run of Word text stored either as cp1252 bytes
// ("compressed") or as UTF-16LE. Text uses Word's control characters:
// "\r" ends a paragraph, "\x07" ends a table cell (twice ends a row),
// "\x13code\x14result\x15" is a field.
type DocPiece struct {
	Text    string
	Unicode bool
}

// DOCOptions mark special Word files.
type DOCOptions struct {
	Encrypted bool
}

// DOC writes a Word 97 binary document: a compound file holding a
// WordDocument stream (FIB + text) and a 1Table stream (piece table).
func DOC(pieces []DocPiece, opts DOCOptions) []byte {
	const textStart = 0x800
	var text bytes.Buffer
	var cps []uint32
	var fcs []uint32
	cp := uint32(0)
	for _, p := range pieces {
		cps = append(cps, cp)
		pos := uint32(textStart + text.Len())
		if p.Unicode {
			for _, u := range utf16.Encode([]rune(p.Text)) {
				binary.Write(&text, binary.LittleEndian, u)
			}
			fcs = append(fcs, pos)
			cp += uint32(len(utf16.Encode([]rune(p.Text))))
		} else {
			enc, err := charmap.Windows1252.NewEncoder().String(p.Text)
			if err != nil {
				panic(fmt.Sprintf("extracttest: %q is not cp1252: %v", p.Text, err))
			}
			text.WriteString(enc)
			fcs = append(fcs, (pos*2)|0x40000000)
			cp += uint32(len(enc))
		}
	}
	cps = append(cps, cp)
	ccpText := cp

	// Table stream: one Prc (empty grpprl) then the Pcdt.
	var clx bytes.Buffer
	clx.Write([]byte{0x01, 0x00, 0x00})
	clx.WriteByte(0x02)
	binary.Write(&clx, binary.LittleEndian, uint32(4*len(cps)+8*len(fcs)))
	for _, c := range cps {
		binary.Write(&clx, binary.LittleEndian, c)
	}
	for _, fc := range fcs {
		binary.Write(&clx, binary.LittleEndian, uint16(0))
		binary.Write(&clx, binary.LittleEndian, fc)
		binary.Write(&clx, binary.LittleEndian, uint16(0))
	}
	table := make([]byte, 0x200, 0x200+clx.Len())
	fcClx := uint32(len(table))
	table = append(table, clx.Bytes()...)

	// WordDocument: FibBase, fibRgW (14 words), fibRgLw (22 longs),
	// fibRgFcLcb97 (93 pairs), cswNew = 0, then padding up to the text.
	wd := make([]byte, textStart)
	le := binary.LittleEndian
	le.PutUint16(wd[0:], 0xA5EC)
	le.PutUint16(wd[2:], 0x00C1)
	flags := uint16(0x0200) // fWhichTblStm: 1Table
	if opts.Encrypted {
		flags |= 0x0100
	}
	le.PutUint16(wd[10:], flags)
	off := 32
	le.PutUint16(wd[off:], 14)
	off += 2 + 28
	le.PutUint16(wd[off:], 22)
	rgLw := off + 2
	le.PutUint32(wd[rgLw:], uint32(textStart+text.Len())) // cbMac
	le.PutUint32(wd[rgLw+12:], ccpText)
	off = rgLw + 88
	le.PutUint16(wd[off:], 93)
	rg := off + 2
	le.PutUint32(wd[rg+33*8:], fcClx)
	le.PutUint32(wd[rg+33*8+4:], uint32(clx.Len()))
	wd = append(wd, text.Bytes()...)
	return CFB(map[string][]byte{"WordDocument": wd, "1Table": table})
}

// CFB writes a version 3 compound file (512-byte sectors) with the given
// top-level streams. Streams shorter than 4096 bytes are padded with zeros
// to that size so that none lives in the mini stream, which keeps this
// writer small (Word streams tolerate trailing zeros).
func CFB(streams map[string][]byte) []byte {
	const (
		sector     = 512
		endChain   = 0xFFFFFFFE
		freeSect   = 0xFFFFFFFF
		fatSect    = 0xFFFFFFFD
		noStream   = 0xFFFFFFFF
		miniCutoff = 4096
	)
	// Directory order: root, then streams sorted as CFB compares names
	// (shorter first, then upper-case comparison).
	names := make([]string, 0, len(streams))
	for n := range streams {
		names = append(names, n)
	}
	less := func(a, b string) bool {
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		return strings.ToUpper(a) < strings.ToUpper(b)
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if less(names[j], names[i]) {
				names[i], names[j] = names[j], names[i]
			}
		}
	}
	type layout struct{ start, sectors int }
	var fat []uint32
	fat = append(fat, fatSect)  // sector 0: the FAT itself
	fat = append(fat, endChain) // sector 1: the directory
	var body bytes.Buffer       // sectors from 2 on
	lay := map[string]layout{}
	sizes := map[string]int{}
	for _, n := range names {
		data := streams[n]
		padded := max(len(data), miniCutoff)
		sizes[n] = padded
		nsec := (padded + sector - 1) / sector
		start := len(fat)
		for i := range nsec {
			if i == nsec-1 {
				fat = append(fat, endChain)
			} else {
				fat = append(fat, uint32(start+i+1))
			}
		}
		buf := make([]byte, nsec*sector)
		copy(buf, data)
		body.Write(buf)
		lay[n] = layout{start, nsec}
	}
	if len(fat) > sector/4 {
		panic("extracttest: CFB writer supports one FAT sector (about 60 KB of streams)")
	}
	for len(fat) < sector/4 {
		fat = append(fat, freeSect)
	}

	le := binary.LittleEndian
	hdr := make([]byte, sector)
	copy(hdr, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	le.PutUint16(hdr[24:], 0x003E)
	le.PutUint16(hdr[26:], 0x0003)
	le.PutUint16(hdr[28:], 0xFFFE)
	le.PutUint16(hdr[30:], 9)
	le.PutUint16(hdr[32:], 6)
	le.PutUint32(hdr[44:], 1) // FAT sectors
	le.PutUint32(hdr[48:], 1) // first directory sector
	le.PutUint32(hdr[56:], miniCutoff)
	le.PutUint32(hdr[60:], endChain) // no mini FAT
	le.PutUint32(hdr[68:], endChain) // no DIFAT sectors
	le.PutUint32(hdr[76:], 0)        // DIFAT[0] = FAT at sector 0
	for i := 1; i < 109; i++ {
		le.PutUint32(hdr[76+4*i:], freeSect)
	}

	fatBuf := make([]byte, sector)
	for i, v := range fat {
		le.PutUint32(fatBuf[4*i:], v)
	}

	dir := make([]byte, sector)
	entry := func(i int, name string, typ byte, left, right, child uint32, start uint32, size uint64) {
		e := dir[128*i : 128*(i+1)]
		u := utf16.Encode([]rune(name))
		for k, c := range u {
			le.PutUint16(e[2*k:], c)
		}
		le.PutUint16(e[64:], uint16(2*(len(u)+1)))
		e[66] = typ
		e[67] = 1 // black
		le.PutUint32(e[68:], left)
		le.PutUint32(e[72:], right)
		le.PutUint32(e[76:], child)
		le.PutUint32(e[116:], start)
		le.PutUint64(e[120:], size)
	}
	if len(names) > 3 {
		panic("extracttest: CFB writer supports up to three streams")
	}
	// The streams form a right-leaning chain: each entry's right sibling is
	// the next larger name.
	entry(0, "Root Entry", 5, noStream, noStream, 1, endChain, 0)
	for i, n := range names {
		right := uint32(noStream)
		if i+1 < len(names) {
			right = uint32(i + 2)
		}
		entry(i+1, n, 2, noStream, right, noStream, uint32(lay[n].start), uint64(sizes[n]))
	}
	for i := len(names) + 1; i < 4; i++ {
		entry(i, "", 0, noStream, noStream, noStream, 0, 0)
	}

	var out bytes.Buffer
	out.Write(hdr)
	out.Write(fatBuf)
	out.Write(dir)
	out.Write(body.Bytes())
	return out.Bytes()
}
