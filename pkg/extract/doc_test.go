package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func TestDOC(t *testing.T) {
	type pc = extracttest.DocPiece
	tests := []struct {
		name   string
		pieces []pc
		want   string
	}{
		{"compressed piece", []pc{{Text: "Purchase process\rThe clerk checks the invoice.\r"}},
			"Purchase process\n\nThe clerk checks the invoice."},
		{"unicode piece", []pc{{Text: "Prüfung – Freigabe 🚀\r", Unicode: true}},
			"Prüfung – Freigabe 🚀"},
		{"mixed pieces join mid-word", []pc{{Text: "Appro"}, {Text: "val by Zoë\r", Unicode: true}, {Text: "Done“!”\r"}},
			"Approval by Zoë\n\nDone“!”"},
		{"cp1252 specials stored as single bytes", []pc{{Text: "€ … – ž\r"}}, "€ … – ž"},
		{"field codes dropped, results kept",
			[]pc{{Text: "See page \x13 PAGEREF _Toc1 \\h \x144\x15 and \x13 HYPERLINK \"http://x\" \x13 NESTED \x14\x15\x14the site\x15.\r"}},
			"See page 4 and the site."},
		{"table rows", []pc{{Text: "Intro\rStep\x07Owner\x07\x07Approve\x07Manager\x07\x07After\r"}},
			"Intro\n\nStep | Owner\nApprove | Manager\n\nAfter"},
		{"empty cells after the first row", []pc{{Text: "A\x07B\x07C\x07\x07\x07x\x07\x07\x07y\x07z\x07\x07\x07End\r"}},
			"A | B | C\n| x |\ny | z |\n\nEnd"},
		{"line breaks, tabs, hyphens, objects", []pc{{Text: "a\x0bb\tc\x1ed\x1fe\x01\x08f\x0cg\r"}},
			"a\nb c-def\n\ng"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, "old.doc", extracttest.DOC(tt.pieces, extracttest.DOCOptions{}))
			if d.Text != tt.want {
				t.Errorf("text = %q, want %q", d.Text, tt.want)
			}
			if d.Format != FormatDOC {
				t.Errorf("format %q", d.Format)
			}
		})
	}
}

func TestDOCUnbalancedFieldDoesNotSwallowText(t *testing.T) {
	data := extracttest.DOC([]extracttest.DocPiece{{Text: "Start \x13 BROKEN " + strings.Repeat("x", 5000) + "\rRest of the document.\r"}}, extracttest.DOCOptions{})
	d := mustExtract(t, "f.doc", data)
	if !strings.HasPrefix(d.Text, "Start") || !strings.HasSuffix(d.Text, "\n\nRest of the document.") {
		t.Errorf("text %.80q…%q", d.Text, d.Text[max(0, len(d.Text)-40):])
	}
}

func TestDOCFailures(t *testing.T) {
	good := extracttest.DOC([]extracttest.DocPiece{{Text: "Hello\r"}}, extracttest.DOCOptions{})
	noWord := extracttest.CFB(map[string][]byte{"Other": []byte("x")})
	badMagic := bytes.Clone(good)
	// WordDocument starts at sector 2 + (1Table's sectors); find the FIB magic.
	i := bytes.Index(badMagic, []byte{0xEC, 0xA5, 0xC1, 0x00})
	if i < 0 {
		t.Fatal("FIB not found in generated file")
	}
	badMagic[i] = 0
	tests := []struct {
		name   string
		data   []byte
		detail string
	}{
		{"encrypted", extracttest.DOC([]extracttest.DocPiece{{Text: "x\r"}}, extracttest.DOCOptions{Encrypted: true}), "password-protected"},
		{"no WordDocument stream", noWord, "could not be read"},
		{"bad FIB", badMagic, "could not be read"},
		{"truncated container", good[:600], "could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := extract(t, "x.doc", tt.data)
			wantDetail(t, err, tt.detail)
		})
	}
}

// TestDOCFromLibreOffice reads .doc files LibreOffice wrote (Word 97
// export of the .fodt sources beside them in testdata/doc; README there says
// how to regenerate them), so the reader is tested against a real word
// processor's output, not only against extracttest's own writer.
func TestDOCFromLibreOffice(t *testing.T) {
	tests := []struct {
		file string
		want []string // whole paragraphs or table rows, in order
		not  []string
	}{
		{"tables-lists.doc", []string{
			"Purchase order approval",
			"The clerk receives the purchase request and checks the budget.",
			"Step | Owner | System\nCheck budget | Clerk | SAP\nApprove order | Manager |",
			"Supplier is on the approved list", "Quantities match the request", "Units are pieces, not boxes",
			"Send the order to the supplier", "File the confirmation",
			"The manager signs off within two days.",
		}, nil},
		{"fields.doc", []string{
			"Invoice handling, page 1 of 1.",
			// LibreOffice stores the AUTHOR field with an empty result
			// (Word fills it when it updates fields); the code must not leak.
			"Issued on 3/15/24 by .",
			"The policy is on the intranet and applies to every invoice.",
			"Accounts payable books the invoice after the three-way match.",
		}, []string{"PAGE", "HYPERLINK", "intranet.example.com", "AUTHOR", "DATE"}},
		{"languages.doc", []string{
			"Księgowa sprawdza fakturę i zatwierdza płatność (Polski).",
			"Ο υπάλληλος ελέγχει το τιμολόγιο (Ελληνικά).",
			"Бухгалтер проверяет счёт и утверждает оплату (Русский).",
			"会计检查发票并批准付款（中文）。",
			"הפקיד בודק את החשבונית (עברית).",
			"يراجع المحاسب الفاتورة (العربية).",
			"Die Prüfung erfolgt durch die Buchhaltung, Grenze € 1.200,– (Deutsch).",
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "doc", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			d := mustExtract(t, tt.file, data)
			if d.Format != FormatDOC {
				t.Errorf("format %q", d.Format)
			}
			rest := d.Text
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("text lacks %q (in order) in %q", w, d.Text)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tt.not {
				if strings.Contains(d.Text, n) {
					t.Errorf("text shows field code or target %q: %q", n, d.Text)
				}
			}
		})
	}
}

// TestCleanWordText: Word's marks become paragraphs, rows and spaces;
// field codes go, their results stay.
func TestCleanWordText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, raw, want string
	}{
		{"paragraphs", "One\rTwo", "One\n\nTwo"},
		{"line break and hyphens", "a\x0bb\x1ec\x1fd\te", "a\nb-cd e"},
		{"field result kept", "see \x13 PAGEREF x \x14page 2\x15 here", "see page 2 here"},
		{"nested field", "\x13 IF \x13 REF a \x14x\x15 \x14shown\x15", "shown"},
		{"table rows", "a\x07b\x07\x07c\x07d\x07\x07after\r", "a | b\nc | d\n\nafter"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := cleanWordText([]rune(tt.raw)); got != tt.want {
				t.Errorf("cleanWordText(%q) = %q, want %q", tt.raw, got, tt.want)
			}
		})
	}
}
