package vision

import (
	"image"
	"image/draw"
	_ "image/png"
	"os"
	"testing"
)

func TestPic9Dot(t *testing.T) {
	f, err := os.Open(os.Getenv("PIC9_IMG"))
	if err != nil {
		t.Skip()
	}
	src, _, _ := image.Decode(f)
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	g = normalise(g)
	r := newRecognizer(g)
	ink := inkLevel(r.g)
	bm := binarize(r.g, ink+(r.cut-ink)/2)
	t.Log(r.cut, ink, r.stroke)
	for y := 18; y < 25; y++ {
		rad, ok := solidDot(bm, image.Pt(143, y), 5, 40)
		t.Log(y, rad, ok)
	}
}
