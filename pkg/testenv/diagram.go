package testenv

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Box is a labelled box of a drawn process diagram.
type Box struct {
	Text string
	X, Y int // top-left corner
}

// RenderDiagram draws labelled boxes joined left to right by lines, the way
// a photographed whiteboard or exported flow chart looks, as a PNG.
func RenderDiagram(boxes []Box) ([]byte, error) {
	const w, h, bw, bh = 1900, 520, 260, 110
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 30, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	line := func(x0, y0, x1, y1 int) {
		draw.Draw(img, image.Rect(x0, y0, x1+1, y1+1), &image.Uniform{C: color.Black}, image.Point{}, draw.Src)
	}
	for i, b := range boxes {
		line(b.X, b.Y, b.X+bw, b.Y+2)
		line(b.X, b.Y+bh-2, b.X+bw, b.Y+bh)
		line(b.X, b.Y, b.X+2, b.Y+bh)
		line(b.X+bw-2, b.Y, b.X+bw, b.Y+bh)
		d := &font.Drawer{Dst: img, Src: &image.Uniform{C: color.Black}, Face: face}
		adv := d.MeasureString(b.Text).Ceil()
		d.Dot = fixed.P(b.X+(bw-adv)/2, b.Y+bh/2+11)
		d.DrawString(b.Text)
		if i+1 < len(boxes) {
			n := boxes[i+1]
			line(b.X+bw+4, b.Y+bh/2, n.X-4, b.Y+bh/2+1)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
