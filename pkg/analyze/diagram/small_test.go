package diagram

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// renderSmall draws labelled boxes joined by lines in a small picture,
// with letters size pixels high: legible to a person, small for OCR.
func renderSmall(t *testing.T, size float64, boxes bool, labels ...string) []byte {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	bw, bh, gap := int(size*7), int(size*2.6), int(size*2)
	img := image.NewGray(image.Rect(0, 0, gap+len(labels)*(bw+gap), bh+2*gap))
	draw.Draw(img, img.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	for i, l := range labels {
		x0, y0 := gap+i*(bw+gap), gap
		for x := x0; x <= x0+bw && boxes; x++ {
			img.SetGray(x, y0, color.Gray{})
			img.SetGray(x, y0+bh, color.Gray{})
		}
		for y := y0; y <= y0+bh && boxes; y++ {
			img.SetGray(x0, y, color.Gray{})
			img.SetGray(x0+bw, y, color.Gray{})
		}
		if i > 0 {
			for x := x0 - gap; x < x0; x++ {
				img.SetGray(x, y0+bh/2, color.Gray{})
			}
		}
		d := &font.Drawer{Dst: img, Src: image.Black, Face: face}
		adv := d.MeasureString(l).Ceil()
		d.Dot = fixed.P(x0+(bw-adv)/2, y0+bh/2+int(size*0.35))
		d.DrawString(l)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSmallPicture: a small picture whose labels a person reads is not
// refused for want of text; it is read again larger first.
func TestSmallPicture(t *testing.T) {
	testenv.LookPath(t, "tesseract", testenv.HintTesseract)
	for _, size := range []float64{7} {
		img := renderSmall(t, size, false, "Order", "Pay", "Ship")
		r, err := New(Options{}).ReadImage(context.Background(), img, "small.png", nil, false)
		if err != nil {
			t.Errorf("letters %.0f px: %v", size, err)
			continue
		}
		if r.Text == "" {
			t.Errorf("letters %.0f px: no text read", size)
		}
		t.Logf("letters %.0f px: %q", size, r.Text)
	}
}

// TestSmallPictureReadAgainLarger: when OCR finds no words at the first
// scale, the picture is read again larger before it is refused; a
// picture with no words at any scale is still refused.
func TestSmallPictureReadAgainLarger(t *testing.T) {
	img := renderSmall(t, 8, true, "Order", "Pay", "Ship")
	cfg, err := png.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		minSide int // the OCR reads words only on pages this wide
		refused bool
	}{
		{"read at the first scale", 0, false},
		{"read only when enlarged 5 times", cfg.Width * 5, false},
		{"no words at any scale", 1 << 30, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages := 0
			ocr := func(_ context.Context, page []byte, _ int) (string, error) {
				pages++
				w, _, err := pgmSize(page)
				if err != nil {
					return "", err
				}
				if w < tt.minSide {
					return "", nil
				}
				return "level\tpage_num\n5\t1\t1\t1\t1\t1\t10\t10\t60\t20\t95\tOrder\n", nil
			}
			_, err := New(Options{}).ReadImage(context.Background(), img, "small.png", ocr, false)
			if (err != nil) != tt.refused {
				t.Fatalf("err %v after %d OCR pages, refused want %v", err, pages, tt.refused)
			}
			if tt.refused && pages < 3 {
				t.Errorf("refused after %d OCR pages, want it read again larger first", pages)
			}
		})
	}
}

// pgmSize reads the width and height from the header of a binary PGM
// page, the form OCR pages are handed to tesseract in.
func pgmSize(page []byte) (w, h int, err error) {
	var magic string
	if _, err := fmt.Sscan(string(page), &magic, &w, &h); err != nil || magic != "P5" {
		return 0, 0, fmt.Errorf("OCR page is no PGM (%q): %v", magic, err)
	}
	return w, h, nil
}
