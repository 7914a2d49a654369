package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
)

// debugImage prints what the recogniser finds in one image and writes an
// overlay (tasks blue, gateways green, events orange, lanes grey, flows
// red with a dot at the target) to out, and the picture it read (after
// the degradation, before deskewing) beside it as NAME-input.png.
func debugImage(path, variant string, seed int, out string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	defer f.Close()
	src, _, err := image.Decode(f)
	if err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	if variant != "" {
		b, err := degrade(src, variant, seed)
		if err != nil {
			return err
		}
		if src, _, err = image.Decode(bytes.NewReader(b)); err != nil {
			return fmt.Errorf("decode: %w", err)
		}
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	if err := writePNG(strings.TrimSuffix(out, ".png")+"-input.png", g); err != nil {
		return err
	}
	g, angle := vision.Deskew(g)
	d := vision.Recognize(g)
	fmt.Printf("skew %.2f°, stroke %d, %d shapes, %d flows, %d bands\n", angle, d.Stroke, len(d.Shapes), len(d.Flows), len(d.Lanes))
	rgb := image.NewRGBA(g.Bounds())
	draw.Draw(rgb, rgb.Bounds(), g, image.Point{}, draw.Src)
	rect := func(r image.Rectangle, c color.Color) {
		for x := r.Min.X; x < r.Max.X; x++ {
			rgb.Set(x, r.Min.Y, c)
			rgb.Set(x, r.Max.Y-1, c)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			rgb.Set(r.Min.X, y, c)
			rgb.Set(r.Max.X-1, y, c)
		}
	}
	for i, s := range d.Shapes {
		c := map[vision.Kind]color.Color{vision.Task: color.RGBA{0, 0, 255, 255}, vision.Gateway: color.RGBA{0, 180, 0, 255}, vision.Event: color.RGBA{255, 140, 0, 255}, vision.Pool: color.RGBA{150, 0, 150, 255}}[s.Kind]
		rect(s.Box, c)
		fmt.Printf("  %d kind=%d box=%v marker=%d ring=%d icon=%d\n", i, s.Kind, s.Box, s.Marker, s.Ring, s.Icon)
	}
	for _, b := range d.Lanes {
		rect(b.Header, color.RGBA{150, 0, 150, 255})
		rect(b.Body, color.RGBA{150, 150, 150, 255})
		fmt.Printf("  band header=%v body=%v pool=%v\n", b.Header, b.Body, b.Pool)
	}
	for _, fl := range d.Flows {
		a, b := d.Shapes[fl.From].Box, d.Shapes[fl.To].Box
		p := image.Pt((a.Min.X+a.Max.X)/2, (a.Min.Y+a.Max.Y)/2)
		q := image.Pt((b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2)
		for t := 0; t <= 200; t++ {
			rgb.Set(p.X+(q.X-p.X)*t/200, p.Y+(q.Y-p.Y)*t/200, color.RGBA{255, 0, 0, 255})
		}
		rect(image.Rect(q.X-4, q.Y-4, q.X+4, q.Y+4), color.RGBA{255, 0, 0, 255})
		fmt.Printf("  flow %d -> %d sure=%v dashed=%v\n", fl.From, fl.To, fl.Sure, fl.Dashed)
	}
	for _, t := range d.Traces {
		fmt.Printf("  trace from %d start=%v end=%v dashed=%v\n", t.Node, t.Start, t.End, t.Dashed)
	}
	return writePNG(out, rgb)
}

// writePNG writes img to path as a PNG.
func writePNG(path string, img image.Image) error {
	w, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create: %w", err)
	}
	if err := png.Encode(w, img); err != nil {
		w.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return w.Close()
}
