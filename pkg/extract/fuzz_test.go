package extract

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/failure"
)

// checkDocument asserts the invariants every parser promises. Parsers are
// called directly (not through Extract) so that a panic fails the fuzzer
// instead of being recovered.
func checkDocument(t *testing.T, d *Document, err error) {
	t.Helper()
	if err != nil {
		var fe *failure.Error
		if !errors.As(err, &fe) || fe.Detail == "" {
			t.Fatalf("error without user detail: %v", err)
		}
		return
	}
	if d == nil {
		t.Fatal("nil document without error")
	}
	if !utf8.ValidString(d.Text) {
		t.Fatalf("invalid UTF-8 in text")
	}
	if strings.Contains(d.Text, "\r") || strings.Contains(d.Text, "\n\n\n") || strings.TrimSpace(d.Text) != d.Text {
		t.Fatalf("text not normalized: %q", d.Text)
	}
}

// fuzzOpts keep every budget small: the fuzzer explores code paths, not
// sizes, and under its coverage instrumentation inflating the default
// 100 MB budget takes seconds per input (FuzzDOCX ran 10 inputs in 30 s).
var fuzzOpts = Options{MaxUncompressed: 1 << 20, MaxZipEntries: 64, MaxText: 64 << 10}.withDefaults()

func FuzzDetect(f *testing.F) {
	f.Add("a.pdf", []byte("%PDF-1.7\n"))
	f.Add("a.docx", []byte("PK\x03\x04"))
	f.Add("a.doc", []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	f.Add("a.TXT", []byte("hello \xff"))
	f.Add("a.txt", []byte{0xFF, 0xFE, 'a', 0})
	f.Fuzz(func(t *testing.T, name string, head []byte) {
		format, err := Detect(name, head)
		if err != nil {
			if d, _ := failure.Detail(err); d != detailUnsupported || !failure.IsPermanent(err) {
				t.Fatalf("bad rejection: %v", err)
			}
			return
		}
		switch format {
		case FormatPDF, FormatDOCX, FormatDOC, FormatTXT:
		default:
			t.Fatalf("unknown format %q", format)
		}
	})
}

func FuzzTXT(f *testing.F) {
	f.Add([]byte("Anna: hi\r\nBob: [00:01] hello\r\n"))
	f.Add([]byte("Gr\xfc\xdfe"))
	f.Add(utf16Bytes("Prüfung\r\n", true))
	f.Add([]byte{0xFF, 0xFE, 0x00, 0xD8}) // lone surrogate
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := extractTXT(context.Background(), data, fuzzOpts)
		if err == nil {
			applyTranscript(d)
		}
		checkDocument(t, d, err)
	})
}

func FuzzDOCX(f *testing.F) {
	f.Add(extracttest.DOCX(extracttest.Heading(1, "T")+extracttest.ListItem(1, 0, "x")+
		extracttest.Tbl([][]string{{"a", "b"}}), map[string]string{"word/numbering.xml": extracttest.Numbering()}))
	f.Add(extracttest.DOCX(extracttest.P("plain"), nil))
	f.Add(extracttest.TextBombDOCX(128 << 10))
	f.Add(extracttest.NestedDOCX(600))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := extractDOCX(context.Background(), data, fuzzOpts)
		checkDocument(t, d, err)
	})
}

func FuzzDOC(f *testing.F) {
	f.Add(extracttest.DOC([]extracttest.DocPiece{{Text: "a\x07b\x07\x07\x13 F \x14r\x15\r"}, {Text: "ü", Unicode: true}}, extracttest.DOCOptions{}))
	// Real word-processor output (LibreOffice) mutates into more shapes
	// than our own writer's.
	docs, _ := filepath.Glob(filepath.Join("testdata", "doc", "*.doc"))
	for _, p := range docs {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := extractDOC(context.Background(), data, fuzzOpts)
		checkDocument(t, d, err)
	})
}

func FuzzPDF(f *testing.F) {
	f.Add(extracttest.PDF([]extracttest.PDFPage{{Content: extracttest.Kerned("F1", 12, 72, 700, "a b")}}, extracttest.PDFOptions{}))
	f.Add(extracttest.PDF([]extracttest.PDFPage{{Content: extracttest.Text("F2", 9, 10, 10, "x")}}, extracttest.PDFOptions{Compress: true}))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := testExtractor(t)
		d, err := e.extractPDF(context.Background(), data, fuzzOpts)
		checkDocument(t, d, err)
	})
}

// FuzzPDFFilters feeds the bomb check streams that declare huge lengths
// and chain every filter; it must stay within its budget (never decode
// more than the budget allows) and never panic.
func FuzzPDFFilters(f *testing.F) {
	// Seeds expand to 4× the budget; the budget is small so that each run
	// is quick under the fuzzer's instrumentation.
	f.Add(chainPDF(256<<10, 0, "LZWDecode"))
	f.Add(chainPDF(256<<10, 0, "ASCIIHexDecode", "FlateDecode"))
	f.Add(chainPDF(256<<10, 5000, "FlateDecode", "ASCIIHexDecode", "LZWDecode"))
	f.Add(refFilterPDF(256 << 10))
	f.Add(objStmPDF(256 << 10))
	f.Add([]byte("1 0 obj << /Length 999999999999 /Filter [/RL /A85 /AHx /Fl /LZW] /DecodeParms << /EarlyChange 0 >> >> stream\n\x00\xff~>endstream"))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := checkPDFInflation(context.Background(), data, Limits{MaxUncompressed: 64 << 10})
		if err != nil {
			checkDocument(t, nil, err)
		}
	})
}

// FuzzCheckImage: headers that declare any size are answered from the
// header alone, with a detail or not at all.
func FuzzCheckImage(f *testing.F) {
	f.Add(extracttest.PNGHeader(1<<31-1, 1<<31-1, 16, 6))
	f.Add(extracttest.PNGHeader(0, 0, 8, 0))
	f.Add(extracttest.FlatPNG(64, 64))
	f.Add(gifHeader(65535, 65535))
	f.Add([]byte("\xff\xd8\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := CheckImage(data, DefaultMaxPixels, false); err != nil {
			checkDocument(t, nil, err)
		}
	})
}
