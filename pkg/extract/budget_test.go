package extract

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

// TestTextBudget: every format stops at the text budget and fails with a
// detail naming it; just under it still works. The anonymous demo's
// smaller budget says that an account allows more.
func TestTextBudget(t *testing.T) {
	e := testExtractor(t)
	lim := Limits{MaxText: 16 << 10}
	pdfPages := func(n int) []byte {
		pages := make([]extracttest.PDFPage, n)
		for i := range pages {
			var b strings.Builder
			for l := range 40 {
				b.WriteString(extracttest.Text("F1", 9, 40, 760-12*float64(l), strings.Join(extracttest.Words(i*40+l, 14), " ")))
			}
			pages[i].Content = b.String()
		}
		return extracttest.PDF(pages, extracttest.PDFOptions{Compress: true})
	}
	tests := []struct {
		name string
		file string
		data []byte
		over bool
	}{
		{"docx over", "a.docx", extracttest.TextBombDOCX(200 << 10), true},
		{"docx under", "a.docx", extracttest.TextBombDOCX(10 << 10), false},
		{"docx one long run", "a.docx", extracttest.DOCX(extracttest.P(strings.Repeat("x", 100<<10)), nil), true},
		{"txt over", "a.txt", []byte(strings.Repeat("The clerk checks the invoice.\n", 3000)), true},
		{"txt under", "a.txt", []byte(strings.Repeat("The clerk checks the invoice.\n", 400)), false},
		{"doc over", "a.doc", extracttest.DOC([]extracttest.DocPiece{{Text: strings.Repeat("The clerk checks the invoice.\r", 1000)}}, extracttest.DOCOptions{}), true},
		{"pdf over", "a.pdf", pdfPages(10), true},
		{"pdf under", "a.pdf", pdfPages(1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := e.ExtractWithin(context.Background(), tt.file, tt.data, lim)
			if tt.over {
				wantDetail(t, err, "holds more than 16 KB of text")
				return
			}
			if err != nil || len(d.Text) == 0 {
				t.Fatalf("under the budget: %v", err)
			}
		})
	}
	_, err := e.ExtractWithin(context.Background(), "a.docx", extracttest.TextBombDOCX(1<<20), DemoLimits())
	wantDetail(t, err, "the limit per analysis is 256 KB in the demo (an account allows more)")
}

// TestDOCXNestingBomb: deeply nested elements fail fast as damaged instead
// of growing the XML decoder's stack.
func TestDOCXNestingBomb(t *testing.T) {
	_, err := extract(t, "deep.docx", extracttest.NestedDOCX(100_000))
	wantDetail(t, err, "could not be read")
	d := mustExtract(t, "ok.docx", extracttest.NestedDOCX(20))
	if d.Text != "deep" {
		t.Errorf("text %q", d.Text)
	}
}

func TestDemoLimitsPDFBomb(t *testing.T) {
	_, err := testExtractor(t).ExtractWithin(context.Background(), "b.pdf", chainPDF(20<<20, 0, "LZWDecode"), DemoLimits())
	wantDetail(t, err, "limit per document is 16 MB in the demo")
}
