package diagram

import (
	"image"
	"math"
)

// resampleGrey scales a grey image to dw × dh with the Catmull-Rom
// kernel (widened when shrinking), as draw.CatmullRom does, but a few
// rows at a time: each source row is scaled across once into a small
// ring of rows, and each output row is mixed from the ring.
func resampleGrey(src *image.Gray, dw, dh int) *image.Gray {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	type taps struct {
		first int
		w     []float32
	}
	weights := func(n, m int) []taps {
		scale := float64(n) / float64(m)
		wide := math.Max(1, scale)
		out := make([]taps, m)
		for i := range m {
			c := (float64(i)+0.5)*scale - 0.5
			lo, hi := int(math.Ceil(c-2*wide)), int(math.Floor(c+2*wide))
			lo, hi = max(0, lo), min(n-1, hi)
			var ws []float32
			sum := 0.0
			for j := lo; j <= hi; j++ {
				t := math.Abs(float64(j)-c) / wide
				var k float64
				switch {
				case t < 1:
					k = 1.5*t*t*t - 2.5*t*t + 1
				case t < 2:
					k = -0.5*t*t*t + 2.5*t*t - 4*t + 2
				}
				ws = append(ws, float32(k))
				sum += k
			}
			if sum != 0 {
				for k := range ws {
					ws[k] /= float32(sum)
				}
			}
			out[i] = taps{first: lo, w: ws}
		}
		return out
	}
	xs, ys := weights(sw, dw), weights(sh, dh)
	ring := 1
	for _, t := range ys {
		ring = max(ring, len(t.w)+1)
	}
	rows := make([][]float32, ring)
	at := make([]int, ring) // the source row each ring slot holds
	for i := range rows {
		rows[i], at[i] = make([]float32, dw), -1
	}
	across := func(sy int) []float32 {
		k := sy % ring
		if at[k] == sy {
			return rows[k]
		}
		line := src.Pix[sy*src.Stride : sy*src.Stride+sw]
		for x, t := range xs {
			var v float32
			for j, w := range t.w {
				v += w * float32(line[t.first+j])
			}
			rows[k][x] = v
		}
		at[k] = sy
		return rows[k]
	}
	out := image.NewGray(image.Rect(0, 0, dw, dh))
	acc := make([]float32, dw)
	for y, t := range ys {
		clear(acc)
		for j, w := range t.w {
			r := across(t.first + j)
			for x, v := range r {
				acc[x] += w * v
			}
		}
		row := out.Pix[y*out.Stride : y*out.Stride+dw]
		for x, v := range acc {
			row[x] = uint8(max(0, min(255, math.Round(float64(v)))))
		}
	}
	return out
}
