package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/process"
)

// baseline is the naive analyzer the built-in one is measured against:
// one task per sentence, named by the sentence's first verb and the words
// after it, in one straight chain with no lanes.
type baseline struct {
	lex      *wordnet.Lexicon
	sentEnd  *regexp.Regexp
	function map[string]bool
	stops    map[string]bool
}

func newBaseline(lex *wordnet.Lexicon) *baseline {
	return &baseline{
		lex:     lex,
		sentEnd: regexp.MustCompile(`[.!?]\s+|\n+`),
		// function words are never the verb, even where WordNet lists one
		// ("can", "will", "may")
		function: wordSet(`a an the this that these those is are be been was were has have had do does did
			can could will would shall should may might must it its he she they we you i not no`),
		// the object stops at a preposition, conjunction or clause word
		stops: wordSet(`to from in on at by with for of and or but if when while then which who that
			because until before after so as into via using within`),
	}
}

// model builds the baseline's model of text.
func (b *baseline) model(text string) process.Model {
	m := process.Model{ProcessName: "Baseline"}
	prev := "Start"
	m.Events = append(m.Events, process.Event{ID: "Start", Type: process.EventStart, Name: "Start"})
	n := 0
	for _, s := range b.sentEnd.Split(text, -1) {
		name := b.task(s)
		if name == "" {
			continue
		}
		n++
		id := fmt.Sprintf("Activity_%d", n)
		m.Activities = append(m.Activities, process.Activity{ID: id, Name: name})
		m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("Flow_%d", n), Source: prev, Target: id})
		prev = id
	}
	m.Events = append(m.Events, process.Event{ID: "End", Type: process.EventEnd, Name: "End"})
	m.Flows = append(m.Flows, process.Flow{ID: "Flow_end", Source: prev, Target: "End"})
	return m
}

// task names a sentence's first verb with up to three following words.
func (b *baseline) task(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		lw := strings.ToLower(strings.Trim(w, `,;:"'()`))
		if b.function[lw] {
			continue
		}
		base, form := b.lex.Base(lw)
		if form == wordnet.FormNone {
			continue
		}
		out := []string{base}
		for _, o := range ws[i+1:] {
			lo := strings.ToLower(strings.Trim(o, `,;:."'()`))
			if b.stops[lo] || len(out) == 4 {
				break
			}
			out = append(out, lo)
			if strings.ContainsAny(o, ",;:") {
				break
			}
		}
		return strings.ToUpper(out[0][:1]) + strings.Join(out, " ")[1:]
	}
	return ""
}
