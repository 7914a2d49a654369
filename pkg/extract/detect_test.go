package extract

import (
	"bytes"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func TestDetect(t *testing.T) {
	pdf := extracttest.PDF([]extracttest.PDFPage{{Content: extracttest.Text("F1", 12, 72, 700, "Hello")}}, extracttest.PDFOptions{})
	docx := extracttest.DOCX(extracttest.P("Hello"), nil)
	doc := extracttest.DOC([]extracttest.DocPiece{{Text: "Hello\r"}}, extracttest.DOCOptions{})
	tests := []struct {
		name string
		file string
		head []byte
		want Format // "" = rejected
	}{
		{"pdf", "a.pdf", pdf, FormatPDF},
		{"pdf upper ext", "A.PDF", pdf, FormatPDF},
		{"pdf magic after junk", "a.pdf", append(bytes.Repeat([]byte{' '}, 500), pdf...), FormatPDF},
		{"pdf magic too late", "a.pdf", append(bytes.Repeat([]byte{' '}, 1100), pdf...), ""},
		{"pdf named docx", "a.docx", pdf, ""},
		{"docx", "report.Docx", docx, FormatDOCX},
		{"docx not zip", "a.docx", []byte("hello"), ""},
		{"doc", "old.DOC", doc, FormatDOC},
		{"doc named txt", "a.txt", doc, ""},
		{"doc not ole", "a.doc", docx, ""},
		{"txt utf8", "a.txt", []byte("Grüße, world\n"), FormatTXT},
		{"txt empty", "a.txt", nil, FormatTXT},
		{"txt latin1", "a.txt", []byte("Gr\xfc\xdfe\r\n"), FormatTXT},
		{"txt utf16le bom", "a.txt", []byte{0xFF, 0xFE, 'h', 0, 'i', 0}, FormatTXT},
		{"txt utf16be bom", "a.txt", []byte{0xFE, 0xFF, 0, 'h', 0, 'i'}, FormatTXT},
		{"txt with NUL", "a.txt", []byte("ab\x00cd"), ""},
		{"txt binary controls", "a.txt", bytes.Repeat([]byte{1, 2, 3, 'a'}, 50), ""},
		{"txt cut mid rune", "a.txt", []byte("abc\xc3"), FormatTXT},
		{"png as txt", "a.txt", []byte("\x89PNG\r\n\x1a\n\x00\x00"), ""},
		{"unsupported ext", "a.rtf", []byte("{\\rtf1}"), ""},
		{"no ext", "README", []byte("text"), ""},
		{"odt", "a.odt", docx, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Detect(tt.file, head(tt.head))
			if tt.want == "" {
				if err == nil {
					t.Fatalf("Detect = %q, want rejection", got)
				}
				wantDetail(t, err, "Please upload a PDF, DOC, DOCX, or TXT file")
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Detect = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
