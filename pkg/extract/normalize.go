package extract

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// normalizeText gives every format the same shape: NFC, "\n" line ends,
// no control or invisible characters, single spaces inside lines, no
// trailing blanks, and at most one empty line between paragraphs.
func normalizeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = norm.NFC.String(s)

	var b strings.Builder
	b.Grow(len(s))
	newlines := 0 // pending newlines, flushed before the next visible rune
	space := false
	started := false
	for _, r := range s {
		switch {
		case r == '\n' || r == '\f' || r == '\v' || r == '\u2028' || r == '\u2029':
			if r != '\n' {
				newlines++ // page/paragraph separators always end a paragraph
			}
			newlines++
			space = false
			continue
		case r == '\t' || unicode.IsSpace(r):
			space = true
			continue
		case r == '\u00AD' || r == '\uFFFC' || r == '\uFEFF' || r == '\u200B' || r == '\u200C' || r == '\u200D' || r == '\u2060':
			continue // soft hyphen, object placeholders, zero-width characters
		case unicode.IsControl(r):
			continue
		case unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cs, r):
			continue // private use glyphs carry no text
		}
		if started {
			switch {
			case newlines >= 2:
				b.WriteString("\n\n")
			case newlines == 1:
				b.WriteByte('\n')
			case space:
				b.WriteByte(' ')
			}
		}
		newlines, space, started = 0, false, true
		b.WriteRune(r)
	}
	return b.String()
}

// joinBlocks renders extracted blocks: consecutive blocks of the same
// group (list items of one list, rows of one table, lines of one speaker
// turn) are separated by one newline, everything else by an empty line.
type block struct {
	text  string
	group int // 0 = standalone paragraph
}

func joinBlocks(blocks []block) string {
	var b strings.Builder
	prevGroup := -1
	for _, bl := range blocks {
		t := strings.TrimSpace(bl.text)
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			if bl.group != 0 && bl.group == prevGroup {
				b.WriteByte('\n')
			} else {
				b.WriteString("\n\n")
			}
		}
		b.WriteString(t)
		prevGroup = bl.group
	}
	return normalizeText(b.String())
}
