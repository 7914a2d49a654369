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
		switch kindOf(r) {
		case runeParagraph:
			newlines++ // page/paragraph separators always end a paragraph
			fallthrough
		case runeNewline:
			newlines++
			space = false
			indent, lineStart = 0, true
			continue
		case runeSpace:
			space = true
			if lineStart {
				indent++
				if r == '\t' {
					indent += 3
				}
			}
			continue
		case runeDropped:
			continue
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

// runeKind is what normalizeText does with a rune.
type runeKind int

const (
	runeVisible   runeKind = iota // kept
	runeNewline                   // ends a line
	runeParagraph                 // ends a paragraph (page, vertical tab, separators)
	runeSpace                     // one space between visible runes
	runeDropped                   // carries no text
)

// kindOf says what normalizeText does with r.
func kindOf(r rune) runeKind {
	switch {
	case r == '\n':
		return runeNewline
	case r == '\f' || r == '\v' || r == '\u2028' || r == '\u2029':
		return runeParagraph
	case r == '\t' || unicode.IsSpace(r):
		return runeSpace
	case invisible(r) || unicode.IsControl(r):
		return runeDropped
	case unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cs, r):
		return runeDropped // private use glyphs carry no text
	}
	return runeVisible
}

// invisible reports the soft hyphen, the object placeholders and the
// zero-width characters.
func invisible(r rune) bool {
	switch r {
	case '\u00AD', '\uFFFC', '\uFEFF', '\u200B', '\u200C', '\u200D', '\u2060':
		return true
	}
	return false
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
