package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// extractTXT decodes a text upload. The encoding is guessed the way editors
// save files: a BOM wins (UTF-8, UTF-16 LE/BE); otherwise valid UTF-8 is
// UTF-8 and anything else is Windows-1252 (a superset of Latin-1 for
// printable text), since that is what Word's "Plain text" and Notepad write.
func extractTXT(ctx context.Context, data []byte, opts Options) (*Document, error) {
	// Decoding never shrinks text below half its bytes (UTF-16), so a file
	// this large is over the budget before any copy is made.
	if len(data) > 2*opts.MaxText+4 {
		return nil, budgetFailure("TXT", opts.limits(), fmt.Errorf("txt: %d bytes: %w", len(data), errTextBudget))
	}
	text, err := decodeText(data)
	if err != nil {
		return nil, failure.Permanent(detailBinaryTXT, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	text = normalizeKeepIndent(text) // the indent is a nested list's depth
	if len(text) > opts.MaxText {
		return nil, budgetFailure("TXT", opts.limits(), fmt.Errorf("txt: %d bytes of text: %w", len(text), errTextBudget))
	}
	return &Document{Text: text, Format: FormatTXT}, nil
}

func decodeText(data []byte) (string, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return string(bytes.ToValidUTF8(data[3:], []byte("\uFFFD"))), nil
	}
	if text, ok := DecodeUTF16BOM(data); ok {
		return text, nil
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return "", errors.New("txt: NUL bytes without a UTF-16 byte order mark")
	}
	if utf8.Valid(data) {
		return string(data), nil
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// DecodeUTF16BOM decodes data that starts with a UTF-16 byte order mark
// (little or big endian) into UTF-8; ok is false for anything else. An odd
// last byte is dropped (callers that need whole files check that).
func DecodeUTF16BOM(data []byte) (text string, ok bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return decodeUTF16(data[2:], false), true
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decodeUTF16(data[2:], true), true
	}
	return "", false
}

func decodeUTF16(b []byte, bigEndian bool) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
	}
	return string(utf16.Decode(u))
}
