package process

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/textshape"
)

// Sentence is one sentence of the extracted document text and the model
// elements that came from it.
type Sentence struct {
	Span
	Text string `json:"text"`
	// Elements are the ids of the activities, gateways and events whose
	// source is (part of) this sentence.
	Elements []string `json:"elements"`
}

// Trace is where each element of a model came from.
type Trace struct {
	Sentences []Sentence `json:"sentences"`
	// Coverage is the share of sentences (0–1) that produced an element.
	Coverage float64 `json:"coverage"`
	// Unplaced are elements whose source sentence is not in the text.
	Unplaced []string `json:"unplaced"`
}

// SplitSentences cuts text into sentences: at . ! ? followed by a space
// and at line breaks (headings, list items, transcript turns are lines).
// A list number ("1.", "2.3.", "b.") starts its sentence instead of being
// one. Offsets are byte offsets into text; blank stretches are skipped.
func SplitSentences(text string) []Span {
	var out []Span
	start := 0
	emit := func(end int) {
		s, e := start, end
		for s < e {
			r, n := utf8.DecodeRuneInString(text[s:])
			if !unicode.IsSpace(r) {
				break
			}
			s += n
		}
		for e > s {
			r, n := utf8.DecodeLastRuneInString(text[:e])
			if !unicode.IsSpace(r) {
				break
			}
			e -= n
		}
		if e > s {
			out = append(out, Span{Start: s, End: e})
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			emit(i + 1)
		case '.', '!', '?':
			if i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t') && !(text[i] == '.' && textshape.BareMarker(text[start:i+1])) {
				emit(i + 1)
			}
		}
	}
	emit(len(text))
	return out
}

