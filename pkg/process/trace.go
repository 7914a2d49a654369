package process

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
// Offsets are byte offsets into text; blank stretches are skipped.
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
			if i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t') {
				emit(i + 1)
			}
		}
	}
	emit(len(text))
	return out
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
// of the text the model covers.
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
