package pipeline

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

// TestPixelBudget: the picture check uses the account's budget, or the
// demo's smaller one with the demo's wording.
func TestPixelBudget(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		data   []byte
		demo   bool
		detail string // "" = accepted
	}{
		{"ordinary", extracttest.PNGHeader(800, 600, 8, 2), false, ""},
		{"15 MP for an account", extracttest.PNGHeader(5000, 3000, 8, 2), false, ""},
		{"15 MP in the demo", extracttest.PNGHeader(5000, 3000, 8, 2), true, "the limit is 12 megapixels in the demo"},
		{"60 MP for an account", extracttest.PNGHeader(10000, 6000, 8, 2), false, "the limit is 40 megapixels."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := PixelBudget{}.CheckImage(tt.data, tt.demo)
			if tt.detail == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.detail) {
				t.Fatalf("err = %v, want %q", err, tt.detail)
			}
		})
	}
}