// notASentence reports whether the span is a heading, a title, a caption
// or a bare list number rather than a sentence a step could come from:
// such lines are left out of the trace unless an element came from them.
// first says whether it is the text's first span (its title).
func notASentence(text string, sp Span, first bool) bool {
	s := strings.TrimSpace(text[sp.Start:sp.End])
	if s == "" || textshape.BareMarker(s) || textshape.Caption(s) || textshape.Link(s) || textshape.CalloutTitle(s) {
		return true
	}
	if _, _, ok := textshape.Markdown(s); ok {
		return true
	}
	// A sentence cut inside a line ("Done. Next step") is a sentence; the
	// rest are judged as whole lines, by the classifier the built-in
	// analyzer reads documents with (without its verb lexicon).
	if !aloneOnLine(text, sp) {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	if first && last == '.' && titleWithStop(s) {
		return true // "Invoice approval procedure." above the body
	}
	if strings.ContainsRune(".!?;", last) {
		return false
	}
	body, marker, listed := s, "", false
	if m, b, ok := textshape.Item(s); ok {
		marker, body, listed = m, b, true
	}
	words := strings.Fields(body)
	if last == ':' {
		return len(words) <= 8 // "Steps:" introduces a list
	}
	// "Speaker: what they said" is a transcript turn, not a heading.
	if strings.Contains(body, ": ") {
		return false
	}
	if listed {
		// a numbered line of capitalised words is a section heading
		// ("2.1 Scope"); a listed step is written as a sentence
		return textshape.NumberedHeading(marker, body, nil) && (len(words) <= 4 || textshape.AllCaps(body))
	}
	if textshape.Heading(s, nil) {
		return true
	}
	return first && len(words) <= 12
}

// titleWithStop reports whether s, a text's first line ending in one full
// stop, is short enough to be its title: at most five words (a dash
// between them not counted), none of them a determiner ("Check the
// invoice." reads as a step; an element made from a first line keeps it
// in the trace all the same).
func titleWithStop(s string) bool {
	if strings.HasSuffix(s, "..") {
		return false
	}
	n := 0
	for _, w := range strings.Fields(s) {
		switch strings.ToLower(strings.Trim(w, ".,")) {
		case "–", "—", "-", "":
			continue
		case "the", "a", "an", "this", "that", "these", "those", "each", "every", "all", "any", "his", "her", "their", "its", "our", "your", "my":
			return false
		}
		if n++; n > 5 {
			return false
		}
	}
	return n > 0
}

// aloneOnLine reports whether nothing but blanks shares the span's line.
func aloneOnLine(text string, sp Span) bool {
	before := text[:sp.Start]
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	after := text[sp.End:]
	if i := strings.IndexByte(after, '\n'); i >= 0 {
		after = after[:i]
	}
	return strings.TrimSpace(before) == "" && strings.TrimSpace(after) == ""
}

// normIndex maps positions of a whitespace-collapsed, lower-cased copy of
// text back to byte offsets of text, so a source sentence written with other
// spacing or case is still found.
type normIndex struct {
	norm string
	pos  []int // pos[i] is the offset in text of norm[i]
}

func newNormIndex(text string) normIndex {
	var b strings.Builder
	pos := make([]int, 0, len(text))
	space := true
	for i, r := range text {
		if unicode.IsSpace(r) {
			if !space {
				b.WriteByte(' ')
				pos = append(pos, i)
			}
			space = true
			continue
		}
		space = false
		l := string(unicode.ToLower(r))
		b.WriteString(l)
		for range len(l) {
			pos = append(pos, i)
		}
	}
	return normIndex{norm: b.String(), pos: pos}
}

func normalise(s string) string { return newNormIndex(s).norm }

// find returns the span of needle in the text, or false.
func (x normIndex) find(needle string) (Span, bool) {
	n := strings.TrimSpace(normalise(needle))
	n = strings.Trim(n, `"'“”.`)
	if len(n) < 4 {
		return Span{}, false
	}
	i := strings.Index(x.norm, n)
	if i < 0 {
		return Span{}, false
	}
	end := i + len(n) - 1
	return Span{Start: x.pos[i], End: x.pos[end] + 1}, true
}

// Locate fills the Spans of activities, gateways and events from their
// Source sentences, wherever the sentence is found in text. Elements whose
// Spans are already set keep them.
func Locate(m *Model, text string) {
	x := newNormIndex(text)
	set := func(src string, spans *[]Span) {
		if len(*spans) > 0 || strings.TrimSpace(src) == "" {
			return
		}
		if sp, ok := x.find(src); ok {
			*spans = []Span{sp}
		}
	}
	for i := range m.Activities {
		set(m.Activities[i].Source, &m.Activities[i].Spans)
	}
	for i := range m.Gateways {
		set(m.Gateways[i].Source, &m.Gateways[i].Spans)
	}
	for i := range m.Events {
		set(m.Events[i].Source, &m.Events[i].Spans)
	}
}

// TraceSources maps every sentence of text to the elements that came from
// it (by their Spans, else by finding their Source), and measures how much
// of the text the model covers. Titles, headings, captions and bare list
// numbers are no sentences: they are left out (unless an element came
// from one) and do not count against the coverage.
func TraceSources(m *Model, text string) Trace {
	spans := SplitSentences(text)
	t := Trace{Sentences: make([]Sentence, len(spans)), Unplaced: []string{}}
	for i, sp := range spans {
		t.Sentences[i] = Sentence{Span: sp, Text: text[sp.Start:sp.End], Elements: []string{}}
	}
	c := *m
	c.Activities = append([]Activity(nil), m.Activities...)
	c.Gateways = append([]Gateway(nil), m.Gateways...)
	c.Events = append([]Event(nil), m.Events...)
	Locate(&c, text)
	place := func(id, src string, ss []Span) {
		placed := false
		for _, s := range ss {
			for i := range t.Sentences {
				if s.Start < t.Sentences[i].End && t.Sentences[i].Start < s.End {
					t.Sentences[i].Elements = append(t.Sentences[i].Elements, id)
					placed = true
				}
			}
		}
		if !placed && strings.TrimSpace(src) != "" {
			t.Unplaced = append(t.Unplaced, id)
		}
	}
	for _, a := range c.Activities {
		place(a.ID, a.Source, a.Spans)
	}
	for _, g := range c.Gateways {
		place(g.ID, g.Source, g.Spans)
	}
	for _, e := range c.Events {
		place(e.ID, e.Source, e.Spans)
	}
	kept := t.Sentences[:0]
	for i, s := range t.Sentences {
		if len(s.Elements) > 0 || !notASentence(text, s.Span, i == 0) {
			kept = append(kept, s)
		}
	}
	t.Sentences = kept
	covered := 0
	for _, s := range t.Sentences {
		if len(s.Elements) > 0 {
			covered++
		}
	}
	if len(t.Sentences) > 0 {
		t.Coverage = float64(covered) / float64(len(t.Sentences))
	}
	return t
}
