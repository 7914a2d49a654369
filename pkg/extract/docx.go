package extract

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// errBudget marks a document that inflates past Options.MaxUncompressed.
var errBudget = errors.New("uncompressed size limit exceeded")

// budget counts bytes actually inflated across all entries of one archive;
// zip headers can lie about sizes, so they are never trusted.
type budget struct{ left int64 }

type budgetReader struct {
	r io.Reader
	b *budget
}

func (br budgetReader) Read(p []byte) (int, error) {
	if br.b.left <= 0 {
		// Probe one byte so that an entry ending exactly at the limit passes.
		var one [1]byte
		if n, _ := br.r.Read(one[:]); n > 0 {
			return 0, errBudget
		}
		return 0, io.EOF
	}
	if int64(len(p)) > br.b.left {
		p = p[:br.b.left]
	}
	n, err := br.r.Read(p)
	br.b.left -= int64(n)
	return n, err
}

// detailLyingZip answers a DOCX whose parts unpack past their declared
// sizes.
const detailLyingZip = "This DOCX file unpacks to more data than its own index declares (the mark of a zip bomb), so it was not read. " +
	"Open it in Word or LibreOffice, save it again as DOCX, and upload that."

// tokenCap fails a part in which more than max bytes pass without a '<':
// encoding/xml holds a whole text run or attribute value in memory before
// handing it over, and '<' can appear in neither, so this bounds each
// token at the text budget before it is buffered.
type tokenCap struct {
	r   io.Reader
	max int
	run int // bytes since the last '<'
}

func (t *tokenCap) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	for b := p[:n]; ; {
		k := bytes.IndexByte(b, '<')
		if k < 0 {
			t.run += len(b)
			break
		}
		if t.run+k > t.max {
			return 0, errTextBudget
		}
		t.run, b = 0, b[k+1:]
	}
	if t.run > t.max {
		return 0, errTextBudget
	}
	return n, err
}

// docxArchive is an opened DOCX with its limits.
type docxArchive struct {
	zr     *zip.Reader
	budget *budget
	files  map[string]*zip.File
}

func (a *docxArchive) open(name string) (io.ReadCloser, error) {
	f, ok := a.files[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("docx: missing part %s", name)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{budgetReader{rc, a.budget}, rc}, nil
}

func extractDOCX(ctx context.Context, data []byte, opts Options) (*Document, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, failure.Permanent(detailCorruptDOCX, fmt.Errorf("docx: %w", err))
	}
	lim := opts.limits()
	if len(zr.File) > opts.MaxZipEntries {
		return nil, failure.Permanent(fmt.Sprintf("This DOCX file has %d parts; the limit is %d. Save it again without embedded media, or split it, then upload it again.", len(zr.File), opts.MaxZipEntries),
			fmt.Errorf("docx: %d entries, limit %d", len(zr.File), opts.MaxZipEntries))
	}
	a := &docxArchive{zr: zr, budget: &budget{left: opts.MaxUncompressed}, files: make(map[string]*zip.File, len(zr.File))}
	for _, f := range zr.File {
		a.files[strings.ToLower(strings.TrimPrefix(f.Name, "/"))] = f
	}
	if _, ok := a.files["word/encryptioninfo"]; ok {
		return nil, failure.Permanent(detailEncryptedDO, errors.New("docx: encrypted"))
	}

	main := mainDocumentPart(a)
	dir := path.Dir(main)
	styles := map[string]styleInfo{}
	numbering := &numbering{}
	// Styles and numbering only refine the output; a broken one is ignored.
	if err := parseStyles(a, path.Join(dir, "styles.xml"), styles); errors.Is(err, errBudget) {
		return nil, budgetFailure("DOCX", lim, err)
	}
	if err := parseNumbering(a, path.Join(dir, "numbering.xml"), numbering); errors.Is(err, errBudget) {
		return nil, budgetFailure("DOCX", lim, err)
	}

	rc, err := a.open(main)
	if err != nil {
		return nil, failure.Permanent(detailCorruptDOCX, err)
	}
	defer rc.Close()
	w := &docxWalker{ctx: ctx, styles: styles, numbering: numbering, textLeft: opts.MaxText}
	if err := w.walk(&tokenCap{r: rc, max: opts.MaxText}); err != nil {
		if fe := budgetFailure("DOCX", lim, err); fe != nil {
			return nil, fe
		}
		if errors.Is(err, zip.ErrFormat) {
			// archive/zip stops a part that unpacks past the size its
			// index declares: a zip bomb's lie, not a damaged file.
			return nil, failure.Permanent(detailLyingZip, fmt.Errorf("docx: %w", err))
		}
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, failure.Permanent(detailCorruptDOCX, fmt.Errorf("docx: %w", err))
	}
	return &Document{Text: joinBlocks(w.blocks), Format: FormatDOCX}, nil
}

