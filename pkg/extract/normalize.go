package extract

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// normalizeText gives every format the same shape: NFC, "\n" line ends,
// no control or invisible characters, single spaces inside lines, no
// trailing blanks, and at most one empty line between paragraphs.
func normalizeText(s string) string { return normalize(s, false) }

// normalizeKeepIndent is normalizeText keeping each line's leading
// indentation (a tab as four spaces, at most 16): in a plain text file
// the indent is a nested list's depth ("- At the same time:" over
// "  - …").
func normalizeKeepIndent(s string) string { return normalize(s, true) }

func normalize(s string, keepIndent bool) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = norm.NFC.String(s)

	var b strings.Builder
	b.Grow(len(s))
	newlines := 0 // pending newlines, flushed before the next visible rune
	space := false
	started := false
	indent := 0 // leading blanks of the line so far
	lineStart := true
	for _, r := range s {
		switch {
		case r == '\n' || r == '\f' || r == '\v' || r == '\u2028' || r == '\u2029':
			if r != '\n' {
				newlines++ // page/paragraph separators always end a paragraph
			}
			newlines++
			space = false
			indent, lineStart = 0, true
			continue
		case r == '\t' || unicode.IsSpace(r):
			space = true
			if lineStart {
				indent++
				if r == '\t' {
					indent += 3
				}
			}
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
		if keepIndent && started && lineStart && newlines > 0 && indent > 0 {
			b.WriteString(strings.Repeat(" ", min(indent, 16)))
		}
		newlines, space, started, lineStart = 0, false, true, false
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
