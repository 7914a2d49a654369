package extract

import (
	"bytes"
	"os/exec"
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

// TestDOCFromLibreOffice checks a .doc written by a real word processor
// when LibreOffice is installed; the generated files above cover the
// format otherwise.
func TestDOCFromLibreOffice(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		if soffice, err = exec.LookPath("libreoffice"); err != nil {
			t.Skip("LibreOffice not installed")
		}
	}
	if testing.Short() {
		t.Skip("slow")
	}
	dir := t.TempDir()
	src := dir + "/in.txt"
	if err := writeFile(src, "Order intake\n\nThe clerk registers the order in the ERP.\n"); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(soffice, "--headless", "--convert-to", "doc:MS Word 97", "--outdir", dir, src)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("conversion failed: %v %s", err, out)
	}
	data, err := readFile(dir + "/in.doc")
	if err != nil {
		t.Skipf("no output: %v", err)
	}
	d := mustExtract(t, "in.doc", data)
	if !strings.Contains(d.Text, "The clerk registers the order in the ERP.") {
		t.Errorf("text %q", d.Text)
	}
}
