package api

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// utf16Bytes encodes s as UTF-16 with a byte order mark.
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

// TestBPMNUTF16: a UTF-16 BPMN file (either byte order, with its BOM) is
// accepted as XML and stored as UTF-8 with a matching declaration; a
// truncated one is refused with the reason.
func TestBPMNUTF16(t *testing.T) {
	const doc = `<?xml version="1.0" encoding="UTF-16"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P"><task id="T" name="Prüfen ✓"/></process></definitions>`
	for _, tc := range []struct {
		name   string
		data   []byte
		want   string // the stored start, "" when refused
		detail string
	}{
		{"UTF-16 LE", utf16Bytes(doc, false), `<?xml version="1.0" encoding="UTF-8"?><definitions`, ""},
		{"UTF-16 BE", utf16Bytes(doc, true), `<?xml version="1.0" encoding="UTF-8"?><definitions`, ""},
		{"UTF-16 without declaration", utf16Bytes(`<definitions/>`, false), `<definitions/>`, ""},
		{"declaration in single quotes", utf16Bytes(`<?xml version='1.0' encoding='utf-16le'?><definitions/>`, false), `<?xml version='1.0' encoding='UTF-8'?><definitions/>`, ""},
		{"UTF-8 untouched", []byte(doc), doc, ""},
		{"cut off", utf16Bytes(doc, false)[:41], "", "ends in half a character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct, err := detectBPMN("model.bpmn", tc.data)
			if err != nil || ct != "application/xml" {
				t.Fatalf("detect: %q %v", ct, err)
			}
			out, err := bpmnUTF8(tc.data)
			if tc.want == "" {
				if d, _ := failure.Detail(err); !strings.Contains(d, tc.detail) {
					t.Fatalf("err %v, want %q", err, tc.detail)
				}
				return
			}
			if err != nil || !strings.HasPrefix(string(out), tc.want) {
				t.Fatalf("stored %.120q, %v; want it to start %q", out, err, tc.want)
			}
			if strings.Contains(doc, "Prüfen") && tc.data[0] != '<' && strings.HasPrefix(tc.want, "<?xml version=\"1.0\"") && !strings.Contains(string(out), "Prüfen ✓") {
				t.Fatalf("text lost: %q", out)
			}
		})
	}
}
