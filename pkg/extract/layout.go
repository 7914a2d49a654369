package extract

import (
	"slices"
	"strings"
)

// geometry is what layoutPage needs to know about where characters are;
// pdfiumGeometry answers from pdfium, tests from a fake.
type geometry interface {
	// box is the loose (ascent to descent) box of character i.
	box(i int) (lineBox, bool)
	// rects are the text rectangles pdfium merges characters start..start+count into.
	rects(start, count int) []rect
	// charAt is the index of the character at (x, y), or -1.
	charAt(x, y, tol float64) int
}

// lineBox is the loose box of a line's (or segment's) first glyph.
type lineBox struct{ top, bottom, left float64 }

func (b lineBox) height() float64 { return b.top - b.bottom }

type rect struct{ left, right, top, bottom float64 }

// segment is a run of a line with no wide horizontal gap inside.
type segment struct {
	text        string
	box         lineBox
	left, right float64
}

type pdfLine struct {
	segs []segment
}

// layoutPage splits pdfium's page text into lines, splits lines at wide
// gaps, reads two-column regions column by column, and groups lines into
// paragraphs.
//
// pdfium emits text in content order and glues together text that shares a
// baseline, so a two-column page whose producer wrote it line by line comes
// out as "left line 1 right line 1". Where several consecutive lines split
// at the same gutter into two wide parts, the left parts are read first,
// then the right ones, which is what a reader (and pdftotext) does.
func layoutPage(runes []rune, g geometry) string {
	lines := splitLines(runes, g)
	var ordered []segment
	for i := 0; i < len(lines); {
		if j := columnRun(lines, i); j > i {
			var right []segment
			for _, l := range lines[i:j] {
				for _, s := range l.segs {
					if len(l.segs) == 2 && s == l.segs[1] || len(l.segs) == 1 && s.left >= gutterOf(lines[i]) {
						right = append(right, s)
					} else {
						ordered = append(ordered, s)
					}
				}
			}
			ordered = append(ordered, right...)
			i = j
			continue
		}
		// Not columns: keep the line whole; its wide gaps are most often
		// table cells, marked like DOCX table rows.
		l := lines[i]
		parts := make([]string, len(l.segs))
		for k, s := range l.segs {
			parts[k] = s.text
		}
		ordered = append(ordered, segment{text: strings.Join(parts, " | "), box: l.segs[0].box, left: l.segs[0].left, right: l.segs[len(l.segs)-1].right})
		i++
	}

	var out strings.Builder
	for i, s := range ordered {
		if i > 0 {
			if paragraphBreak(ordered[i-1].box, s.box) {
				out.WriteString("\n\n")
			} else {
				out.WriteByte('\n')
			}
		}
		out.WriteString(s.text)
	}
	return out.String()
}

// splitLines cuts pdfium's text at its line breaks and each line at gaps
// wider than twice its height (word gaps are a fraction of the height;
// column gutters and table cell gaps are wider).
func splitLines(runes []rune, g geometry) []pdfLine {
	var lines []pdfLine
	for start := 0; start < len(runes); {
		end := start
		for end < len(runes) && runes[end] != '\r' && runes[end] != '\n' {
			end++
		}
		first := start
		for first < end && (runes[first] == ' ' || runes[first] == '\t') {
			first++
		}
		if first < end {
			if l, ok := lineSegments(runes, first, end, g); ok {
				lines = append(lines, l)
			}
		}
		// Skip one line ending: "\r\n", "\r" or "\n".
		if end < len(runes) && runes[end] == '\r' {
			end++
		}
		if end < len(runes) && runes[end] == '\n' {
			end++
		}
		start = max(end, start+1)
	}
	return lines
}

