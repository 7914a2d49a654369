package diagram

import (
	"image"
	"testing"
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