// mainDocumentPart follows the package relationship to the main part, which
// is usually word/document.xml but need not be.
func mainDocumentPart(a *docxArchive) string {
	const fallback = "word/document.xml"
	rc, err := a.open("_rels/.rels")
	if err != nil {
		return fallback
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	for {
		tok, err := d.Token()
		if err != nil {
			return fallback
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Relationship" {
			continue
		}
		if strings.HasSuffix(attr(se, "Type"), "/officeDocument") {
			t := strings.TrimPrefix(attr(se, "Target"), "/")
			if _, ok := a.files[strings.ToLower(t)]; ok {
				return t
			}
			return fallback
		}
	}
}

func attr(se xml.StartElement, local string) string {
	for _, at := range se.Attr {
		if at.Name.Local == local {
			return at.Value
		}
	}
	return ""
}

// styleInfo is what a paragraph style tells about its paragraphs.
type styleInfo struct {
	heading bool
	numID   string // list numbering defined by the style itself
	basedOn string
}

func parseStyles(a *docxArchive, name string, styles map[string]styleInfo) error {
	rc, err := a.open(name)
	if err != nil {
		return nil
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	var id string
	var cur styleInfo
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "style":
				id, cur = attr(t, "styleId"), styleInfo{}
			case "name":
				n := strings.ToLower(attr(t, "val"))
				cur.heading = cur.heading || strings.HasPrefix(n, "heading") || n == "title" || n == "subtitle"
			case "outlineLvl":
				if v, err := strconv.Atoi(attr(t, "val")); err == nil && v < 9 {
					cur.heading = true
				}
			case "numId":
				if id != "" {
					cur.numID = attr(t, "val")
				}
			case "basedOn":
				cur.basedOn = attr(t, "val")
			}
		case xml.EndElement:
			if t.Name.Local == "style" && id != "" {
				styles[id] = cur
				id = ""
			}
		}
	}
}

// numbering maps w:numId + level to the list label format.
type numbering struct {
	abstractFmt map[string]map[int]string // abstractNumId → ilvl → numFmt
	numAbstract map[string]string         // numId → abstractNumId
}

func parseNumbering(a *docxArchive, name string, n *numbering) error {
	n.abstractFmt = map[string]map[int]string{}
	n.numAbstract = map[string]string{}
	rc, err := a.open(name)
	if err != nil {
		return nil
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	var abs, num string
	lvl := -1
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "abstractNum":
				abs = attr(t, "abstractNumId")
				if n.abstractFmt[abs] == nil {
					n.abstractFmt[abs] = map[int]string{}
				}
			case "lvl":
				lvl, _ = strconv.Atoi(attr(t, "ilvl"))
			case "numFmt":
				if abs != "" && lvl >= 0 {
					n.abstractFmt[abs][lvl] = attr(t, "val")
				}
			case "num":
				num = attr(t, "numId")
			case "abstractNumId":
				if num != "" {
					n.numAbstract[num] = attr(t, "val")
				}
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "abstractNum":
				abs = ""
			case "lvl":
				lvl = -1
			case "num":
				num = ""
			}
		}
	}
}

func (n *numbering) format(numID string, ilvl int) string {
	if f, ok := n.abstractFmt[n.numAbstract[numID]][ilvl]; ok {
		return f
	}
	return "bullet"
}

// docxWalker streams document.xml into blocks.
type docxWalker struct {
	ctx       context.Context
	styles    map[string]styleInfo
	numbering *numbering
	blocks    []block
	groups    int

	paras  []*docxPara  // open paragraphs (text boxes nest them)
	tables []*docxTable // open tables (tables nest)
	// counters for numbered lists: numId → level → next number.
	counters map[string][]int
	lastNum  string // numId of the previous top-level block, "" if none
	// textLeft is the text budget still unspent (Options.MaxText); every
	// byte of text written counts, so a document made of nothing but
	// text stops at the budget, not at the end of its 90 MB.
	textLeft int
}

