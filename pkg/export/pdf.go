package export

import (
	"fmt"
	"math"
	"strings"
)

// A4 in points.
const (
	a4W    = 595.28
	a4H    = 841.89
	margin = 50.0
)

// PDF exports a PDF with the title, the formatted text (sections as
// headings) with the BPMN diagram drawn as vector graphics right after the
// summary (on the portrait page when it stays readable at its width, else
// on landscape pages), and the model's tables when given.
func PDF(r Request) ([]byte, string, string, error) {
	text := r.text()
	if strings.TrimSpace(text) == "" {
		return nil, "", "", nothing("PDF")
	}
	l := &pdfLayout{doc: &pdfDoc{title: r.title()}}
	l.newPage()
	l.paragraph(r.title(), fontBold, 20, 0, 8)
	if meta := metaLine(r); meta != "" {
		l.paragraph(meta, fontRegular, 9, 0, 10)
	}
	// The diagram follows the summary: readers look at the picture
	// before the tables (a diagram that cannot be read leaves the text
	// export intact).
	d := r.diagram()
	secs := sections(text)
	after := summaryIndex(secs)
	for k, sec := range secs {
		if sec.Heading != "" {
			l.heading(sec.Heading)
		}
		for i, line := range sec.Lines {
			if i%256 == 0 {
				if err := r.err(); err != nil {
					return nil, "", "", fmt.Errorf("pdf: %w", err)
				}
			}
			if strings.TrimSpace(line) == "" {
				l.y -= 5
				continue
			}
			if t, level, ok := bullet(line); ok {
				l.bullet(t, level)
				continue
			}
			l.paragraph(strings.TrimSpace(line), fontRegular, 10, 0, 2)
		}
		if k == after && d != nil && !l.inlineDiagram(d) {
			l.diagram(d, r.title())
			if k+1 < len(secs) || r.Model != nil {
				l.newPage()
			}
		}
	}
	if r.Model != nil {
		for _, t := range modelTables(r.Model) {
			l.heading(t.title)
			l.table(t)
		}
	}
	l.footers()
	out, err := l.doc.bytes()
	if err != nil {
		return nil, "", "", fmt.Errorf("pdf: %w", err)
	}
	return out, TypePDF, Filename(r.title(), "pdf"), nil
}

type pdfLayout struct {
	doc  *pdfDoc
	page *pdfPage
	y    float64
}

func (l *pdfLayout) newPage() {
	l.page = l.doc.addPage(a4W, a4H)
	l.y = a4H - margin
}

func (l *pdfLayout) ensure(h float64) {
	if l.y-h < margin {
		l.newPage()
	}
}

func (l *pdfLayout) paragraph(text, fontName string, size, indent, after float64) {
	lh := size * 1.3
	width := a4W - 2*margin - indent
	for _, line := range wrap(text, fontName, size, width) {
		l.ensure(lh)
		l.y -= lh
		l.page.fill(0, 0, 0)
		x := margin + indent
		if rightToLeft(line) {
			// Hebrew and Arabic paragraphs start at the right margin.
			x += width - textWidth(line, fontName, size)
		}
		l.page.text(x, l.y+size*0.25, fontName, size, line)
	}
	l.y -= after
}

func (l *pdfLayout) heading(text string) {
	l.ensure(50) // keep a heading with what follows
	l.y -= 10
	l.paragraph(text, fontBold, 13, 0, 4)
	l.page.stroke(0.18, 0.33, 0.59, 0.8)
	l.page.op("%s %s m %s %s l S", f2(margin), f2(l.y+2), f2(a4W-margin), f2(l.y+2))
	l.y -= 4
}

func (l *pdfLayout) bullet(text string, level int) {
	indent := 12 + 12*float64(level)
	lh := 10 * 1.3
	lines := wrap(text, fontRegular, 10, a4W-2*margin-indent-10)
	for i, line := range lines {
		l.ensure(lh)
		l.y -= lh
		l.page.fill(0, 0, 0)
		if i == 0 {
			l.page.text(margin+indent, l.y+2.5, fontRegular, 10, encode("•"))
		}
		l.page.text(margin+indent+10, l.y+2.5, fontRegular, 10, line)
	}
	l.y -= 1
}

