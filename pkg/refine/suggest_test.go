package refine

import (
	"slices"
	"testing"
)

// TestSuggestPhases: the names a sentence mentions and the examples' X
// and Y that Suggest writes its forms with.
func TestSuggestPhases(t *testing.T) {
	t.Parallel()
	names := []string{"Check", "Check claim", "Pay claim", "Archive"}
	tests := []struct {
		name      string
		sentence  string // lower case, padded with spaces, as Suggest makes it
		names     []string
		mentioned []string
		rest      string
		x, y      string
	}{
		{"longest first, sentence order", " after pay claim do check claim ", names, []string{"Check claim", "Pay claim"}, " after   do   ", "Pay claim", "Check claim"},
		{"one mentioned", " archive it please ", names, []string{"Archive"}, "   it please ", "Archive", "Check"},
		{"none mentioned", " hello there ", names, nil, " hello there ", "Check", "Check claim"},
		{"no names", " hello ", nil, nil, " hello ", "Check claim", "Pay claim"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mentioned, rest := mentionedNames(tt.sentence, tt.names)
			if !slices.Equal(mentioned, tt.mentioned) || rest != tt.rest {
				t.Errorf("mentionedNames = %q, %q; want %q, %q", mentioned, rest, tt.mentioned, tt.rest)
			}
			if x, y := exampleNames(tt.sentence, mentioned, tt.names); x != tt.x || y != tt.y {
				t.Errorf("exampleNames = %q, %q; want %q, %q", x, y, tt.x, tt.y)
			}
		})
	}
}
