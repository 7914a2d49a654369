package extract

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/failure"
)

func onePage(content string) []byte {
	return extracttest.PDF([]extracttest.PDFPage{{Content: content}}, extracttest.PDFOptions{Compress: true})
}

func TestPDFHardCases(t *testing.T) {
	sentence := "Approve the purchase request before the invoice arrives"
	left, right := extracttest.Words(1, 40), extracttest.Words(2, 40)
	tests := []struct {
		name     string
		content  string
		contains []string // each must appear as a whole line or a substring
		words    []string // must all appear as separate words
	}{
		{"plain", extracttest.Text("F1", 12, 72, 700, sentence), []string{sentence}, nil},
		{"kerned TJ without space glyphs", extracttest.Kerned("F2", 11, 72, 700, sentence), []string{sentence}, nil},
		{"words placed one by one", extracttest.Placed("F1", 10, 72, 700, sentence), []string{sentence}, nil},
		{"two interleaved columns", extracttest.TwoColumns(10, left, right), nil, append(slices.Clone(left), right...)},
		{"table", extracttest.Table(10, 60, 700, [][]string{{"Step", "Owner", "Time"}, {"Review", "Clerk", "2h"}}),
			[]string{"Step | Owner | Time\n", "Review | Clerk | 2h"}, nil},
		{"latin1 text", extracttest.Text("F1", 12, 72, 700, "Prüfung der Bestellung – Übergabe"), []string{"Prüfung der Bestellung – Übergabe"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, "case.pdf", onePage(tt.content))
			if d.Format != FormatPDF || d.Pages != 1 {
				t.Errorf("format %q pages %d", d.Format, d.Pages)
			}
			for _, c := range tt.contains {
				if !strings.Contains(d.Text, c) {
					t.Errorf("text %q lacks %q", d.Text, c)
				}
			}
			got := map[string]int{}
			for _, w := range strings.Fields(d.Text) {
				got[w]++
			}
			for _, w := range tt.words {
				if got[w] == 0 {
					t.Errorf("word %q missing from %q", w, d.Text)
				}
			}
		})
	}
}

func TestPDFTwoColumnsReadColumnByColumn(t *testing.T) {
	left, right := extracttest.Words(5, 48), extracttest.Words(6, 48)
	d := mustExtract(t, "cols.pdf", onePage(extracttest.TwoColumns(10, left, right)))
	want := strings.Join(left, " ") + " " + strings.Join(right, " ")
	if got := strings.Join(strings.Fields(d.Text), " "); got != want {
		t.Errorf("reading order:\n got %q\nwant %q", got, want)
	}
}

func TestPDFParagraphs(t *testing.T) {
	var c strings.Builder
	c.WriteString(extracttest.Text("F1", 18, 72, 720, "Purchase process"))
	p1, y := extracttest.Paragraph(extracttest.Text, "F1", 10, 72, 690, 400, extracttest.Words(3, 30))
	c.WriteString(p1)
	p2, _ := extracttest.Paragraph(extracttest.Text, "F1", 10, 72, y-20, 400, extracttest.Words(4, 30))
	c.WriteString(p2)
	d := mustExtract(t, "p.pdf", onePage(c.String()))
	paras := strings.Split(d.Text, "\n\n")
	if len(paras) != 3 || paras[0] != "Purchase process" {
		t.Fatalf("want heading + 2 paragraphs, got %d: %q", len(paras), d.Text)
	}
	if strings.Count(paras[1], "\n") < 2 {
		t.Errorf("paragraph lines were not kept together: %q", paras[1])
	}
}

func TestPDFFailures(t *testing.T) {
	good := onePage(extracttest.Text("F1", 12, 72, 700, "secret process"))
	enc, err := extracttest.EncryptPDF(good, "user", "owner")
	if err != nil {
		t.Fatal(err)
	}
	truncated := good[:len(good)/3]
	tests := []struct {
		name   string
		data   []byte
		detail string
	}{
		{"password", enc, "password-protected"},
		{"garbage after magic", []byte("%PDF-1.7\n" + strings.Repeat("garbage ", 200)), "may be damaged"},
		{"truncated", truncated, "may be damaged"},
		{"image only", onePage(extracttest.ImageOnly()), "no text layer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := extract(t, "bad.pdf", tt.data)
			wantDetail(t, err, tt.detail)
		})
	}
	// The warm instance still works after failures.
	d := mustExtract(t, "good.pdf", good)
	if !strings.Contains(d.Text, "secret process") {
		t.Errorf("after failures: %q", d.Text)
	}
}

