package extract

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

// styleInfo is what a paragraph style tells about its paragraphs.
type styleInfo struct {
	heading bool
	numID   string // list numbering defined by the style itself
	basedOn string
}

// walkPart reads the XML part name of the archive token by token,
// handing start and end elements to start and end, until its end. A
// missing part is no error: styles and numbering are optional.
func walkPart(a *docxArchive, name string, start func(xml.StartElement), end func(xml.EndElement)) error {
	rc, err := a.open(name)
	if err != nil {
		return nil
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
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
			start(t)
		case xml.EndElement:
			end(t)
		}
	}
}

// parseStyles reads the paragraph styles of the styles part into styles
// by style id: whether they make headings, the list they number and the
// style they are based on.
func parseStyles(a *docxArchive, name string, styles map[string]styleInfo) error {
	var id string
	var cur styleInfo
	return walkPart(a, name, func(t xml.StartElement) {
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
	}, func(t xml.EndElement) {
		if t.Name.Local == "style" && id != "" {
			styles[id] = cur
			id = ""
		}
	})
}

// numbering maps w:numId + level to the list label format.
type numbering struct {
	abstractFmt map[string]map[int]string // abstractNumId → ilvl → numFmt
	numAbstract map[string]string         // numId → abstractNumId
}

// parseNumbering reads the numbering part into n: the label format of
// every level of every abstract numbering, and the abstract numbering
// each list (numId) uses.
func parseNumbering(a *docxArchive, name string, n *numbering) error {
	n.abstractFmt = map[string]map[int]string{}
	n.numAbstract = map[string]string{}
	var abs, num string
	lvl := -1
	return walkPart(a, name, func(t xml.StartElement) {
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
	}, func(t xml.EndElement) {
		switch t.Name.Local {
		case "abstractNum":
			abs = ""
		case "lvl":
			lvl = -1
		case "num":
			num = ""
		}
	})
}

func (n *numbering) format(numID string, ilvl int) string {
	if f, ok := n.abstractFmt[n.numAbstract[numID]][ilvl]; ok {
		return f
	}
	return "bullet"
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
