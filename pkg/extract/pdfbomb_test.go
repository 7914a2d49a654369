package extract

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func bombPDF(pages int, pad int64, layers int) []byte {
	ps := make([]extracttest.PDFPage, pages)
	for i := range ps {
		ps[i] = extracttest.PDFPage{Content: extracttest.Text("F1", 12, 72, 700, fmt.Sprintf("The clerk checks invoice %d.", i))}
	}
	return extracttest.PDF(ps, extracttest.PDFOptions{Compress: true, Pad: pad, Layers: layers})
}

// imagePDF is a small PDF with one flat-colour image stream that inflates
// to size bytes (a blank scan), which text extraction never decodes.
func imagePDF(size int64) []byte {
	doc := bombPDF(1, 0, 1)
	img := bombPDF(1, size, 1) // borrow its deflated stream
	i := bytes.Index(img, []byte("stream\n")) + len("stream\n")
	j := bytes.LastIndex(img, []byte("\nendstream"))
	obj := fmt.Sprintf("99 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /FlateDecode /Length %d >>\nstream\n", j-i)
	x := bytes.Index(doc, []byte("xref"))
	return append(append(append(append([]byte{}, doc[:x]...), obj...), append(img[i:j:j], "\nendstream\nendobj\n"...)...), doc[x:]...)
}

// chainPDF is a one-page PDF whose content stream is padded with pad
// spaces and encoded through filters, with a dictionary dictPad bytes
// longer than needed.
func chainPDF(pad int64, dictPad int, filters ...string) []byte {
	return extracttest.PDF([]extracttest.PDFPage{{Content: extracttest.Text("F1", 12, 72, 700, "The clerk checks the invoice.")}},
		extracttest.PDFOptions{Filters: filters, Pad: pad, DictPad: dictPad})
}

// refFilterPDF names its stream's filter through an indirect reference.
func refFilterPDF(pad int64) []byte {
	enc, _ := extracttest.Encode(extracttest.BombStream("BT ET", pad), []string{"FlateDecode"})
	return fmt.Appendf(nil, "%%PDF-1.5\n9 0 obj\n[/FlateDecode]\nendobj\n4 0 obj\n<< /Length %d /Filter 9 0 R >>\nstream\n%s\nendstream\nendobj\n", len(enc), enc)
}

// objStmPDF holds an object stream that inflates past pad bytes.
func objStmPDF(pad int64) []byte {
	enc, _ := extracttest.Encode(extracttest.BombStream("<< /Type /Page >>", pad), []string{"FlateDecode"})
	return fmt.Appendf(nil, "%%PDF-1.5\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream\nendobj\n", len(enc), enc)
}

func TestCheckPDFInflation(t *testing.T) {
	const budget = 1 << 20
	tests := []struct {
		name string
		data []byte
		bomb bool
	}{
		{"ordinary compressed PDF", bombPDF(3, 10<<10, 1), false},
		{"one stream past half the budget", bombPDF(1, 600<<10, 1), true},
		{"many streams past the budget together", bombPDF(5, 300<<10, 1), true},
		{"bomb inside a second deflate layer", bombPDF(1, 4<<20, 2), true},
		{"large flat image", imagePDF(2 << 20), false},
		{"image past the image allowance", imagePDF(5 << 20), true},
		{"LZW", chainPDF(2<<20, 0, "LZWDecode"), true},
		{"LZW under the budget", chainPDF(200<<10, 0, "LZWDecode"), false},
		{"ASCIIHex then Flate", chainPDF(2<<20, 0, "ASCIIHexDecode", "FlateDecode"), true},
		{"Flate then ASCIIHex then LZW", chainPDF(2<<20, 0, "FlateDecode", "ASCIIHexDecode", "LZWDecode"), true},
		{"dictionary of 8 KB before stream", chainPDF(2<<20, 8<<10, "FlateDecode"), true},
		{"dictionary of 1 MB before stream", chainPDF(2<<20, 1<<20, "FlateDecode"), true},
		{"filter as an indirect reference", refFilterPDF(2 << 20), true},
		{"object stream", objStmPDF(2 << 20), true},
		{"keywords inside strings are not streams", []byte("1 0 obj << /A (>> stream) /Filter /FlateDecode >> endobj"), false},
		{"garbage after the stream keyword", []byte("1 0 obj << /Filter /FlateDecode >> stream\nnot deflate at all endstream"), false},
		{"keyword at the very end", []byte("<< /Filter /FlateDecode >> stream"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkPDFInflation(context.Background(), tt.data, Limits{MaxUncompressed: budget})
			if tt.bomb {
				wantDetail(t, err, "This PDF expands to more than 1 MB")
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
		})
	}
}

// TestPDFBombThroughExtract: the whole path answers the bomb's own detail,
// not "no text layer" (issue 12.4).
func TestPDFBombThroughExtract(t *testing.T) {
	shared := testExtractor(t)
	e := &Extractor{opts: Options{MaxUncompressed: 1 << 20}.withDefaults(), pdf: shared.pdf}
	_, err := e.Extract(context.Background(), "bomb.pdf", bombPDF(1, 8<<20, 1))
	wantDetail(t, err, "This PDF expands to more than 1 MB")
	d, err := e.Extract(context.Background(), "ok.pdf", bombPDF(2, 1<<10, 1))
	if err != nil || !strings.Contains(d.Text, "invoice 1") {
		t.Fatalf("ordinary PDF: %v", err)
	}
}
