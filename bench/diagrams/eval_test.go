package main

import (
	"errors"
	"slices"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram"
	"github.com/spade-bpmn/spade/pkg/analyze/diagram/diagscore"
)

func TestGroupKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		c    imageCase
		v    string
		want []string
	}{
		{"a development picture with lanes", imageCase{renderer: "bpmn-js", dev: true, lanes: true}, "clean",
			[]string{"bpmn-js all", "bpmn-js dev", "bpmn-js clean", "bpmn-js clean lanes", "bpmn-js dev clean"}},
		{"a held-out flat chart", imageCase{renderer: "graphviz"}, "photo",
			[]string{"graphviz all", "graphviz held-out", "graphviz photo", "graphviz photo flat", "graphviz held-out photo"}},
		{"a dense Mermaid chart", imageCase{renderer: "mermaid-dense", dev: true}, "blur",
			[]string{"mermaid-dense all", "mermaid-dense dev", "mermaid-dense blur", "mermaid-dense blur flat", "mermaid-dense dev blur"}},
	}
	order := groupOrder()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := groupKeys(tt.c, tt.v)
			if !slices.Equal(got, tt.want) {
				t.Errorf("groupKeys = %q, want %q", got, tt.want)
			}
			for _, k := range got {
				if !slices.Contains(order, k) {
					t.Errorf("group %q has no row in the table", k)
				}
			}
		})
	}
}

func TestTallyAdd(t *testing.T) {
	t.Parallel()
	found := diagscore.Score{Tasks: diagscore.Counts{Refs: 2, Found: 1}}
	tests := []struct {
		name                               string
		reads                              []imageRead
		images, structured, notes, noted   int
		tasksFound, tasksRefs, baseTasksRf int
	}{
		{"a failed reading counts its picture, not its notes", []imageRead{{err: errors.New("no OCR"), s: found, bs: found}},
			1, 0, 0, 0, 1, 2, 2},
		{"structured readings with and without notes", []imageRead{
			{r: &diagram.ImageReading{Structured: true, Notes: []string{"a", "b"}}, s: found},
			{r: &diagram.ImageReading{}, s: found},
		}, 2, 1, 2, 1, 2, 4, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var tl tally
			for i := range tt.reads {
				tl.add(&tt.reads[i])
			}
			if tl.images != tt.images || tl.structured != tt.structured || tl.notes != tt.notes || tl.noted != tt.noted ||
				tl.got.Tasks.Found != tt.tasksFound || tl.got.Tasks.Refs != tt.tasksRefs || tl.base.Tasks.Refs != tt.baseTasksRf {
				t.Errorf("tally %+v", tl)
			}
		})
	}
}

func TestNameIn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, only string
		want       bool
	}{
		{"mm-48-lr", "", true},
		{"mm-48-lr", "mm-48", true},
		{"mm-48-lr", "mm-5,mm-48,mm-49", true},
		{"mm-47-tb", "mm-5,mm-48,mm-49", false},
		{"mm-47-tb", "mm-5,", false},
	}
	for _, tt := range tests {
		if got := nameIn(tt.name, tt.only); got != tt.want {
			t.Errorf("nameIn(%q, %q) = %v, want %v", tt.name, tt.only, got, tt.want)
		}
	}
}
