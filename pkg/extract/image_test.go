package extract

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

// gifHeader is a GIF whose logical screen is w × h, with no image data.
func gifHeader(w, h uint16) []byte {
	var b bytes.Buffer
	b.WriteString("GIF89a")
	binary.Write(&b, binary.LittleEndian, w)
	binary.Write(&b, binary.LittleEndian, h)
	b.Write([]byte{0, 0, 0})
	return b.Bytes()
}

func TestCheckImage(t *testing.T) {
	tests := []struct {
		name   string
		data   []byte
		demo   bool
		detail string // "" = accepted
	}{
		{"ordinary", extracttest.FlatPNG(800, 600), false, ""},
		{"60 megapixels in 58 KB", extracttest.FlatPNG(10000, 6000), false, "10000 × 6000 pixels (60.0 megapixels); the limit is 40 megapixels"},
		{"at the limit", extracttest.PNGHeader(8000, 5000, 8, 2), false, ""},
		{"demo", extracttest.PNGHeader(5000, 3000, 8, 2), true, "the limit is 12 megapixels in the demo"},
		{"header claims 2³¹ squared", extracttest.PNGHeader(1<<31-1, 1<<31-1, 8, 6), false, "PNG header cannot be read"},
		{"png of 0 × 0", extracttest.PNGHeader(0, 0, 8, 0), false, "PNG header cannot be read"},
		{"truncated jpeg", []byte("\xff\xd8\xff"), false, "JPEG header cannot be read"},
		{"gif of 0 × 0", gifHeader(0, 0), false, "gives its size as 0 × 0 pixels, so the file is damaged"},
		{"gif of 65535 squared", gifHeader(65535, 65535), false, "the limit is 40 megapixels"},
		{"not a picture the header reader knows (HEIC)", []byte("\x00\x00\x00\x18ftypheic"), false, ""},
		{"empty", nil, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			max := int64(DefaultMaxPixels)
			if tt.demo {
				max = DemoMaxPixels
			}
			err := CheckImage(tt.data, max, tt.demo)
			if tt.detail == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			wantDetail(t, err, tt.detail)
		})
	}
}
