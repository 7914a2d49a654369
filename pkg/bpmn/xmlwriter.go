package bpmn

import (
	"bytes"
	"encoding/xml"
	"strconv"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
)

// xw writes indented XML by hand: the element order the schema demands is
// easier to keep in straight-line code than in struct tags.
type xw struct {
	b     bytes.Buffer
	depth int
}

// maxIndent bounds indentation: deeply nested sub-processes would
// otherwise make the document grow with the square of their depth.
const maxIndent = 24

func (w *xw) indent() {
	for i := 0; i < min(w.depth, maxIndent); i++ {
		w.b.WriteString("  ")
	}
}

func (w *xw) attrs(kv []string) {
	for i := 0; i+1 < len(kv); i += 2 {
		w.b.WriteByte(' ')
		w.b.WriteString(kv[i])
		w.b.WriteString(`="`)
		xml.EscapeText(&w.b, []byte(kv[i+1])) //nolint:errcheck // bytes.Buffer never fails
		w.b.WriteByte('"')
	}
}

func (w *xw) open(name string, kv ...string) {
	w.indent()
	w.b.WriteByte('<')
	w.b.WriteString(name)
	w.attrs(kv)
	w.b.WriteString(">\n")
	w.depth++
}

func (w *xw) close(name string) {
	w.depth--
	w.indent()
	w.b.WriteString("</")
	w.b.WriteString(name)
	w.b.WriteString(">\n")
}

func (w *xw) empty(name string, kv ...string) {
	w.indent()
	w.b.WriteByte('<')
	w.b.WriteString(name)
	w.attrs(kv)
	w.b.WriteString("/>\n")
}

func (w *xw) text(name, text string, kv ...string) {
	w.indent()
	w.b.WriteByte('<')
	w.b.WriteString(name)
	w.attrs(kv)
	w.b.WriteByte('>')
	xml.EscapeText(&w.b, []byte(text)) //nolint:errcheck // bytes.Buffer never fails
	w.b.WriteString("</")
	w.b.WriteString(name)
	w.b.WriteString(">\n")
}

func num(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func (w *xw) bounds(r layout.Rect) {
	w.empty("dc:Bounds", "x", num(r.X), "y", num(r.Y), "width", num(r.W), "height", num(r.H))
}
