package diagram

import (
	"context"
	"fmt"
	"image"
	"strings"
	"testing"
)

// TestReadPartsOnePage: the parts go to OCR as one stacked page, and
// each word comes back to its part in the part's own coordinates (the
// part's enlargement undone); a word in the gap between parts is
// dropped.
func TestReadPartsOnePage(t *testing.T) {
	white := func(w, h int) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, w, h))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		return g
	}
	// 1300 px wide: prepare keeps it at scale 1 without a zoom
	parts := []ocrPart{
		{g: white(1300, 100)},
		{g: white(1300, 50), zoom: 2},
		{g: white(1300, 60)},
	}
	// on the page: part 0 at 0–99, part 1 (enlarged to 100) at 140–239,
	// part 2 at 280–339
	tests := []struct {
		name     string
		top, h   int
		part     int // -1: dropped
		wantTop  int
		wantLeft int
	}{
		{"first part", 10, 20, 0, 10, 100},
		{"enlarged part", 160, 20, 1, 10, 50},
		{"last part", 290, 20, 2, 10, 100},
		{"in a gap", 245, 20, -1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages := 0
			ocr := func(_ context.Context, page []byte, _ int) (string, error) {
				pages++
				w, h, err := pgmSize(page)
				if err != nil {
					return "", err
				}
				if w != 2600 || h != 340 {
					t.Errorf("page %d × %d, want 2600 × 340", w, h)
				}
				return fmt.Sprintf("level\n5\t1\t1\t1\t1\t1\t100\t%d\t80\t%d\t95\tWord\n", tt.top, tt.h), nil
			}
			got, err := readParts(context.Background(), ocr, PSMSparse, parts)
			if err != nil {
				t.Fatal(err)
			}
			if pages != 1 {
				t.Errorf("%d OCR runs, want 1", pages)
			}
			var where []string
			for i, ws := range got {
				for _, w := range ws {
					where = append(where, fmt.Sprintf("part %d at %d,%d", i, w.left, w.top))
				}
			}
			want := ""
			if tt.part >= 0 {
				want = fmt.Sprintf("part %d at %d,%d", tt.part, tt.wantLeft, tt.wantTop)
			}
			if s := strings.Join(where, "; "); s != want {
				t.Errorf("word read as %q, want %q", s, want)
			}
		})
	}
}

// TestInkLines: the text lines of a box are its runs of inked rows; a
// run as high as half the box (an icon, a border) is not a line.
func TestInkLines(t *testing.T) {
	tests := []struct {
		name string
		ink  [][2]int // inked row ranges [from, to)
		want []int
	}{
		{"two lines", [][2]int{{10, 22}, {26, 38}}, []int{12, 12}},
		{"a speck is no line", [][2]int{{10, 12}, {30, 41}}, []int{11}},
		{"a tall icon is no line", [][2]int{{5, 60}}, nil},
		{"empty box", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := image.NewGray(image.Rect(0, 0, 200, 100))
			for i := range g.Pix {
				g.Pix[i] = 255
			}
			for _, r := range tt.ink {
				for y := r[0]; y < r[1]; y++ {
					g.Pix[y*g.Stride+50] = 0
				}
			}
			got := inkLines(g, g.Rect)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("lines %v, want %v", got, tt.want)
			}
		})
	}
}