// table draws a grid with a repeated header row; cells wrap.
func (l *pdfLayout) table(t table) {
	const size, pad = 8.0, 3.0
	lh := size * 1.25
	total := 0.0
	for _, w := range t.widths {
		total += w
	}
	width := a4W - 2*margin
	cols := make([]float64, len(t.widths))
	for i, w := range t.widths {
		cols[i] = w / total * width
	}
	maxLines := int((a4H - 2*margin - 4*pad) / lh / 2)
	layoutRow := func(cells []string, fontName string) ([][][]byte, float64) {
		out := make([][][]byte, len(cols))
		n := 1
		for i := range cols {
			v := ""
			if i < len(cells) {
				v = cells[i]
			}
			out[i] = wrap(v, fontName, size, cols[i]-2*pad)
			if len(out[i]) > maxLines {
				out[i] = append(out[i][:maxLines-1], encode("…"))
			}
			n = max(n, len(out[i]))
		}
		return out, float64(n)*lh + 2*pad
	}
	drawRow := func(cells [][][]byte, h float64, fontName string, header bool) {
		x := margin
		if header {
			l.page.fill(0.87, 0.92, 0.97)
			l.page.rect(margin, l.y-h, width, h, "f")
		}
		l.page.stroke(0.5, 0.5, 0.5, 0.5)
		for i, c := range cols {
			l.page.rect(x, l.y-h, c, h, "S")
			l.page.fill(0, 0, 0)
			for k, line := range cells[i] {
				l.page.text(x+pad, l.y-pad-float64(k+1)*lh+size*0.3, fontName, size, line)
			}
			x += c
		}
		l.y -= h
	}
	head, hh := layoutRow(t.headers, fontBold)
	l.ensure(hh + lh*2)
	drawRow(head, hh, fontBold, true)
	for _, row := range t.rows {
		cells, h := layoutRow(row, fontRegular)
		if l.y-h < margin {
			l.newPage()
			drawRow(head, hh, fontBold, true)
		}
		drawRow(cells, h, fontRegular, false)
	}
	l.y -= 8
}

// footers writes page numbers once the page count is known.
func (l *pdfLayout) footers() {
	n := len(l.doc.pages)
	for i, p := range l.doc.pages {
		s := encode(fmt.Sprintf("%s · page %d of %d", l.doc.title, i+1, n))
		if len(s) > 240 { // 120 characters
			s = s[len(s)-240:]
		}
		w := textWidth(s, fontRegular, 7)
		p.fill(0.4, 0.4, 0.4)
		p.text(p.w-margin/2-w, margin/3, fontRegular, 7, s)
	}
}

// maxDiagramPages bounds the landscape pages of one diagram.
const maxDiagramPages = 20

// minReadableScale is the smallest scale at which the diagram's 10 px
// labels stay readable in print (4.5 pt).
const minReadableScale = 0.45

// inlineDiagram draws the diagram under a heading on the portrait page,
// on the current one when it fits below the text, else on the next, when
// it stays readable at the page's width; false leaves it to the landscape
// pages.
func (l *pdfLayout) inlineDiagram(d *diagram) bool {
	availW := a4W - 2*margin
	w, h := d.Max.X-d.Min.X+20, d.Max.Y-d.Min.Y+20
	s := math.Min(1, availW/w)
	if s < minReadableScale || h*s > a4H-2*margin-60 {
		return false
	}
	if l.y-margin-60 < h*s {
		l.newPage()
	}
	l.heading("Process diagram")
	ox := margin + (availW-w*s)/2
	top := l.y - 4
	l.page.op("q %s %s %s %s re W n", f2(margin), f2(top-h*s), f2(availW), f2(h*s))
	dr := &drawer{p: l.page, s: s, ox: ox, top: top, min: point{d.Min.X - 10, d.Min.Y - 10}}
	dr.draw(d)
	l.page.op("Q")
	l.y = top - h*s - 12
	return true
}

// diagram draws the BPMN diagram on landscape pages: scaled to fit one
// page when that stays readable, otherwise cut into pages of a readable
// scale: vertical strips of its full height, or, for a diagram too high
// for that (a long process drawn in rows), a grid of pages read row by
// row. At most maxDiagramPages pages (the scale shrinks to stay within).
func (l *pdfLayout) diagram(d *diagram, title string) {
	const pw, ph, m = a4H, a4W, 30.0
	availW, availH := pw-2*m, ph-2*m-20
	w, h := d.Max.X-d.Min.X+20, d.Max.Y-d.Min.Y+20
	s := math.Min(1, math.Min(availW/w, availH/h))
	cols, rows := 1, 1
	if s < minReadableScale {
		s = math.Max(minReadableScale, math.Min(0.6, availH/h))
		for {
			cols, rows = int(math.Ceil(w*s/availW)), int(math.Ceil(h*s/availH))
			if cols*rows <= maxDiagramPages {
				break
			}
			s *= 0.9
		}
	}
	tiles := cols * rows
	for t := 0; t < tiles; t++ {
		p := l.doc.addPage(pw, ph)
		label := "Process diagram"
		if tiles > 1 {
			label = fmt.Sprintf("Process diagram (part %d of %d)", t+1, tiles)
		}
		p.fill(0, 0, 0)
		p.text(m, ph-m-10, fontBold, 11, encode(label+" · "+title))
		ox := m - float64(t%cols)*availW
		top := ph - m - 20 + float64(t/cols)*availH
		p.op("q %s %s %s %s re W n", f2(m), f2(m), f2(availW), f2(availH))
		dr := &drawer{p: p, s: s, ox: ox, top: top, min: point{d.Min.X - 10, d.Min.Y - 10}}
		dr.draw(d)
		p.op("Q")
	}
	l.page = l.doc.pages[len(l.doc.pages)-1]
}
