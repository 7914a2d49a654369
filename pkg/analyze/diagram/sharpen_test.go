package diagram

import (
	"image"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// TestBlurAndSharpen checks that an out-of-focus drawing is told from a
// sharp one, and that the mask OCR gets gives a soft stroke a black core
// again (the stronger amount more so), without touching the paper.
func TestBlurAndSharpen(t *testing.T) {
	// a vertical stroke 3 pixels wide, sharp or spread over 9 pixels
	stroke := func(profile []uint8) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 40, 20))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		for y := 0; y < 20; y++ {
			for k, v := range profile {
				g.Pix[y*g.Stride+15+k] = v
			}
		}
		return g
	}
	sharp := []uint8{128, 0, 0, 0, 128}
	soft := []uint8{230, 200, 160, 120, 100, 120, 160, 200, 230}
	tests := []struct {
		name    string
		profile []uint8
		soft    bool
	}{
		{"sharp stroke", sharp, false},
		{"blurred stroke", soft, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := blur(stroke(tc.profile)) > 4; got != tc.soft {
				t.Errorf("blur %.1f, soft %v, want %v", blur(stroke(tc.profile)), got, tc.soft)
			}
		})
	}
	core := func(amount float64) (uint8, uint8) {
		g := stroke(soft)
		sharpen(g, 2, amount)
		return g.Pix[10*g.Stride+19], g.Pix[10*g.Stride+2]
	}
	light, paper1 := core(1.5)
	strong, paper2 := core(8)
	if !(strong < light && light < 100) {
		t.Errorf("stroke core after light mask %d, strong mask %d; want darker than 100 and the strong one darker", light, strong)
	}
	if paper1 != 255 || paper2 != 255 {
		t.Errorf("paper turned %d and %d, want 255", paper1, paper2)
	}
}

// TestSharpenMatchesTheMask: the in-place mask gives what the plain
// definition gives (two box blurs of radius r, each across then down,
// and each pixel pushed away from the blurred one), on pages of odd
// sizes and radii wider than the page.
func TestSharpenMatchesTheMask(t *testing.T) {
	plain := func(g *image.Gray, r int, amount float64) []uint8 {
		w, h := g.Rect.Dx(), g.Rect.Dy()
		pix := append([]uint8(nil), g.Pix...)
		box := func(src []uint8) []uint8 {
			tmp, out := make([]uint8, w*h), make([]uint8, w*h)
			for y := range h {
				for x := range w {
					s, n := 0, 0
					for k := max(0, x-r); k <= min(w-1, x+r); k++ {
						s += int(src[y*w+k])
						n++
					}
					tmp[y*w+x] = uint8(s / n)
				}
			}
			for y := range h {
				for x := range w {
					s, n := 0, 0
					for k := max(0, y-r); k <= min(h-1, y+r); k++ {
						s += int(tmp[k*w+x])
						n++
					}
					out[y*w+x] = uint8(s / n)
				}
			}
			return out
		}
		soft := box(box(pix))
		out := make([]uint8, w*h)
		for i, v := range pix {
			out[i] = uint8(max(0, min(255, int(v)+int(amount*float64(int(v)-int(soft[i]))))))
		}
		return out
	}
	tests := []struct {
		w, h, r int
		amount  float64
	}{{37, 23, 1, 1.5}, {64, 9, 3, 8}, {5, 40, 7, 8}}
	for _, tt := range tests {
		g := image.NewGray(image.Rect(0, 0, tt.w, tt.h))
		for i := range g.Pix {
			g.Pix[i] = uint8((i*7919 + i*i*31) % 256)
		}
		want := plain(g, tt.r, tt.amount)
		sharpen(g, tt.r, tt.amount)
		for i := range want {
			if g.Pix[i] != want[i] {
				t.Fatalf("%d×%d r %d: pixel %d is %d, want %d", tt.w, tt.h, tt.r, i, g.Pix[i], want[i])
			}
		}
	}
}

// TestResampleGrey: the row-at-a-time scaler gives what
// draw.CatmullRom gives, within a grey level or two, enlarging and
// shrinking.
func TestResampleGrey(t *testing.T) {
	src := image.NewGray(image.Rect(0, 0, 61, 47))
	for y := range 47 {
		for x := range 61 {
			v := 255
			if x%13 < 2 || y%11 < 3 || (x-y)%17 == 0 {
				v = 20 // lines and a slant, as a diagram's
			}
			src.Pix[y*src.Stride+x] = uint8(v)
		}
	}
	for _, size := range [][2]int{{150, 113}, {30, 20}, {61, 140}} {
		want := image.NewGray(image.Rect(0, 0, size[0], size[1]))
		xdraw.CatmullRom.Scale(want, want.Rect, src, src.Rect, xdraw.Src, nil)
		got := resampleGrey(src, size[0], size[1])
		worst := 0
		for i := range want.Pix {
			worst = max(worst, absInt(int(got.Pix[i])-int(want.Pix[i])))
		}
		if worst > 2 {
			t.Errorf("%v: differs from draw.CatmullRom by up to %d grey levels", size, worst)
		}
	}
}
