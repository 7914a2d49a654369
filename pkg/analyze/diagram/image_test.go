package diagram

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/diagscore"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// imageSet is the rendered diagram set of bench/diagrams (bpmn-js
// drawings of BPMN files, committed with their sources).
const imageSet = "../../../bench/diagrams/testdata"

// TestImageStructureFloors reads a few rendered diagrams, clean and
// degraded, and checks that the tasks, sequence flows and gateways a
// person sees in them come back. The floors sit a little under what
// these four measure (97 % of tasks, 91 % of flows, all gateways with
// tesseract 5.3), so that another tesseract build does not fail them.
func TestImageStructureFloors(t *testing.T) {
	testenv.LookPath(t, "tesseract", testenv.HintTesseract)
	cases := []struct {
		image   string
		degrade string
	}{
		{"q17-lanes@1.5.png", ""},
		{"q05-flat@0.75.png", ""},
		{"q12-lanes@1.png", "rotate"},
		{"q30-flat@1.5.png", "jpeg"},
	}
	var total diagscore.Score
	for _, c := range cases {
		t.Run(c.image+" "+c.degrade, func(t *testing.T) {
			img := loadDegraded(t, filepath.Join(imageSet, c.image), c.degrade)
			src := strings.SplitN(c.image, "@", 2)[0] + ".bpmn"
			x, err := os.ReadFile(filepath.Join(imageSet, src))
			if err != nil {
				t.Fatal(err)
			}
			ref, err := tomodel.FromXML(x)
			if err != nil {
				t.Fatal(err)
			}
			r, err := New(Options{}).ReadImage(context.Background(), img, c.image, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Structured {
				t.Errorf("no structure recognised")
			}
			if ps := r.Model.Validate(); len(ps) > 0 {
				t.Errorf("invalid model: %v", process.Messages(ps))
			}
			s := diagscore.Compare(ref, &r.Model)
			total.Add(s)
			t.Logf("tasks %d/%d, flows %d/%d, gateways %d/%d", s.Tasks.Found, s.Tasks.Refs, s.Flows.Found, s.Flows.Refs, s.Gateways.Found, s.Gateways.Refs)
		})
	}
	floor := func(what string, got diagscore.Counts, min float64) {
		if r := got.Recall(); r < min {
			t.Errorf("%s: %d of %d recovered (%.0f %%), want at least %.0f %%", what, got.Found, got.Refs, 100*r, 100*min)
		}
	}
	floor("task labels", total.Tasks, 0.88)
	floor("sequence flows", total.Flows, 0.8)
	floor("gateways", total.Gateways, 0.85)
}

// loadDegraded reads a PNG and, as a photo or scan would, turns it by
// 2.5° or saves it as a JPEG of quality 60.
func loadDegraded(t *testing.T, path, how string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if how == "" {
		return b
	}
	src, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	var out image.Image = g
	var buf bytes.Buffer
	switch how {
	case "rotate":
		out = tilt(g, 2.5)
		err = png.Encode(&buf, out)
	case "jpeg":
		err = jpeg.Encode(&buf, out, &jpeg.Options{Quality: 60})
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// tilt rotates a grey image about its centre, corners white.
func tilt(g *image.Gray, deg float64) *image.Gray {
	b := g.Bounds()
	out := image.NewGray(b)
	sin, cos := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			sx := int(math.Round(cx + (float64(x)-cx)*cos - (float64(y)-cy)*sin))
			sy := int(math.Round(cy + (float64(x)-cx)*sin + (float64(y)-cy)*cos))
			v := uint8(255)
			if image.Pt(sx, sy).In(b) {
				v = g.GrayAt(sx, sy).Y
			}
			out.SetGray(x, y, color.Gray{Y: v})
		}
	}
	return out
}

// TestWorkImage: a picture larger than the recogniser works on is
// shrunk to maxWorkSide by averaging, from any pixel format, straight
// into grey: a one-pixel line stays a grey line, transparent paper is
// white, a JPEG's luma is its grey.
func TestWorkImage(t *testing.T) {
	const w, h = 2 * maxWorkSide, maxWorkSide / 2
	// a vertical line one pixel wide at x = 1001 on white
	nrgba := image.NewNRGBA(image.Rect(0, 0, w, h))
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	gray := image.NewGray(image.Rect(0, 0, w, h))
	ycc := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	for y := range h {
		for x := range w {
			v := uint8(255)
			if x == 1001 {
				v = 0
			}
			// NRGBA: paper left transparent, the line opaque
			if v == 0 {
				nrgba.SetNRGBA(x, y, color.NRGBA{A: 255})
			}
			rgba.SetRGBA(x, y, color.RGBA{v, v, v, 255})
			gray.Pix[y*gray.Stride+x] = v
			ycc.Y[ycc.YOffset(x, y)] = v
		}
	}
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = 128, 128
	}
	tests := []struct {
		name string
		src  image.Image
	}{{"NRGBA, transparent paper", nrgba}, {"RGBA", rgba}, {"grey", gray}, {"JPEG's YCbCr", ycc}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := workImage(tt.src)
			if g.Rect.Dx() != maxWorkSide || g.Rect.Dy() != h/2 {
				t.Fatalf("work image %v, want %d × %d", g.Rect, maxWorkSide, h/2)
			}
			row := g.Pix[10*g.Stride : 10*g.Stride+g.Rect.Dx()]
			if row[0] != 255 || row[2000] != 255 {
				t.Errorf("paper %d, %d, want white", row[0], row[2000])
			}
			// the line falls into output column 500, averaged with one
			// white pixel
			if v := row[500]; v < 100 || v > 160 {
				t.Errorf("line at column 500 is %d, want a mid grey", v)
			}
		})
	}
}

