package export

import (
	"fmt"
	"testing"
)

// TestPDFDiagramPages: a diagram too large for one landscape page at a
// readable scale is cut into pages; one too high for strips of its full
// height (a long process drawn in rows) into a grid of pages, never
// below minReadableScale unless it would take over maxDiagramPages. The
// field book's one row (15,500 × 445) took 12 strips at 0.6; drawn in
// rows (6,330 × 2,065) it takes 8 pages at 0.45 instead of 2 at 0.25.
func TestPDFDiagramPages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		w, h  float64
		pages int // 0: at most maxDiagramPages
	}{
		{"fits one page", 700, 400, 1},
		{"one long row: strips at 0.6", 15500, 445, 12},
		{"rows: a grid at the readable scale", 6330, 2065, 8},
		{"huge: capped", 60000, 9000, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := &pdfLayout{doc: &pdfDoc{title: "t"}}
			l.newPage()
			before := len(l.doc.pages)
			l.diagram(&diagram{Min: point{0, 0}, Max: point{tt.w, tt.h}}, "t")
			got := len(l.doc.pages) - before
			if got != tt.pages && (tt.pages > 0 || got > maxDiagramPages) {
				t.Errorf("%s: %d pages, want %d", fmt.Sprint(tt.w, "×", tt.h), got, tt.pages)
			}
		})
	}
}
