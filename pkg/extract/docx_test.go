package extract

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func TestDOCX(t *testing.T) {
	x := extracttest.P
	tests := []struct {
		name  string
		body  string
		extra map[string]string
		want  string
	}{
		{"paragraphs", x("First paragraph.") + x("Second\nline two."), nil,
			"First paragraph.\n\nSecond\nline two."},
		{"heading", extracttest.Heading(1, "Purpose") + x("Body text."), nil,
			"Purpose\n\nBody text."},
		{"numbered and bulleted lists", x("Steps:") +
			extracttest.ListItem(1, 0, "Receive order") +
			extracttest.ListItem(1, 1, "Check stock") +
			extracttest.ListItem(1, 0, "Ship goods") +
			extracttest.ListItem(2, 0, "Note A") +
			extracttest.ListItem(2, 0, "Note B") + x("End."),
			map[string]string{"word/numbering.xml": extracttest.Numbering()},
			"Steps:\n\n1. Receive order\na. Check stock\n2. Ship goods\n- Note A\n- Note B\n\nEnd."},
		{"list without numbering part", extracttest.ListItem(5, 0, "Item"), nil, "- Item"},
		{"table", x("Before") + extracttest.Tbl([][]string{{"Step", "Owner"}, {"Approve", "Manager"}, {"", ""}, {"Pay", ""}}) + x("After"), nil,
			"Before\n\nStep | Owner\nApprove | Manager\nPay |\n\nAfter"},
		{"fallback and deleted text skipped",
			`<w:p><w:r><mc:AlternateContent><mc:Choice><w:t>shape text</w:t></mc:Choice><mc:Fallback><w:t>shape text</w:t></mc:Fallback></mc:AlternateContent></w:r>` +
				`<w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><w:instrText>PAGE</w:instrText></w:r><w:r><w:t xml:space="preserve"> kept</w:t></w:r></w:p>`, nil,
			"shape text kept"},
		{"tabs and entities", `<w:p><w:r><w:t>a&amp;b</w:t><w:tab/><w:t>c</w:t><w:noBreakHyphen/><w:t>d</w:t></w:r></w:p>`, nil, "a&b c-d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, "doc.docx", extracttest.DOCX(tt.body, tt.extra))
			if d.Text != tt.want {
				t.Errorf("text =\n%q\nwant\n%q", d.Text, tt.want)
			}
			if d.Format != FormatDOCX {
				t.Errorf("format %q", d.Format)
			}
		})
	}
}

func TestDOCXLimits(t *testing.T) {
	e, err := New(Options{MaxUncompressed: 1 << 20, MaxZipEntries: 10, PDFEngine: PDFEnginePdfium, CacheDir: filepath.Join(os.TempDir(), "spade-extract-test-wazero")})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()

	bomb := func(size int) []byte {
		var b bytes.Buffer
		z := zip.NewWriter(&b)
		w, _ := z.Create("word/document.xml")
		w.Write([]byte(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`))
		w.Write(bytes.Repeat([]byte("A"), size))
		w.Write([]byte(`</w:t></w:r></w:p></w:body></w:document>`))
		z.Close()
		return b.Bytes()
	}
	many := func(n int) []byte {
		var b bytes.Buffer
		z := zip.NewWriter(&b)
		for i := range n {
			z.Create(fmt.Sprintf("f%d.xml", i))
		}
		z.Close()
		return b.Bytes()
	}
	tests := []struct {
		name   string
		data   []byte
		detail string
	}{
		{"inflates past limit", bomb(2 << 20), "expands to more than 1 MB when unpacked; the limit per document is 1 MB"},
		{"too many entries", many(11), "has 11 parts; the limit is 10"},
		{"not a zip body", append([]byte("PK\x03\x04"), bytes.Repeat([]byte{0xff}, 100)...), "could not be read"},
		{"no document part", many(2), "could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.Extract(context.Background(), "x.docx", tt.data)
			wantDetail(t, err, tt.detail)
		})
	}
	// Truncated XML is read leniently: the text before the damage is kept.
	d, err := e.Extract(context.Background(), "x.docx", extracttest.DOCX(`<w:p><w:r><w:t>partial text`, nil))
	if err != nil || !strings.Contains(d.Text, "partial text") {
		t.Errorf("truncated xml: %v", err)
	}
	// Just under the limit still works.
	d, err = e.Extract(context.Background(), "x.docx", bomb(900<<10))
	if err != nil || len(d.Text) != 900<<10 {
		t.Fatalf("under limit: %v", err)
	}
}

func TestDOCXPasswordProtected(t *testing.T) {
	// Word writes protected DOCX files as a compound file, not a zip.
	enc := extracttest.CFB(map[string][]byte{"EncryptionInfo": {4, 0, 4, 0}, "EncryptedPackage": make([]byte, 64)})
	_, err := extract(t, "secret.docx", enc)
	wantDetail(t, err, "password-protected")
	// Any other compound file named .docx is still just the wrong type.
	_, err = extract(t, "old.docx", extracttest.DOC([]extracttest.DocPiece{{Text: "x\r"}}, extracttest.DOCOptions{}))
	wantDetail(t, err, "Please upload a PDF, DOC, DOCX, or TXT file")
}

func TestDOCXRealFile(t *testing.T) {
	p := sharedTestdata(t, "docs/appn/APPN_HIRES_FieldBook_Rev1.1.docx")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	d := mustExtract(t, filepath.Base(p), data)
	words := strings.Fields(d.Text)
	if len(words) < 1000 {
		t.Errorf("only %d words", len(words))
	}
	for _, w := range []string{"HiRes", "flight", "calibration"} {
		if !strings.Contains(strings.ToLower(d.Text), strings.ToLower(w)) {
			t.Errorf("text lacks %q", w)
		}
	}
	if !strings.Contains(d.Text, " | ") {
		t.Errorf("no table rows found")
	}
}

// TestDOCXLyingSizes: a part that unpacks past the size the zip index
// declares is called what it is, not "damaged" (issue 27).
func TestDOCXLyingSizes(t *testing.T) {
	data := extracttest.TextBombDOCX(64 << 10)
	// Patch the central directory's uncompressed size of document.xml.
	cd := bytes.Index(data, []byte("PK\x01\x02"))
	for cd >= 0 {
		nameLen := int(binary.LittleEndian.Uint16(data[cd+28:]))
		if string(data[cd+46:cd+46+nameLen]) == "word/document.xml" {
			binary.LittleEndian.PutUint32(data[cd+24:], 100)
			break
		}
		next := bytes.Index(data[cd+4:], []byte("PK\x01\x02"))
		if next < 0 {
			t.Fatal("no central directory entry for word/document.xml")
		}
		cd += 4 + next
	}
	_, err := extract(t, "lie.docx", data)
	wantDetail(t, err, "unpacks to more data than its own index declares")
}
