package extract

import (
	"reflect"
	"testing"
)

// TestReadDict: the stream dictionary fields readDict keeps, at the top
// level only, and where it stops.
func TestReadDict(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		dict string
		want dictInfo
	}{
		{"empty", "<<>>", dictInfo{earlyChange: true}},
		{"one filter and length", "<</Filter /FlateDecode /Length 42>>", dictInfo{filters: []string{"FlateDecode"}, earlyChange: true, length: 42}},
		{"filter array", "<</Filter [/ASCIIHexDecode /FlateDecode]>>", dictInfo{filters: []string{"ASCIIHexDecode", "FlateDecode"}, earlyChange: true}},
		{"indirect filter and length", "<</Filter 7 0 R /Length 8 0 R>>", dictInfo{earlyChange: true, filterRef: "7 0"}},
		{"image", "<</Type /XObject /Subtype /Image /Length 3>>", dictInfo{earlyChange: true, image: true, length: 3}},
		{"early change off", "<</Filter /LZWDecode /DecodeParms <</EarlyChange 0>> >>", dictInfo{filters: []string{"LZWDecode"}, earlyChange: false}},
		{"nested keys ignored", "<</Resources <</Length 9 /Subtype /Image>> /Length 5>>", dictInfo{earlyChange: true, length: 5}},
		{"strings and comments", "<</Title (a /Filter >> b) % /Length 9\n/Length 2>>", dictInfo{earlyChange: true, length: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data := []byte(tt.dict + " stream")
			s := &pdfScanner{data: data}
			got := s.readDict()
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("readDict(%q) = %+v, want %+v", tt.dict, got, tt.want)
			}
			if s.pos != len(tt.dict) {
				t.Errorf("stopped at %d, want %d", s.pos, len(tt.dict))
			}
		})
	}
}
