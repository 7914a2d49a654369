package main

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func traceStrings(ts [][]string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = strings.Join(t, ">")
	}
	slices.Sort(out)
	return out
}

func TestRefModelTraces(t *testing.T) {
	tests := []struct {
		name, ref string
		want      []string
	}{
		{"branches rejoin at the first later task", "task: P | A\ntask: P | B\ntask: P | C\ntask: P | D\ntask: P | E\nsplit: q | B / C | D\n",
			[]string{"A>B>C>E", "A>D>E"}},
		{"end: ends the path", "task: P | A\ntask: P | B\ntask: P | C\ntask: P | D\ntask: P | E\nsplit: q | B / C | D\nend: D\n",
			[]string{"A>B>C>E", "A>D"}},
		{"an empty branch skips", "task: P | A\ntask: P | B\ntask: P | C\nsplit: q | B | -\n",
			[]string{"A>B>C", "A>C"}},
		{"branches at the end end", "task: P | A\ntask: P | B\ntask: P | C\nsplit: q | B | C\n",
			[]string{"A>B", "A>C"}},
		{"a loop at most twice", "task: P | A\ntask: P | B\nloop: B -> A\n",
			[]string{"A>B", "A>B>A>B", "A>B>A>B>A>B"}},
		{"a branch that loops back is rework", "task: P | A\ntask: P | B\ntask: P | C\ntask: P | D\nsplit: q | C | D\nloop: C -> B\n",
			[]string{"A>B>C>B>C>B>D", "A>B>C>B>D", "A>B>D"}},
		{"outside parties' tasks are left out", "pool: X\ntask: X | Send order\ntask: P | A\ntask: P | B\n",
			[]string{"A>B"}},
		{"two splits in a row", "task: P | A\ntask: P | B\ntask: P | C\ntask: P | D\nsplit: q | A | B\nsplit: r | C | D\n",
			[]string{"A>C", "A>D", "B>C", "B>D"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parseCase("x", "text\n---\n"+tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			m := refModel(c) // branches merge without a join: only its traces are used
			ts, _ := modelTraces(&m)
			if got := traceStrings(ts); !slices.Equal(got, tt.want) {
				t.Errorf("traces %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTraceScore(t *testing.T) {
	sc := newScorer()
	ref := [][]string{{"Check invoice", "Approve invoice", "Pay invoice"}, {"Check invoice", "Reject invoice"}}
	tests := []struct {
		name               string
		gen                [][]string
		fitness, precision float64
	}{
		{"same behaviour, other wording", [][]string{{"Checks the invoices", "Approve invoice", "Pay invoice"}, {"Checks the invoices", "Reject invoice"}}, 1, 1},
		{"rejection merged into the payment", [][]string{{"Check invoice", "Approve invoice", "Pay invoice"}, {"Check invoice", "Reject invoice", "Pay invoice"}},
			(1 + 2.0/3) / 2, (1 + 2.0/3) / 2},
		{"one straight chain", [][]string{{"Check invoice", "Approve invoice", "Reject invoice", "Pay invoice"}},
			(0.75 + 0.5) / 2, 0.75},
		{"nothing in common", [][]string{{"Archive folder"}}, 0, 0},
		{"no traces", nil, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := sc.traceScore(ref, tt.gen)
			if math.Abs(b.fitness-tt.fitness) > 1e-9 || math.Abs(b.precision-tt.precision) > 1e-9 {
				t.Errorf("fitness %.3f precision %.3f, want %.3f %.3f", b.fitness, b.precision, tt.fitness, tt.precision)
			}
		})
	}
}

func TestSimilarity(t *testing.T) {
	tests := []struct {
		a, b []int
		want float64
	}{
		{nil, nil, 1},
		{[]int{1, 2, 3}, []int{1, 2, 3}, 1},
		{[]int{1, 2, 3}, []int{1, 3}, 2.0 / 3},
		{[]int{1, 2}, []int{2, 1}, 0},
		{[]int{1}, nil, 0},
	}
	for _, tt := range tests {
		if got := similarity(tt.a, tt.b); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("similarity(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestBehaviourTotals(t *testing.T) {
	var bt behaviourTotals
	bt.add(behaviour{fitness: 1, precision: 0.5}, false)
	bt.add(behaviour{fitness: 0.5, precision: 0.5}, true)
	if bt.meanFitness() != 0.75 || bt.meanPrecision() != 0.5 {
		t.Errorf("means %v %v, want 0.75 0.5", bt.meanFitness(), bt.meanPrecision())
	}
	if bt.truncated != 1 {
		t.Errorf("truncated %d, want 1", bt.truncated)
	}
	if got := bt.f(); math.Abs(got-0.6) > 1e-9 {
		t.Errorf("F %v, want 0.6", got)
	}
}
