package extract

import (
	"strings"
	"testing"
	"unicode/utf16"
)

func utf16Bytes(s string, bigEndian bool) []byte {
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func TestTXT(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"utf8", []byte("Order received.\nInvoice sent."), "Order received.\nInvoice sent."},
		{"utf8 bom crlf", []byte("\xEF\xBB\xBFLine one\r\nLine two\r\n\r\n\r\nNext para\r\n"), "Line one\nLine two\n\nNext para"},
		{"cr only", []byte("a\rb"), "a\nb"},
		{"latin1", []byte("Gr\xfc\xdfe aus K\xf6ln"), "Grüße aus Köln"},
		{"cp1252 quotes", []byte("\x93quoted\x94 \x96 dash \x80"), "\u201Cquoted\u201D \u2013 dash €"},
		{"utf16le", utf16Bytes("Prüfung\r\nFreigabe 🚀", false), "Prüfung\nFreigabe 🚀"},
		{"utf16be", utf16Bytes("Prüfung\r\nFreigabe", true), "Prüfung\nFreigabe"},
		{"spaces and tabs collapse", []byte("a \t  b   \nc\u00a0d"), "a b\nc d"},
		{"control chars dropped", []byte(strings.Repeat("word ", 40) + "a\x01b\x7fc"), strings.Repeat("word ", 40) + "abc"},
		{"decomposed to NFC", []byte("Cafe\u0301"), "Café"},
		{"indent kept as list depth", []byte("- At the same time:\n  - post the status\n\t- check the deploy"), "- At the same time:\n  - post the status\n    - check the deploy"},
		{"blank line's blanks dropped", []byte("a\n   \n  b"), "a\n\n  b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, "notes.txt", tt.data)
			if d.Text != tt.want {
				t.Errorf("text = %q, want %q", d.Text, tt.want)
			}
			if d.Format != FormatTXT || d.Pages != 0 {
				t.Errorf("format %q pages %d", d.Format, d.Pages)
			}
		})
	}
}

func TestTXTEmpty(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("  \r\n\t"), {0xEF, 0xBB, 0xBF}} {
		_, err := extract(t, "empty.txt", data)
		wantDetail(t, err, "no text")
	}
}

func TestTXTBinaryRejected(t *testing.T) {
	// NULs after the detection window still make it binary.
	data := []byte(strings.Repeat("text ", 1000) + "\x00\x00")
	_, err := extract(t, "x.txt", data)
	wantDetail(t, err, "readable text")
}
