package quality

import "testing"

func TestScoreLabels(t *testing.T) {
	t.Parallel()
	tests := []struct {
		score int
		want  string
	}{
		{100, LabelExcellent}, {80, LabelExcellent}, {79, LabelGood}, {70, LabelGood},
		{69, LabelFair}, {50, LabelFair}, {49, LabelNeedsImprovement}, {0, LabelNeedsImprovement},
	}
	for _, tt := range tests {
		if got := scoreLabel(tt.score); got != tt.want {
			t.Errorf("scoreLabel(%d) = %q, want %q", tt.score, got, tt.want)
		}
	}
}

func TestComplexityBands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		score float64
		want  string
	}{
		{0, ComplexityLow}, {3, ComplexityLow}, {3.1, ComplexityModerate}, {7, ComplexityModerate},
		{7.1, ComplexityHigh}, {10, ComplexityHigh},
	}
	for _, tt := range tests {
		if got := complexityLabel(tt.score); got != tt.want {
			t.Errorf("complexityLabel(%.1f) = %q, want %q", tt.score, got, tt.want)
		}
	}
}
