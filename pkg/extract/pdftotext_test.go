package extract

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// popplerExtractor is an Extractor on pdftotext; the test fails without
// it (SPADE_TEST_ALLOW_SKIP=1 skips).
func popplerExtractor(t *testing.T, opts Options) *Extractor {
	t.Helper()
	testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
	opts.PDFEngine = PDFEnginePdftotext
	e, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// TestPdftotextEngine: the fast path recovers the words of the hard
// cases, gives the same details as pdfium for broken, protected and
// image-only files, and keeps every budget.
func TestPdftotextEngine(t *testing.T) {
	e := popplerExtractor(t, Options{})
	sentence := "Approve the purchase request before the invoice arrives"
	left, right := extracttest.Words(1, 40), extracttest.Words(2, 40)
	for name, content := range map[string]string{
		"plain":       extracttest.Text("F1", 12, 72, 700, sentence),
		"kerned":      extracttest.Kerned("F2", 11, 72, 700, sentence),
		"placed":      extracttest.Placed("F1", 10, 72, 700, sentence),
		"two columns": extracttest.TwoColumns(10, left, right),
		"latin1":      extracttest.Text("F1", 12, 72, 700, "Prüfung der Bestellung – Übergabe"),
	} {
		t.Run(name, func(t *testing.T) {
			d, err := e.Extract(context.Background(), "a.pdf", onePage(content))
			if err != nil {
				t.Fatal(err)
			}
			if d.Pages != 1 || d.Format != FormatPDF {
				t.Errorf("pages %d format %s", d.Pages, d.Format)
			}
			if name == "two columns" {
				if got := strings.Join(strings.Fields(d.Text), " "); got != strings.Join(left, " ")+" "+strings.Join(right, " ") {
					t.Errorf("reading order %q", got)
				}
				return
			}
			if !strings.Contains(d.Text, sentence) && !strings.Contains(d.Text, "Prüfung der Bestellung – Übergabe") {
				t.Errorf("text %q", d.Text)
			}
		})
	}

	good := onePage(extracttest.Text("F1", 12, 72, 700, "secret process"))
	enc, err := extracttest.EncryptPDF(good, "user", "owner")
	if err != nil {
		t.Fatal(err)
	}
	owner, err := extracttest.EncryptPDF(good, "", "owner")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, detail string
		data         []byte
	}{
		{"password", "password-protected", enc},
		{"garbage", "may be damaged", []byte("%PDF-1.7\n" + strings.Repeat("garbage ", 200))},
		{"truncated", "may be damaged", good[:len(good)/3]},
		{"image only", "no text layer", onePage(extracttest.ImageOnly())},
		{"bomb", "expands to more than 100 MB", chainPDF(300<<20, 0, "LZWDecode")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.Extract(context.Background(), "bad.pdf", tt.data)
			wantDetail(t, err, tt.detail)
		})
	}
	d, err := e.Extract(context.Background(), "owner.pdf", owner)
	if err != nil || d.Text != "secret process" {
		t.Errorf("owner password only: %v %+v", err, d)
	}

	pages := make([]extracttest.PDFPage, 4)
	for i := range pages {
		pages[i].Content = extracttest.Text("F1", 12, 72, 700, strings.Repeat("page text ", 40))
	}
	four := extracttest.PDF(pages, extracttest.PDFOptions{})
	_, err = e.ExtractWithin(context.Background(), "long.pdf", four, Limits{MaxPages: 3})
	wantDetail(t, err, "more than 3 pages")
	_, err = e.ExtractWithin(context.Background(), "long.pdf", four, Limits{MaxText: 100})
	wantDetail(t, err, "holds more than 100 bytes of text")

	slow := popplerExtractor(t, Options{Timeout: time.Nanosecond})
	_, err = slow.Extract(context.Background(), "long.pdf", four)
	wantDetail(t, err, "took too long")

	// No temp file is left behind.
	leftover, _ := filepath.Glob(filepath.Join(os.TempDir(), "spade-pdf-*.pdf"))
	if len(leftover) != 0 {
		t.Errorf("temp files left: %v", leftover)
	}
}

// TestPdfiumLoadsOnFirstUseAndIdlesOut: pdfium is not loaded until a PDF
// needs it and is closed after PDFIdle without work.
func TestPdfiumLoadsOnFirstUseAndIdlesOut(t *testing.T) {
	e, err := New(Options{PDFEngine: PDFEnginePdfium, PDFIdle: time.Millisecond, CacheDir: filepath.Join(os.TempDir(), "spade-extract-test-wazero")})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	loaded := func() bool { e.mu.Lock(); defer e.mu.Unlock(); return e.pdf != nil }
	if loaded() {
		t.Fatal("pdfium loaded before any PDF")
	}
	if _, err := e.Extract(context.Background(), "a.txt", []byte("text only")); err != nil || loaded() {
		t.Fatalf("a TXT loaded pdfium: %v", err)
	}
	d, err := e.Extract(context.Background(), "a.pdf", onePage(extracttest.Text("F1", 12, 72, 700, "first use")))
	if err != nil || d.Text != "first use" {
		t.Fatalf("%v %+v", err, d)
	}
	for loaded() { // the idle timer closes it; the test's deadline bounds the wait
		time.Sleep(time.Millisecond)
	}
	d, err = e.Extract(context.Background(), "a.pdf", onePage(extracttest.Text("F1", 12, 72, 700, "loaded again")))
	if err != nil || d.Text != "loaded again" {
		t.Fatalf("after idle close: %v %+v", err, d)
	}
}
