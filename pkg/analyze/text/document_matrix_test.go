package text

import (
	"slices"
	"testing"
)

func TestMatrixResponsible(t *testing.T) {
	heads := []string{"Step", "Site Manager", "Commercial Team", "Client", "Architect (Parkes Studio)"}
	h := &tableHead{action: 0, role: -1, heads: heads}
	for _, tc := range []struct {
		cells []string
		want  string
	}{
		{[]string{"1. Raise variation request", "R", "I", "", ""}, "Site Manager"},
		{[]string{"2. Price the variation", "C", "R/A", "", ""}, "Commercial Team"},
		{[]string{"4. Issue instruction", "", "", "I", "R"}, "Architect"},
		{[]string{"5. Approve cost", "", "I", "A", "C"}, "Client"}, // no R: who signs off
		{[]string{"6. Check drawings", "yes", "R", "", ""}, ""},    // words: no matrix row
		{[]string{"7. Note", "", "", "", ""}, ""},
	} {
		if got := matrixResponsible(h, tc.cells); got != tc.want {
			t.Errorf("matrixResponsible(%q) = %q, want %q", tc.cells, got, tc.want)
		}
	}
}

func TestMarkdownEmptyCells(t *testing.T) {
	got := tableCells("| 1. Raise request | R | I | | |")
	want := []string{"1. Raise request", "R", "I", "", ""}
	if !slices.Equal(got, want) {
		t.Errorf("tableCells = %q, want %q", got, want)
	}
}

func TestNotOurs(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Parkes Studio is the client's architect, not part of our company.", []string{"parkes studio", "architect"}},
		{"Vantrans is not part of our organisation.", []string{"vantrans"}},
		{"Anna is the team assistant, not part of our department.", nil}, // ours, in another department
		{"Kestrel is not one of us.", []string{"kestrel"}},
		{"The clerk is part of our team.", nil},
	} {
		if got := notOurs(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("notOurs(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
