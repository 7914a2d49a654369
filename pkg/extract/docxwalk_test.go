package extract

import (
	"encoding/xml"
	"strings"
	"testing"
)

// TestDocxParagraphProperties: the walker reads a paragraph's style, list and
// outline level from its properties only.
func TestDocxParagraphProperties(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ppr  string
		want docxPara
	}{
		{"style", `<w:pStyle w:val="Heading1"/>`, docxPara{style: "Heading1"}},
		{"list", `<w:numPr><w:ilvl w:val="12"/><w:numId w:val="3"/></w:numPr>`, docxPara{numID: "3", ilvl: 8}},
		{"negative level", `<w:numPr><w:ilvl w:val="-2"/></w:numPr>`, docxPara{}},
		{"outline", `<w:outlineLvl w:val="1"/>`, docxPara{outline: true}},
		{"body text outline", `<w:outlineLvl w:val="9"/>`, docxPara{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got *docxPara
			w := &docxWalker{textLeft: 1 << 20}
			part := `<w:document xmlns:w="w"><w:body><w:p><w:pPr>` + tt.ppr + `</w:pPr><w:r><w:t>x</w:t></w:r>`
			// The part stays open, so the paragraph is not filed yet.
			d := xml.NewDecoder(strings.NewReader(part))
			for {
				tok, err := d.Token()
				if err != nil {
					break
				}
				if err := w.token(tok); err != nil {
					t.Fatal(err)
				}
			}
			got = w.para()
			if got == nil {
				t.Fatal("no open paragraph")
			}
			if got.style != tt.want.style || got.numID != tt.want.numID || got.ilvl != tt.want.ilvl || got.outline != tt.want.outline {
				t.Errorf("paragraph = style %q num %q level %d outline %v, want %+v", got.style, got.numID, got.ilvl, got.outline, tt.want)
			}
			if got.text.String() != "x" {
				t.Errorf("text = %q, want x", got.text.String())
			}
		})
	}
}
