package api

import (
	"strings"
	"testing"
)

func TestDetectDemo(t *testing.T) {
	bmp := append([]byte("BM"), make([]byte, 60)...)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"a.txt", []byte("The clerk approves the invoice."), "text/plain"},
		{"a.png", []byte("\x89PNG\r\n\x1a\n0000"), "image/png"},
		{"a.jpg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, "image/jpeg"},
		{"a.gif", []byte("GIF89a....."), "image/gif"},
		{"a.bmp", bmp, "image/bmp"},
		{"a.gif", []byte("not a gif"), ""},
		{"a.exe", []byte("MZ\x90\x00"), ""},
		{"a.bmp", []byte("BM"), ""},
	}
	for _, tt := range tests {
		got, err := detectDemo(tt.name, tt.data)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s %q accepted as %s", tt.name, tt.data, got)
			}
			continue
		}
		if err != nil || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: %q %v, want %s", tt.name, got, err, tt.want)
		}
	}
}

func FuzzDetectDemo(f *testing.F) {
	f.Add("a.txt", []byte("hello"))
	f.Add("a.gif", []byte("GIF87a"))
	f.Add("a.bmp", []byte("BM"))
	f.Add("a.pdf", []byte("%PDF-1.7"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		got, err := detectDemo(name, data)
		if err == nil && got == "" {
			t.Fatal("accepted without a type")
		}
	})
}
