// Package textshape tells what a line of a document is by its shape
// alone: a list item and its marker, a heading, a caption, a callout
// box's title, a link. It is the one classifier the built-in analyzer's
// reader (pkg/analyze/text), the source panel's coverage
// (pkg/process), the long-document splitter (pkg/llm) and the text
// export (pkg/export) share, so that they agree on what a heading is.
// Words are left to the caller: a Reader says whether the words of a
// short line read as a sentence (a step) rather than a title.
package textshape

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kinds of list marker, as MarkerKind names them.
const (
	Number = "number"
	Bullet = "bullet"
	Check  = "check"
)

var (
	// itemRe is a list item: its marker and its text. Markers are
	// bullets, numbers ("4.", "4)", "(4)", "2.3", "2.3."), letters
	// ("b)", "(b)", "b.", "B."), roman numbers ("iv.", "IV.") and "Step 4:".
	itemRe = regexp.MustCompile(`^([•●○◦▪▫■□☐☑☒✓✔❑➢➤►▶\-–—*·]|\(?[a-zA-Z]\)|[a-zA-Z]\.|\(?\d{1,2}[.)]|\d{1,2}(?:\.\d{1,2})+[.)]?|[ivx]{1,4}[.)]|[IVX]{1,4}\.|[Ss]tep\s+\d+[.:)]?)\s+(.*)$`)
	// bareRe is a list number or bullet on its own: "1.", "2.3.",
	// "(4)", "b)", "iv.", "-", "•".
	bareRe = regexp.MustCompile(`^(?:\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxIVX]{1,5})[.)]?|[-–•*·▪◦])$`)
	// captionRe starts a figure's or table's caption ("Figure 2: …",
	// "Table 1 – Approval limits").
	captionRe = regexp.MustCompile(`(?i)^(?:figure|fig\.|table|tab\.|image|diagram|chart|exhibit|illustration|photo|screenshot|abbildung|abb\.|tabelle)\s*\d+[a-z]?\s*(?:[:.–—-]|$)`)
	urlRe     = regexp.MustCompile(`(?i)\b(?:https?://|www\.)\S+`)
	// calloutTitleRe is a callout box's title on a line of its own.
	calloutTitleRe = regexp.MustCompile(`(?i)^(?:notes?|caution|warning|important|tips?|hint|todo|nb|attention|danger)$`)
	// calloutLeadRe opens a line that is a callout as a whole ("NOTE:
	// …", "Warning – …"); "Note the settings" is a step.
	calloutLeadRe = regexp.MustCompile(`(?i)^(?:notes?|caution|warning|important|tips?|hint|nb|attention|danger)\s*[:—–-]\s`)
	mdRe          = regexp.MustCompile(`^(#{1,6})\s+(\S.*)$`)
)

// Item splits a list item into its marker and its text ("4. Sign the
// form" → "4.", "Sign the form"); ok is false for a line that is no list
// item or whose text is empty.
func Item(line string) (marker, body string, ok bool) {
	m := itemRe.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil || strings.TrimSpace(m[2]) == "" {
		return "", "", false
	}
	body = strings.TrimSpace(m[2])
	if stepDashRe.MatchString(m[1]) {
		// "Step 2 – The attendant cleans the room": the dash belongs
		// to the marker
		body = strings.TrimSpace(strings.TrimLeft(body, "–—-"))
		if body == "" {
			return "", "", false
		}
	}
	return m[1], body, true
}

// stepDashRe is a "Step 4" marker with no punctuation of its own, which
// a dash may follow.
var stepDashRe = regexp.MustCompile(`^[Ss]tep\s+\d+$`)

// MarkerKind is Number, Bullet or Check for a marker Item returned.
func MarkerKind(marker string) string {
	switch {
	case strings.ContainsAny(marker, "□☐☑☒✓✔❑"):
		return Check
	case strings.IndexFunc(marker, unicode.IsDigit) >= 0:
		return Number
	default:
		return Bullet
	}
}

// BareMarker reports a list number or bullet standing alone.
func BareMarker(s string) bool { return bareRe.MatchString(strings.TrimSpace(s)) }

// Caption reports a figure's or table's caption.
func Caption(line string) bool {
	t := strings.TrimSpace(line)
	return captionRe.MatchString(t) && len(strings.Fields(t)) <= 20
}