// maxXMLDepth bounds element nesting: a real document nests a few dozen
// deep (tables in text boxes in tables), while a part of nested elements
// makes the XML decoder keep a stack entry for each.
const maxXMLDepth = 512

// errTooDeep marks XML nested past maxXMLDepth.
var errTooDeep = errors.New("docx: elements nested too deeply")

type docxPara struct {
	text    strings.Builder
	style   string
	numID   string
	ilvl    int
	outline bool
	inPPr   bool
}

type docxTable struct {
	rows  []string
	cells []string
	cell  []string // paragraphs of the open cell
}

func (w *docxWalker) walk(r io.Reader) error {
	d := xml.NewDecoder(r)
	d.Strict = false
	w.counters = map[string][]int{}
	skip := 0 // depth inside ignored subtrees
	depth := 0
	var inText bool
	for i := 0; ; i++ {
		if w.textLeft < 0 {
			return errTextBudget
		}
		if i%4096 == 0 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
		}
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth++; depth > maxXMLDepth {
				return errTooDeep
			}
			if skip > 0 {
				skip++
				continue
			}
			switch t.Name.Local {
			case "Fallback", "delText", "instrText", "del", "moveFrom":
				// mc:Fallback repeats mc:Choice; deleted text and field
				// instructions are not part of what the reader sees.
				skip = 1
			case "p":
				w.paras = append(w.paras, &docxPara{ilvl: 0})
			case "pPr":
				if p := w.para(); p != nil {
					p.inPPr = true
				}
			case "rPr", "sectPr":
				skip = 1
			case "pStyle":
				if p := w.para(); p != nil && p.inPPr {
					p.style = attr(t, "val")
				}
			case "numId":
				if p := w.para(); p != nil && p.inPPr {
					p.numID = attr(t, "val")
				}
			case "ilvl":
				if p := w.para(); p != nil && p.inPPr {
					p.ilvl, _ = strconv.Atoi(attr(t, "val"))
					p.ilvl = max(0, min(p.ilvl, 8))
				}
			case "outlineLvl":
				if p := w.para(); p != nil && p.inPPr {
					if v, err := strconv.Atoi(attr(t, "val")); err == nil && v < 9 {
						p.outline = true
					}
				}
			case "t":
				inText = true
			case "tab", "ptab":
				w.write(" ")
			case "br", "cr":
				w.write("\n")
			case "noBreakHyphen":
				w.write("-")
			case "softHyphen":
			case "tbl":
				w.tables = append(w.tables, &docxTable{})
			case "tc":
				if tb := w.table(); tb != nil {
					tb.cell = tb.cell[:0]
				}
			}
		case xml.EndElement:
			depth--
			if skip > 0 {
				skip--
				continue
			}
			switch t.Name.Local {
			case "t":
				inText = false
			case "pPr":
				if p := w.para(); p != nil {
					p.inPPr = false
				}
			case "p":
				w.endPara()
			case "tc":
				if tb := w.table(); tb != nil {
					tb.cells = append(tb.cells, strings.Join(tb.cell, " "))
				}
			case "tr":
				if tb := w.table(); tb != nil {
					if row := joinCells(tb.cells); row != "" {
						tb.rows = append(tb.rows, row)
					}
					tb.cells = tb.cells[:0]
				}
			case "tbl":
				w.endTable()
			}
		case xml.CharData:
			if inText && skip == 0 {
				w.write(string(t))
			}
		}
	}
}

func (w *docxWalker) para() *docxPara {
	if len(w.paras) == 0 {
		return nil
	}
	return w.paras[len(w.paras)-1]
}

func (w *docxWalker) table() *docxTable {
	if len(w.tables) == 0 {
		return nil
	}
	return w.tables[len(w.tables)-1]
}

func (w *docxWalker) write(s string) {
	w.textLeft -= len(s)
	if p := w.para(); p != nil {
		p.text.WriteString(s)
	}
}