func TestPDFOwnerPasswordOnlyIsReadable(t *testing.T) {
	good := onePage(extracttest.Text("F1", 12, 72, 700, "restricted but readable"))
	enc, err := extracttest.EncryptPDF(good, "", "owner")
	if err != nil {
		t.Fatal(err)
	}
	d := mustExtract(t, "owner.pdf", enc)
	if !strings.Contains(d.Text, "restricted but readable") {
		t.Errorf("text %q", d.Text)
	}
}

func TestPDFLimits(t *testing.T) {
	pages := make([]extracttest.PDFPage, 4)
	for i := range pages {
		pages[i].Content = extracttest.Text("F1", 12, 72, 700, "page text")
	}
	data := extracttest.PDF(pages, extracttest.PDFOptions{})
	e, err := New(Options{MaxPages: 3, Timeout: time.Nanosecond, PDFEngine: PDFEnginePdfium, CacheDir: filepath.Join(os.TempDir(), "spade-extract-test-wazero")})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	_, err = e.Extract(context.Background(), "long.pdf", data)
	wantDetail(t, err, "took too long")

	e.opts.Timeout = time.Minute
	_, err = e.Extract(context.Background(), "long.pdf", data)
	wantDetail(t, err, "the limit is 3")

	// A caller's cancellation is not the document's fault: not permanent.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = e.Extract(ctx, "long.pdf", extracttest.PDF(pages[:1], extracttest.PDFOptions{}))
	if err == nil || failure.IsPermanent(err) {
		t.Errorf("cancelled: want non-permanent error, got %v", err)
	}
}

func TestPDFRealFiles(t *testing.T) {
	dir := sharedTestdata(t, "docs/appn")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	if len(files) == 0 {
		t.Fatalf("no PDFs in %s", dir)
	}
	known := map[string][]string{
		"QC-and-Reporting.pdf":                        {"quality", "LiDAR", "hyperspectral"},
		"HiRes-Processing-Pipeline.pdf":               {"processing"},
		"Spectral-Panel-Cleaning-and-Calibration.pdf": {"panel", "calibration"},
		"Standard-Flight-Equipment-Checklist.pdf":     {"flight"},
		"M3M-Fieldbook.pdf":                           {"Fieldbook", "operating procedures"},
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			d := mustExtract(t, filepath.Base(f), data)
			if d.Pages < 1 {
				t.Errorf("pages %d", d.Pages)
			}
			if n := len(strings.Fields(d.Text)); n < 30 {
				t.Errorf("%d words on %d pages", n, d.Pages)
			}
			lower := strings.ToLower(d.Text)
			for _, w := range known[filepath.Base(f)] {
				if !strings.Contains(lower, strings.ToLower(w)) {
					t.Errorf("lacks %q", w)
				}
			}
		})
	}
}

func TestPDFDeadlineMidDocumentThenRecovers(t *testing.T) {
	pages := make([]extracttest.PDFPage, 80)
	for i := range pages {
		var b strings.Builder
		for l := range 50 {
			b.WriteString(extracttest.Kerned("F1", 9, 40, 760-12*float64(l), strings.Join(extracttest.Words(i*50+l, 12), " ")))
		}
		pages[i].Content = b.String()
	}
	long := extracttest.PDF(pages, extracttest.PDFOptions{Compress: true})
	e, err := New(Options{Timeout: 40 * time.Millisecond, PDFEngine: PDFEnginePdfium, CacheDir: filepath.Join(os.TempDir(), "spade-extract-test-wazero")})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := e.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()
	_, err = e.Extract(context.Background(), "long.pdf", long)
	wantDetail(t, err, "took too long")

	e.opts.Timeout = time.Minute
	d, err := e.Extract(context.Background(), "short.pdf", onePage(extracttest.Text("F1", 12, 72, 700, "next document")))
	if err != nil || d.Text != "next document" {
		t.Fatalf("after abandoned run: %v %+v", err, d)
	}
	t.Logf("instances abandoned: %d", e.pdf.abandons.Load())
}
