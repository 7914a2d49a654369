package extract

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/failure"
)

var (
	magicPDF  = []byte("%PDF-")
	magicZip  = []byte("PK\x03\x04")
	magicOLE2 = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// Detect checks the extension (case-insensitive) and the leading bytes of a
// document upload and returns its format. Both must agree: a renamed binary
// is rejected with the same permanent failure as an unsupported extension,
// because the user's fix is the same (upload a real PDF, DOC, DOCX or TXT).
func Detect(filename string, head []byte) (Format, error) {
	ext := strings.ToLower(filepath.Ext(filename))
	var (
		f  Format
		ok bool
	)
	switch ext {
	case ".pdf":
		f, ok = FormatPDF, bytes.Contains(head[:min(len(head), 1024)], magicPDF)
	case ".docx":
		f, ok = FormatDOCX, bytes.HasPrefix(head, magicZip)
	case ".doc":
		f, ok = FormatDOC, bytes.HasPrefix(head, magicOLE2)
	case ".txt":
		f, ok = FormatTXT, looksLikeText(head)
	default:
		return "", failure.Permanent(detailUnsupported, fmt.Errorf("detect %q: unsupported extension %q", filename, ext))
	}
	if !ok {
		return "", failure.Permanent(detailUnsupported, fmt.Errorf("detect %q: content does not match %s", filename, ext))
	}
	return f, nil
}

// looksLikeText reports whether head can be the start of a text file: a
// UTF-16 file with a BOM, or bytes without NULs that decode as UTF-8 or
// Windows-1252 with few control characters. head may end mid-rune.
func looksLikeText(head []byte) bool {
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		return len(head)%2 == 0 || len(head) >= headSize
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	if validUTF8Prefix(head) {
		return controlRatioOK(head)
	}
	// Windows-1252 leaves five bytes undefined; a file using them is binary.
	for _, b := range head {
		switch b {
		case 0x81, 0x8D, 0x8F, 0x90, 0x9D:
			return false
		}
	}
	return controlRatioOK(head)
}

// validUTF8Prefix is utf8.Valid but tolerates a rune cut off by the
// head buffer.
func validUTF8Prefix(b []byte) bool {
	if utf8.Valid(b) {
		return true
	}
	for cut := 1; cut < utf8.UTFMax && cut <= len(b); cut++ {
		if !utf8.RuneStart(b[len(b)-cut]) {
			continue
		}
		return utf8.Valid(b[:len(b)-cut]) && !utf8.FullRune(b[len(b)-cut:])
	}
	return false
}

// controlRatioOK rejects bytes with more than 1 % C0 control characters
// other than tab, newline, carriage return and form feed: binary formats
// are full of them, text is not.
func controlRatioOK(b []byte) bool {
	n := 0
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			n++
		}
	}
	return n*100 <= len(b)
}