func lineSegments(runes []rune, first, end int, g geometry) (pdfLine, bool) {
	text := func(a, b int) string { return strings.TrimSpace(cleanPDFText(string(runes[a:b]))) }
	b, ok := g.box(first)
	whole := segment{text: text(first, end), box: b, left: b.left}
	if whole.text == "" {
		return pdfLine{}, false
	}
	h := b.height()
	if !ok || h <= 0 {
		return pdfLine{segs: []segment{whole}}, true
	}
	rs := g.rects(first, end-first)
	slices.SortFunc(rs, func(a, b rect) int {
		switch {
		case a.left < b.left:
			return -1
		case a.left > b.left:
			return 1
		}
		return 0
	})
	// Merge rectangles into runs separated by wide gaps.
	var runs []rect
	for _, r := range rs {
		if n := len(runs); n > 0 && r.left-runs[n-1].right < 2*h {
			runs[n-1].right = max(runs[n-1].right, r.right)
			continue
		}
		runs = append(runs, r)
	}
	if len(runs) < 2 {
		whole.right = b.left
		if len(runs) == 1 {
			whole.right = runs[0].right
		}
		return pdfLine{segs: []segment{whole}}, true
	}
	// Find where each run starts in the text.
	cuts := []int{first}
	for _, r := range runs[1:] {
		mid := (r.top + r.bottom) / 2
		idx := g.charAt(r.left+0.5, mid, 1)
		if idx <= cuts[len(cuts)-1] || idx >= end {
			return pdfLine{segs: []segment{whole}}, true // positions disagree with text order
		}
		cuts = append(cuts, idx)
	}
	cuts = append(cuts, end)
	var l pdfLine
	for k := range runs {
		t := text(cuts[k], cuts[k+1])
		if t == "" {
			continue
		}
		sb := b
		if k > 0 {
			if bb, ok := g.box(cuts[k]); ok {
				sb = bb
			}
		}
		l.segs = append(l.segs, segment{text: t, box: sb, left: runs[k].left, right: runs[k].right})
	}
	if len(l.segs) == 0 {
		return pdfLine{segs: []segment{whole}}, true
	}
	return l, true
}

// gutterOf is the left edge of a two-segment line's right segment.
func gutterOf(l pdfLine) float64 {
	if len(l.segs) == 2 {
		return l.segs[1].left
	}
	return l.segs[0].left
}

// columnRun returns the end of a run of at least three lines starting at i
// that read as two columns: lines split in two wide parts at the same
// gutter, possibly with single-part lines entirely on one side (a short
// last line of a column). It returns i when there is no such run.
func columnRun(lines []pdfLine, i int) int {
	isPair := func(l pdfLine) bool {
		return len(l.segs) == 2 && wordCount(l.segs[0].text) >= 3 && wordCount(l.segs[1].text) >= 3
	}
	if !isPair(lines[i]) {
		return i
	}
	gutter := gutterOf(lines[i])
	leftEdge := lines[i].segs[0].left
	h := lines[i].segs[0].box.height()
	pairs, j := 0, i
	for ; j < len(lines); j++ {
		l := lines[j]
		switch {
		case isPair(l) && abs(gutterOf(l)-gutter) < 2*h:
			pairs++
		case len(l.segs) == 1 && (l.segs[0].right <= gutter-h || l.segs[0].left >= gutter-h) && l.segs[0].left >= leftEdge-2*h:
			// A line wholly in one column.
		default:
			if pairs >= 3 {
				return j
			}
			return i
		}
	}
	if pairs >= 3 {
		return j
	}
	return i
}

func wordCount(s string) int { return len(strings.Fields(s)) }

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func paragraphBreak(prev, cur lineBox) bool {
	hp, hc := prev.height(), cur.height()
	if hp <= 0 || hc <= 0 {
		return false
	}
	h := max(hp, hc)
	switch {
	case cur.top > prev.top+0.5*h: // moved up: new column or block
		return true
	case hc > hp*1.15 || hp > hc*1.15: // font size changed
		return true
	default:
		return prev.bottom-cur.top > 0.45*h // more than ordinary leading
	}
}

// cleanPDFText drops pdfium's markers for hyphens it joined across lines
// (U+0002, U+FFFE): pdftotext also joins such words.
func cleanPDFText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == 0x02 || r == 0xFFFE {
			return -1
		}
		return r
	}, s)
}