// Link reports a line that is a web address, alone or after a short
// label ("Also refer: https://…").
func Link(line string) bool {
	t := strings.TrimSpace(line)
	return urlRe.MatchString(t) && len(strings.Fields(urlRe.ReplaceAllString(t, ""))) <= 8
}

// CalloutTitle reports a callout box's title on a line of its own:
// "Note", "WARNING", "Important.", "TODO:".
func CalloutTitle(line string) bool {
	return calloutTitleRe.MatchString(strings.Trim(strings.TrimSpace(line), ".:!"))
}

// CalloutLead reports a line that is a callout as a whole: "NOTE: …".
func CalloutLead(line string) bool { return calloutLeadRe.MatchString(strings.TrimSpace(line)) }

// Markdown reads a Markdown heading: its level (1–6) and title.
func Markdown(line string) (level int, title string, ok bool) {
	m := mdRe.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return 0, "", false
	}
	return len(m[1]), strings.TrimSpace(m[2]), true
}

// Banner reads a "=== Title ===" line, the headings of SPADE's own
// formatted text.
func Banner(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "===") && strings.HasSuffix(t, "===") && len(t) > 6 {
		h := strings.TrimSpace(strings.Trim(t, "="))
		return h, h != ""
	}
	return "", false
}

// A Reader reports whether the words of a short line read as a sentence
// or a step rather than a title. stop says the line ends with a full
// stop ("Outline of steps." is a run-in label, "Remove lens cap." a
// step). The built-in analyzer passes one that knows verbs.
type Reader func(words []string, stop bool) bool

// PlainReader is the Reader for callers without a lexicon: a line with
// a full stop is a sentence, one without is a title when its long words
// are capitalised ("Approval of the Request") and a sentence otherwise.
func PlainReader(words []string, stop bool) bool {
	return stop || !TitleWords(words)
}

// Heading reports whether a line reads as a heading: at most 12 words,
// not starting in lower case, not running on after a full stop, and
// either in capitals or, by reads, no sentence. A nil reads is
// PlainReader.
func Heading(line string, reads Reader) bool {
	if reads == nil {
		reads = PlainReader
	}
	t := strings.TrimSpace(line)
	ws := strings.Fields(t)
	n := len(ws)
	if n == 0 || n > 12 || startsLower(t) {
		return false
	}
	letters, upper := 0, 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	if letters < 2 {
		return false
	}
	if upper == letters && letters >= 3 && !strings.HasSuffix(t, ":") {
		return true // ALL CAPS
	}
	last, _ := utf8.DecodeLastRuneInString(t)
	if strings.ContainsRune(",;:!?", last) {
		return false
	}
	for _, w := range ws[:n-1] {
		// "Toolchain. Lightweight photogrammetry suite …" runs on after
		// a full stop: a sentence ("e.g." and "No." have more dots or
		// are short)
		if len(w) > 3 && strings.HasSuffix(w, ".") && strings.Count(w, ".") == 1 && !abbrev(strings.ToLower(strings.TrimLeft(w, "(\"'"))) {
			return false
		}
	}
	if last == '.' {
		return n <= 4 && !reads(ws, true)
	}
	return !reads(ws, false)
}

// NumberedHeading reports whether a list item is a numbered section
// heading ("2. Scope", "3.1 Payment terms"): a number marker not closed
// by a bracket, and a text that reads as a heading.
func NumberedHeading(marker, body string, reads Reader) bool {
	return MarkerKind(marker) == Number && !strings.ContainsAny(marker, ")") && Heading(body, reads)
}

// TitleWords reports whether every word of four letters or more starts
// with a capital (short words may be "and", "of", "the").
func TitleWords(words []string) bool {
	long := 0
	for _, w := range words {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if utf8.RuneCountInString(w) < 4 {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) {
			return false
		}
		long++
	}
	return long > 0
}

// AllCaps reports whether s has more than one letter and all of them are
// capitals.
func AllCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters > 1
}

func startsLower(t string) bool {
	for _, r := range t {
		return unicode.IsLower(r)
	}
	return false
}

// abbrev reports words ending in a full stop that end no sentence.
func abbrev(w string) bool {
	switch w {
	case "e.g.", "i.e.", "etc.", "approx.", "mr.", "mrs.", "ms.", "dr.", "no.", "vs.", "fig.", "incl.", "dept.",
		"min.", "max.", "ca.", "cf.", "al.", "st.", "co.", "ltd.", "inc.", "resp.", "esp.", "appx.":
		return true
	}
	return false
}
