package text

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// manyShortLines is about 2 MB of short lines without sentence ends: one
// paragraph that segmenting must join in linear time.
func manyShortLines(n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "x%d\n", i%10)
	}
	return sb.String()
}

// manySpeakers is a transcript with n distinct speakers, each saying one
// step: actor matching must not compare every speaker with every other.
func manySpeakers(n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "Speaker %d: I check the form and send it on.\n", i)
	}
	return sb.String()
}

// BenchmarkSegmentMillionLines segments 1,000,000 short lines (issue 27
// row 3: quadratic appending).
func BenchmarkSegmentMillionLines(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := manyShortLines(n)
			b.ReportAllocs()
			for b.Loop() {
				segment(context.Background(), text)
			}
		})
	}
}

// BenchmarkAnalyzeMillionLines analyses 1,000,000 short lines end to end.
func BenchmarkAnalyzeMillionLines(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := manyShortLines(n)
			b.ReportAllocs()
			for b.Loop() {
				Analyze(context.Background(), text, "")
			}
		})
	}
}

// BenchmarkTranscriptSpeakers analyses a transcript of 10,000 speakers
// (issue 27 row 3: O(P²) actor matching).
func BenchmarkTranscriptSpeakers(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := manySpeakers(n)
			b.ReportAllocs()
			for b.Loop() {
				Analyze(context.Background(), text, "")
			}
		})
	}
}

// TestCancelledAnalysisStops checks that a cancelled context stops the
// reading of a huge text: the model comes back without its steps (the
// provider reports the cancellation, not the model).
func TestCancelledAnalysisStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, text := range []string{manyShortLines(200_000), manySpeakers(5_000)} {
		m := Analyze(ctx, text, "")
		for _, act := range m.Activities {
			if strings.Contains(strings.ToLower(act.Name), "check") {
				t.Errorf("cancelled analysis read the steps: %v", names(m))
				break
			}
		}
	}
}
