package extract

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

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

	// walk's place in the part: element depth, depth inside an ignored
	// subtree (0 outside one), and whether a w:t element is open.
	depth, skip int
	inText      bool
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

// walk streams one document part into blocks, token by token.
func (w *docxWalker) walk(r io.Reader) error {
	d := xml.NewDecoder(r)
	d.Strict = false
	w.counters = map[string][]int{}
	w.skip, w.depth, w.inText = 0, 0, false
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
		if err := w.token(tok); err != nil {
			return err
		}
	}
}

// token feeds one XML token to the walker: it tracks nesting depth and
// ignored subtrees, and hands the rest to start, end and the text.
func (w *docxWalker) token(tok xml.Token) error {
	switch t := tok.(type) {
	case xml.StartElement:
		if w.depth++; w.depth > maxXMLDepth {
			return errTooDeep
		}
		if w.skip > 0 {
			w.skip++
			return nil
		}
		w.start(t)
	case xml.EndElement:
		w.depth--
		if w.skip > 0 {
			w.skip--
			return nil
		}
		w.end(t)
	case xml.CharData:
		if w.inText && w.skip == 0 {
			w.write(string(t))
		}
	}
	return nil
}

// start opens an element outside ignored subtrees.
func (w *docxWalker) start(t xml.StartElement) {
	switch t.Name.Local {
	case "Fallback", "delText", "instrText", "del", "moveFrom":
		// mc:Fallback repeats mc:Choice; deleted text and field
		// instructions are not part of what the reader sees.
		w.skip = 1
	case "p":
		w.paras = append(w.paras, &docxPara{ilvl: 0})
	case "pPr":
		if p := w.para(); p != nil {
			p.inPPr = true
		}
	case "rPr", "sectPr":
		w.skip = 1
	case "pStyle", "numId", "ilvl", "outlineLvl":
		if p := w.para(); p != nil && p.inPPr {
			p.property(t)
		}
	case "t":
		w.inText = true
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
}

// property reads one paragraph property: its style, list and list level,
// or an outline level (any level below 9 makes it a heading).
func (p *docxPara) property(t xml.StartElement) {
	switch t.Name.Local {
	case "pStyle":
		p.style = attr(t, "val")
	case "numId":
		p.numID = attr(t, "val")
	case "ilvl":
		p.ilvl, _ = strconv.Atoi(attr(t, "val"))
		p.ilvl = max(0, min(p.ilvl, 8))
	case "outlineLvl":
		if v, err := strconv.Atoi(attr(t, "val")); err == nil && v < 9 {
			p.outline = true
		}
	}
}

// end closes an element outside ignored subtrees: paragraphs, cells, rows
// and tables are filed as they close.
func (w *docxWalker) end(t xml.EndElement) {
	switch t.Name.Local {
	case "t":
		w.inText = false
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
