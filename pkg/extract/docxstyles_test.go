package extract

import (
	"archive/zip"
	"bytes"
	"maps"
	"strings"
	"testing"
)

// partArchive is a DOCX archive holding one part, or none when xml is
// empty.
func partArchive(t *testing.T, name, xml string) *docxArchive {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if xml != "" {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(xml)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	a := &docxArchive{zr: zr, budget: &budget{left: 1 << 20}, files: map[string]*zip.File{}}
	for _, f := range zr.File {
		a.files[strings.ToLower(f.Name)] = f
	}
	return a
}

func TestParseStyles(t *testing.T) {
	t.Parallel()
	const w = `<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">`
	tests := []struct {
		name    string
		xml     string
		want    map[string]styleInfo
		wantErr bool
	}{
		{"no styles part", "", map[string]styleInfo{}, false},
		{"headings by name and outline level, lists, based on", w +
			`<w:style w:styleId="H1"><w:name w:val="heading 1"/></w:style>` +
			`<w:style w:styleId="T"><w:name w:val="Title"/></w:style>` +
			`<w:style w:styleId="Out"><w:name w:val="Mine"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>` +
			`<w:style w:styleId="Body"><w:name w:val="Body"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>` +
			`<w:style w:styleId="L"><w:name w:val="List"/><w:basedOn w:val="Body"/><w:pPr><w:numPr><w:numId w:val="4"/></w:numPr></w:pPr></w:style>` +
			`</w:styles>`,
			map[string]styleInfo{"H1": {heading: true}, "T": {heading: true}, "Out": {heading: true}, "Body": {}, "L": {numID: "4", basedOn: "Body"}}, false},
		{"a style without id is left out", w + `<w:style><w:name w:val="heading 2"/></w:style></w:styles>`, map[string]styleInfo{}, false},
		{"broken XML keeps the styles before it", w + `<w:style w:styleId="H1"><w:name w:val="heading 1"/></w:style><w:style`, map[string]styleInfo{"H1": {heading: true}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := map[string]styleInfo{}
			err := parseStyles(partArchive(t, "word/styles.xml", tt.xml), "word/styles.xml", got)
			if (err != nil) != tt.wantErr {
				t.Errorf("error %v, want error %v", err, tt.wantErr)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("styles %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestParseNumbering(t *testing.T) {
	t.Parallel()
	const w = `<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">`
	tests := []struct {
		name  string
		xml   string
		numID string
		ilvl  int
		want  string
	}{
		{"no numbering part", "", "1", 0, "bullet"},
		{"decimal first level", w +
			`<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/></w:lvl></w:abstractNum>` +
			`<w:num w:numId="1"><w:abstractNumId w:val="7"/></w:num></w:numbering>`, "1", 0, "decimal"},
		{"second level", w +
			`<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/></w:lvl></w:abstractNum>` +
			`<w:num w:numId="1"><w:abstractNumId w:val="7"/></w:num></w:numbering>`, "1", 1, "lowerLetter"},
		{"a format outside a level is left out", w +
			`<w:abstractNum w:abstractNumId="7"><w:numFmt w:val="decimal"/></w:abstractNum>` +
			`<w:num w:numId="1"><w:abstractNumId w:val="7"/></w:num></w:numbering>`, "1", 0, "bullet"},
		{"an abstractNumId outside a num is left out", w +
			`<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:numFmt w:val="upperRoman"/></w:lvl></w:abstractNum>` +
			`<w:abstractNumId w:val="7"/></w:numbering>`, "", 0, "bullet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var n numbering
			if err := parseNumbering(partArchive(t, "word/numbering.xml", tt.xml), "word/numbering.xml", &n); err != nil {
				t.Fatal(err)
			}
			if got := n.format(tt.numID, tt.ilvl); got != tt.want {
				t.Errorf("format(%q, %d) = %q, want %q", tt.numID, tt.ilvl, got, tt.want)
			}
		})
	}
}
