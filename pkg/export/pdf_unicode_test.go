package export

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestPDFEveryLanguage exports process names and text in several scripts
// and reads them back with pdftotext, the way a person copies text out of
// the PDF: every character must come back, none as '?', right-to-left text
// in reading order. (Chinese has no glyphs in DejaVu Sans: it prints as
// empty boxes but still copies out as text.)
func TestPDFEveryLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, process, text string
	}{
		{"polish", "Zatwierdzenie faktury", "Księgowa sprawdza fakturę i zatwierdza płatność."},
		{"greek", "Έγκριση τιμολογίου", "Ο υπάλληλος ελέγχει το τιμολόγιο."},
		{"cyrillic", "Утверждение счёта", "Бухгалтер проверяет счёт и утверждает оплату."},
		{"chinese", "发票审批", "会计检查发票并批准付款。"},
		{"hebrew", "אישור חשבונית", "הפקיד בודק את החשבונית."},
		{"arabic", "اعتماد الفاتورة", "يراجع المحاسب الفاتورة."},
		{"mixed", "Prüfung – Ελληνικά – Русский", "Größe → Ärger, € 1.200,–; ≤ 5 Tage."},
	}
	pdftotext := testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Request{ProcessName: tt.process, FormattedText: "=== " + tt.process + " ===\n" + tt.text, Timestamp: "2026-11-20T10:00:00Z", ID: "an-1"}
			data, _, _, err := PDF(r)
			if err != nil {
				t.Fatal(err)
			}
			ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
			if err != nil {
				t.Fatalf("pdfcpu read: %v", err)
			}
			if err := api.ValidateContext(ctx); err != nil {
				t.Fatalf("pdfcpu validation: %v", err)
			}
			cmd := exec.Command(pdftotext, "-enc", "UTF-8", "-", "-")
			cmd.Stdin = bytes.NewReader(data)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("pdftotext: %v", err)
			}
			// pdftotext marks embedded direction changes; a reader
			// copying the text does not see them.
			got := strings.Join(strings.Fields(strings.Map(dropBidiControls, string(out))), " ")
			for _, w := range append(strings.Fields(tt.process), strings.Fields(tt.text)...) {
				if !strings.Contains(got, w) {
					t.Errorf("pdftotext output lacks %q:\n%s", w, got)
				}
			}
			if strings.Contains(got, "?") {
				t.Errorf("a character became '?':\n%s", got)
			}
		})
	}
}

// dropBidiControls removes the invisible direction marks and embeddings.
func dropBidiControls(r rune) rune {
	if r == '\u200e' || r == '\u200f' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
		return -1
	}
	return r
}

// TestSubsetFontIsSmall keeps the embedded fonts a subset: a one-page
// export must not carry DejaVu's whole 700 KB files.
func TestSubsetFontIsSmall(t *testing.T) {
	t.Parallel()
	data, _, _, err := PDF(Request{ProcessName: "Invoice", FormattedText: "The clerk checks the invoice.", ID: "an-1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 120_000 {
		t.Errorf("one-page PDF is %d bytes; the fonts are not subset", len(data))
	}
}

// FuzzEncodeVisual: any text encodes to whole two-byte characters, and
// reordering a line for display keeps exactly its characters (brackets
// mirrored).
func FuzzEncodeVisual(f *testing.F) {
	for _, s := range []string{"Größe → Ärger", "הפקיד בודק (3 ימים).", "يراجع المحاسب 12 الفاتورة", "a\tb\x00c😀", "abc אבג def"} {
		f.Add(s)
	}
	count := func(s []byte) map[uint16]int {
		m := map[uint16]int{}
		for i := 0; i+1 < len(s); i += 2 {
			c := char(s, i)
			if r, ok := mirror(rune(c)); ok {
				c = uint16(min(c, uint16(r)))
			}
			m[c]++
		}
		return m
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := encode(s)
		if len(e)%2 != 0 {
			t.Fatalf("odd encoding length %d", len(e))
		}
		v := visual(e)
		if len(v) != len(e) {
			t.Fatalf("visual changed the length: %d → %d", len(e), len(v))
		}
		a, b := count(e), count(v)
		for c, n := range a {
			if b[c] != n {
				t.Fatalf("character %U: %d before, %d after", c, n, b[c])
			}
		}
	})
}