func joinCells(cells []string) string {
	nonEmpty := false
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = strings.Join(strings.Fields(c), " ")
		nonEmpty = nonEmpty || out[i] != ""
	}
	if !nonEmpty {
		return ""
	}
	return strings.Join(out, " | ")
}

// endPara closes the innermost paragraph and files its text: into the open
// table cell, or as a block of the document.
func (w *docxWalker) endPara() {
	p := w.para()
	if p == nil {
		return
	}
	w.paras = w.paras[:len(w.paras)-1]
	text := strings.TrimSpace(p.text.String())
	if tb := w.table(); tb != nil && len(w.paras) == 0 {
		if text != "" {
			tb.cell = append(tb.cell, strings.Join(strings.Fields(text), " "))
		}
		return
	}
	st := w.styleOf(p.style)
	numID := p.numID
	if numID == "" {
		numID = st.numID
	}
	if numID == "0" { // numId 0 explicitly removes numbering
		numID = ""
	}
	if text == "" {
		return
	}
	switch {
	case numID != "":
		label := w.listLabel(numID, p.ilvl)
		// Consecutive list paragraphs read as one list even when Word
		// mixes list definitions (style lists and direct numbering).
		if w.lastNum == "" {
			w.groups++
		}
		grp := w.groups
		w.lastNum = numID
		// Lines of a multi-line item stay together under their label; the
		// label ("2.", "a.", "-") shows the nesting.
		text = strings.ReplaceAll(text, "\n", " ")
		w.blocks = append(w.blocks, block{text: label + " " + text, group: grp})
		return
	case st.heading || p.outline:
		text = strings.ReplaceAll(text, "\n", " ")
	}
	w.lastNum = ""
	w.blocks = append(w.blocks, block{text: text})
}

func (w *docxWalker) styleOf(id string) styleInfo {
	var out styleInfo
	if l := strings.ToLower(id); strings.HasPrefix(l, "heading") || l == "title" {
		out.heading = true // documents without styles.xml still use the ids
	}
	for range 10 { // basedOn chains are short; the cap stops cycles
		st, ok := w.styles[id]
		if !ok {
			break
		}
		out.heading = out.heading || st.heading
		if out.numID == "" {
			out.numID = st.numID
		}
		id = st.basedOn
	}
	return out
}

func (w *docxWalker) listLabel(numID string, ilvl int) string {
	c := w.counters[numID]
	if len(c) < 9 {
		c = make([]int, 9)
		w.counters[numID] = c
	}
	c[ilvl]++
	for i := ilvl + 1; i < len(c); i++ {
		c[i] = 0
	}
	n := c[ilvl]
	switch w.numbering.format(numID, ilvl) {
	case "decimal", "decimalZero":
		return strconv.Itoa(n) + "."
	case "lowerLetter":
		return string(rune('a'+(n-1)%26)) + "."
	case "upperLetter":
		return string(rune('A'+(n-1)%26)) + "."
	case "lowerRoman":
		return strings.ToLower(roman(n)) + "."
	case "upperRoman":
		return roman(n) + "."
	case "none":
		return ""
	default:
		return "-"
	}
}

func roman(n int) string {
	if n <= 0 || n >= 4000 {
		return strconv.Itoa(n)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

func (w *docxWalker) endTable() {
	tb := w.table()
	if tb == nil {
		return
	}
	w.tables = w.tables[:len(w.tables)-1]
	if outer := w.table(); outer != nil {
		// A nested table reads as part of its cell.
		outer.cell = append(outer.cell, strings.Join(tb.rows, " ; "))
		return
	}
	w.groups++
	for _, r := range tb.rows {
		w.blocks = append(w.blocks, block{text: r, group: w.groups})
	}
	w.lastNum = ""
}

// encryptedOOXML reports a password-protected DOCX: Word stores those as a
// compound file holding an EncryptedPackage stream instead of a zip, so
// Detect rejects them; the user deserves the real reason.
func encryptedOOXML(filename string, data []byte) bool {
	if !strings.EqualFold(path.Ext(filename), ".docx") || !bytes.HasPrefix(data, magicOLE2) {
		return false
	}
	streams, err := readCFB(data, 1<<20, "EncryptionInfo")
	if err != nil {
		return false
	}
	_, ok := streams["EncryptionInfo"]
	return ok
}