func TestBetterLane(t *testing.T) {
	tests := []struct {
		name      string
		second    string
		conf      float64
		first     string
		firstConf float64
		want      bool
	}{
		{"a word more, read surely", "Recruting a new employee", 80, "Recruting a new", 88, true},
		{"the name the first reading missed", "Marketing Team", 71, "Team", 96, true},
		{"an empty first reading", "Candidate", 61, "", 0, true},
		{"a surer first reading of as many words", "HR", 54, "HR", 90, false},
		{"a guess does not replace an empty reading", "Rocruitod", 31, "", 0, false},
		{"an empty second reading", "", 0, "Applicants", 34, false},
		{"fewer words", "Event", 93, "Event Coordinator", 78, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := betterLane(tt.second, tt.conf, tt.first, tt.firstConf); got != tt.want {
				t.Errorf("betterLane(%q %.0f, %q %.0f) = %v, want %v", tt.second, tt.conf, tt.first, tt.firstConf, got, tt.want)
			}
		})
	}
}

func TestRereadLanesOnlyWhenUnsure(t *testing.T) {
	page := func(titled bool) *stripPage {
		g := image.NewGray(image.Rect(0, 0, 40, 20))
		return &stripPage{page: g, strips: []*image.Gray{g, g}, at: []image.Point{{}, {}}, bands: []int{0, 1}, titled: titled}
	}
	tests := []struct {
		name  string
		names []string
		confs []float64
		pages []*stripPage
		modes []int // the page segmentation mode of each OCR run
	}{
		{"every header sure", []string{"Sales", "Finance"}, []float64{91, 88}, []*stripPage{page(false)}, nil},
		{"an unsure header", []string{"Sales", "Finance"}, []float64{91, 62}, []*stripPage{page(false)}, []int{PSMSparse}},
		{"an unusable header: also read as a block", []string{"Sales", "Fnance"}, []float64{91, 40}, []*stripPage{page(false)}, []int{PSMSparse, PSMBlock}},
		{"an empty header: also read as a block", []string{"Sales", ""}, []float64{91, 0}, []*stripPage{page(false)}, []int{PSMSparse, PSMBlock}},
		{"one letter is no name", []string{"Sales", "l"}, []float64{91, 60}, []*stripPage{page(false)}, []int{PSMSparse, PSMBlock}},
		{"frame titles are not read again", []string{"Sales", ""}, []float64{91, 0}, []*stripPage{page(true)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var modes []int
			ocr := func(_ context.Context, _ []byte, psm int) (string, error) {
				modes = append(modes, psm)
				return "", nil
			}
			names := append([]string(nil), tt.names...)
			confs := append([]float64(nil), tt.confs...)
			if err := rereadLanes(context.Background(), ocr, tt.pages, names, confs); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(modes, tt.modes) {
				t.Errorf("OCR runs in modes %v, want %v", modes, tt.modes)
			}
			if strings.Join(names, "|") != strings.Join(tt.names, "|") {
				t.Errorf("names %q, want %q kept", names, tt.names)
			}
		})
	}
}

// TestRereadEmptyLanes checks that only the headers without a usable
// name go on the block-mode page, and that its reading replaces them
// only when it is sure.
func TestRereadEmptyLanes(t *testing.T) {
	strip := func() *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 60, 20))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		return g
	}
	// a word in the middle of the page's first strip: the block page
	// holds the unusable headers alone, stacked from its top at laneZoom
	first := func(text string, conf int) string {
		y := (stripGap + 5) * laneZoom
		return fmt.Sprintf("5\t1\t1\t1\t1\t1\t%d\t%d\t%d\t%d\t%d\t%s\n", (stripGap+5)*laneZoom, y, 30*laneZoom, 8*laneZoom, conf, text)
	}
	tests := []struct {
		name   string
		names  []string
		confs  []float64
		answer string
		want   []string
		strips int // strips on the block page
	}{
		{"an empty header read", []string{"Sales", ""}, []float64{91, 0}, first("Finance", 80), []string{"Sales", "Finance"}, 1},
		{"a guess kept out", []string{"", "Finance"}, []float64{0, 90}, first("Fnc", 35), []string{"", "Finance"}, 1},
		{"a surer reading of an unsure guess", []string{"Sls", "Finance"}, []float64{41, 90}, first("Sales", 77), []string{"Sales", "Finance"}, 1},
		{"every header unusable", []string{"", "e"}, []float64{0, 20}, first("Sales", 77), []string{"Sales", "e"}, 2},
		{"nothing unusable: no run", []string{"Sales", "Finance"}, []float64{60, 55}, "", []string{"Sales", "Finance"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp := stackStrips([]*image.Gray{strip(), strip()}, 0)
			sp.bands = []int{0, 1}
			strips := 0
			ocr := func(_ context.Context, pgm []byte, psm int) (string, error) {
				if psm != PSMBlock {
					t.Errorf("mode %d, want %d", psm, PSMBlock)
				}
				_, h, err := pgmSize(pgm)
				if err != nil {
					return "", err
				}
				strips = (h/laneZoom - stripGap) / (20 + stripGap)
				return tt.answer, nil
			}
			names := append([]string(nil), tt.names...)
			confs := append([]float64(nil), tt.confs...)
			if err := rereadEmptyLanes(context.Background(), ocr, sp, names, confs); err != nil {
				t.Fatal(err)
			}
			if strips != tt.strips {
				t.Errorf("%d strips on the block page, want %d", strips, tt.strips)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("names %q, want %q", names, tt.want)
			}
		})
	}
}
