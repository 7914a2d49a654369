package diagram

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/failure"
)

// TestDecodeImageSizes: a header that gives no size is called damaged,
// never "too large" (a GIF's logical screen may say 0 × 0); one over the
// reader's pixel budget is too large.
func TestDecodeImageSizes(t *testing.T) {
	t.Parallel()
	gif := func(w, h byte) []byte { return []byte("GIF89a" + string([]byte{w, 0, h, 0}) + "\x00\x00\x00;") }
	for _, tc := range []struct {
		name   string
		data   []byte
		detail string
	}{
		{"GIF of 0 × 0", gif(0, 0), "The image's header gives its size as 0 × 0 pixels, so the file is damaged."},
		{"GIF of 0 × 5", gif(0, 5), "The image's header gives its size as 0 × 5 pixels, so the file is damaged."},
		{"PNG of 80 megapixels", extracttest.PNGHeader(10000, 8000, 8, 0), "The image is 10000 × 8000 pixels, which is too large to read."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := decodeImage(tc.data)
			d, ok := failure.Detail(err)
			if !ok || !strings.HasPrefix(d, tc.detail) {
				t.Errorf("decodeImage: %v (detail %q), want %q", err, d, tc.detail)
			}
			if strings.Contains(d, "too large") && strings.Contains(d, " 0 ") {
				t.Errorf("an empty size called too large: %q", d)
			}
		})
	}
}
