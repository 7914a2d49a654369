package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
)

// Variants are the degradations applied to each rendered image, each
// reproducible from the clean PNG.
var Variants = []string{"clean", "blur", "rotated", "jpeg", "photo"}

// degrade applies a variant to a clean image and encodes the result.
func degrade(src image.Image, variant string, seed int) ([]byte, error) {
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	var out image.Image = g
	switch variant {
	case "blur":
		out = boxBlur(boxBlur(g, 1), 1) // two passes: about a Gaussian of σ 1
	case "rotated":
		deg := 1.5 + float64(seed%4) // 1.5° to 4.5°, both ways
		if seed%2 == 1 {
			deg = -deg
		}
		// a photo holds the whole diagram: widen the page so that the
		// turned corners stay on it
		b := g.Bounds()
		mx, my := b.Dy()*8/100+10, b.Dx()*8/100+10
		page := image.NewGray(image.Rect(0, 0, b.Dx()+2*mx, b.Dy()+2*my))
		draw.Draw(page, page.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
		draw.Draw(page, b.Add(image.Pt(mx, my)), g, b.Min, draw.Src)
		out = rotate(page, deg)
	case "photo":
		out = photo(g, seed)
	}
	var buf bytes.Buffer
	if variant == "jpeg" || variant == "photo" {
		q := 60
		if variant == "photo" {
			q = 80 // a phone's own JPEG
		}
		if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: q}); err != nil {
			return nil, fmt.Errorf("encode jpeg: %w", err)
		}
		return buf.Bytes(), nil
	}
	if err := png.Encode(&buf, out); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return buf.Bytes(), nil
}

// photo makes the picture look like a phone's photo of a printout on a
// desk: the page seen a little from below (its sides leaning in by
// 2–4°, so its top edge is narrower, and turned by up to 1.5°), lit
// unevenly (a lamp off to one side: the far corner a quarter darker),
// on paper with a grain and faint blotches, slightly out of focus, as
// the phone's JPEG. The seed picks the tilt and the light.
func photo(g *image.Gray, seed int) *image.Gray {
	rng := rand.New(rand.NewPCG(uint64(seed)+7, 11))
	b := g.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	// the page on a larger frame, a margin of desk around it
	mx, my := int(w*0.06)+12, int(h*0.06)+12
	ow, oh := b.Dx()+2*mx, b.Dy()+2*my
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	lean := 0.035 + 0.035*rng.Float64() // tan of 2–4°
	turn := (rng.Float64()*3 - 1.5) * math.Pi / 180
	sin, cos := math.Sincos(turn)
	// the page's corners on the photo: top edge pulled in by key
	type pt struct{ x, y float64 }
	corner := func(u, v float64) pt {
		inset := lean * h * (1 - v) // the top narrower
		x := float64(mx) + inset + u*(w-2*inset)
		y := float64(my) + v*h
		cx, cy := float64(ow)/2, float64(oh)/2
		return pt{cx + (x-cx)*cos - (y-cy)*sin, cy + (x-cx)*sin + (y-cy)*cos}
	}
	p00, p10, p01, p11 := corner(0, 0), corner(1, 0), corner(0, 1), corner(1, 1)
	// the light: brightest at a spot off one side, darker away from it
	lx, ly := rng.Float64()*float64(ow), -0.3*float64(oh)
	far := math.Hypot(float64(ow), 1.3*float64(oh))
	// blotches: a coarse grid of shades, smoothly spread
	const cell = 64
	gw, gh := ow/cell+2, oh/cell+2
	blot := make([]float64, gw*gh)
	for i := range blot {
		blot[i] = rng.Float64()*10 - 5
	}
	// invert the page mapping by Newton steps on (u, v): the bilinear
	// quad is close enough to a perspective for a mild tilt
	src := func(x, y float64) (float64, float64, bool) {
		u, v := (x-float64(mx))/w, (y-float64(my))/h
		for range 6 {
			fx := (1-u)*(1-v)*p00.x + u*(1-v)*p10.x + (1-u)*v*p01.x + u*v*p11.x - x
			fy := (1-u)*(1-v)*p00.y + u*(1-v)*p10.y + (1-u)*v*p01.y + u*v*p11.y - y
			dxu := (1-v)*(p10.x-p00.x) + v*(p11.x-p01.x)
			dxv := (1-u)*(p01.x-p00.x) + u*(p11.x-p10.x)
			dyu := (1-v)*(p10.y-p00.y) + v*(p11.y-p01.y)
			dyv := (1-u)*(p01.y-p00.y) + u*(p11.y-p10.y)
			det := dxu*dyv - dxv*dyu
			if det == 0 {
				break
			}
			u -= (fx*dyv - fy*dxv) / det
			v -= (fy*dxu - fx*dyu) / det
		}
		return u * w, v * h, u >= 0 && u <= 1 && v >= 0 && v <= 1
	}
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			val := 150.0 // the desk
			if sx, sy, ok := src(float64(x), float64(y)); ok {
				x0, y0 := int(sx), int(sy)
				fx, fy := sx-float64(x0), sy-float64(y0)
				px := func(x, y int) float64 {
					if !image.Pt(x, y).In(b) {
						return 255
					}
					return float64(g.GrayAt(x+b.Min.X, y+b.Min.Y).Y)
				}
				val = px(x0, y0)*(1-fx)*(1-fy) + px(x0+1, y0)*fx*(1-fy) + px(x0, y0+1)*(1-fx)*fy + px(x0+1, y0+1)*fx*fy
				// paper: grain and blotches
				gx, gy := float64(x)/cell, float64(y)/cell
				ix, iy := int(gx), int(gy)
				ax, ay := gx-float64(ix), gy-float64(iy)
				bl := blot[iy*gw+ix]*(1-ax)*(1-ay) + blot[iy*gw+ix+1]*ax*(1-ay) + blot[(iy+1)*gw+ix]*(1-ax)*ay + blot[(iy+1)*gw+ix+1]*ax*ay
				val += bl + rng.Float64()*8 - 4
			}
			light := 1 - 0.25*math.Hypot(float64(x)-lx, float64(y)-ly)/far
			val *= light
			out.Pix[y*out.Stride+x] = uint8(max(0, min(255, math.Round(val))))
		}
	}
	return boxBlur(out, 1)
}

// boxBlur averages each pixel with its neighbours within r.
func boxBlur(g *image.Gray, r int) *image.Gray {
	b := g.Bounds()
	out := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			sum, n := 0, 0
			for dy := -r; dy <= r; dy++ {
				for dx := -r; dx <= r; dx++ {
					p := image.Pt(x+dx, y+dy)
					if p.In(b) {
						sum += int(g.GrayAt(p.X, p.Y).Y)
						n++
					}
				}
			}
			out.SetGray(x, y, color.Gray{Y: uint8(sum / n)})
		}
	}
	return out
}

// rotate turns the image by deg degrees about its centre, as a crooked
// photo or scan would be; the corners fill white.
func rotate(g *image.Gray, deg float64) *image.Gray {
	b := g.Bounds()
	out := image.NewGray(b)
	sin, cos := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cx+dx*cos-dy*sin, cy+dx*sin+dy*cos
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			px := func(x, y int) float64 {
				if !image.Pt(x, y).In(b) {
					return 255
				}
				return float64(g.GrayAt(x, y).Y)
			}
			v := px(x0, y0)*(1-fx)*(1-fy) + px(x0+1, y0)*fx*(1-fy) + px(x0, y0+1)*(1-fx)*fy + px(x0+1, y0+1)*fx*fy
			out.SetGray(x, y, color.Gray{Y: uint8(math.Round(v))})
		}
	}
	return out
}
