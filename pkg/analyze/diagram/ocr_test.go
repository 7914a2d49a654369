package diagram

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/spade-bpmn/spade/pkg/analyze/text"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// box is a diagram element for the test renderer: a label at a position.
type box struct {
	text string
	x, y int // top-left of the box
}

// renderDiagram draws boxes with labels and arrows between consecutive
// boxes, the way a simple left-to-right process diagram looks.
func renderDiagram(t *testing.T, boxes []box) []byte {
	t.Helper()
	const w, h, bw, bh = 1900, 520, 260, 110
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 30, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	black := &image.Uniform{C: color.Black}
	rect := func(x0, y0, x1, y1 int) {
		for x := x0; x <= x1; x++ {
			for k := 0; k < 3; k++ {
				img.Set(x, y0+k, color.Black)
				img.Set(x, y1-k, color.Black)
			}
		}
		for y := y0; y <= y1; y++ {
			for k := 0; k < 3; k++ {
				img.Set(x0+k, y, color.Black)
				img.Set(x1-k, y, color.Black)
			}
		}
	}
	for i, b := range boxes {
		rect(b.x, b.y, b.x+bw, b.y+bh)
		d := &font.Drawer{Dst: img, Src: black, Face: face}
		adv := d.MeasureString(b.text).Ceil()
		d.Dot = fixed.P(b.x+(bw-adv)/2, b.y+bh/2+11)
		d.DrawString(b.text)
		if i+1 < len(boxes) {
			n := boxes[i+1]
			y := b.y + bh/2
			for x := b.x + bw + 4; x < n.x-4; x++ {
				img.Set(x, y, color.Black)
				img.Set(x, y+1, color.Black)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestImageDiagram(t *testing.T) {
	testenv.LookPath(t, "tesseract", testenv.HintTesseract)
	png := renderDiagram(t, []box{
		{"Start", 20, 200}, {"Receive Order", 330, 200}, {"Check Stock", 640, 200},
		{"In stock?", 950, 200}, {"Ship Goods", 1260, 200}, {"End", 1570, 200},
	})
	r, err := New(Options{}).ReadImage(context.Background(), png, "order.png", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	m := r.Model
	if ps := m.Validate(); len(ps) > 0 {
		t.Fatalf("invalid: %v", ps)
	}
	var got []string
	for _, s := range process.Ordered(&m) {
		if s.Kind == process.StepActivity || (s.Kind == process.StepGateway && !s.Join) {
			got = append(got, s.Name)
		}
	}
	want := []string{"Receive Order", "Check Stock", "In stock?", "Ship Goods"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("flow %v, want %v", got, want)
	}
	if m.Events[0].Name != "Start" {
		t.Errorf("events %+v", m.Events)
	}
}

func TestImageErrors(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		image []byte
		want  string
	}{
		{"no tesseract", Options{Tesseract: "/nonexistent/tesseract"}, []byte("x"), "OCR is not installed"},
		{"not an image", Options{}, []byte("definitely not a picture"), "could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.Tesseract == "" {
				testenv.LookPath(t, "tesseract", testenv.HintTesseract)
			}
			_, err := New(tt.opts).ReadImage(context.Background(), tt.image, "", nil, false)
			d, ok := failure.Detail(err)
			if !ok || !failure.IsPermanent(err) || !strings.Contains(d, tt.want) {
				t.Fatalf("got %v", err)
			}
			if tt.name == "no tesseract" && !errors.Is(err, ErrOCRMissing) {
				t.Errorf("cause %v", err)
			}
		})
	}
}

func TestGroupLabels(t *testing.T) {
	ws := []word{
		// one line, two boxes far apart
		{text: "Receive", block: 1, par: 1, line: 1, left: 10, top: 100, w: 80, h: 20},
		{text: "Order", block: 1, par: 1, line: 1, left: 100, top: 100, w: 60, h: 20},
		{text: "Check", block: 1, par: 1, line: 1, left: 400, top: 100, w: 60, h: 20},
		// a second line of the first box
		{text: "quickly", block: 2, par: 1, line: 1, left: 30, top: 125, w: 70, h: 20},
	}
	got := groupLabels(ws)
	var texts []string
	for _, l := range got {
		texts = append(texts, l.Text)
	}
	if strings.Join(texts, "|") != "Receive Order quickly|Check" {
		t.Errorf("labels %v", texts)
	}
}

func FuzzParseTSV(f *testing.F) {
	f.Add("level\tpage_num\n5\t1\t1\t1\t1\t1\t10\t10\t50\t20\t96.5\tHello\n5\t1\t1\t1\t1\t2\t70\t10\t50\t20\t90\tWorld?\n")
	f.Add("5\t1\t1\t1\t1\t1\t-3\tx\t50\t20\t96\tA\n")
	f.Fuzz(func(t *testing.T, s string) {
		ls := groupLabels(parseTSV(s))
		m := text.FromLabels(ls, "x.png")
		if ps := m.Validate(); len(ps) > 0 {
			t.Fatalf("invalid model: %v", ps)
		}
	})
}

func TestImageDecision(t *testing.T) {
	testenv.LookPath(t, "tesseract", testenv.HintTesseract)
	png := renderDiagram(t, []box{
		{"Start", 20, 60}, {"Receive Order", 330, 60}, {"Credit OK?", 640, 60}, {"Yes", 950, 20},
		{"Ship Goods", 1260, 60}, {"No", 950, 300}, {"Reject Order", 1260, 300}, {"End", 1570, 60},
	})
	r, err := New(Options{}).ReadImage(context.Background(), png, "", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	m := r.Model
	if ps := m.Validate(); len(ps) > 0 {
		t.Fatalf("invalid: %v", ps)
	}
	id := map[string]string{}
	for _, a := range m.Activities {
		id[a.Name] = a.ID
	}
	var gw string
	for _, g := range m.Gateways {
		if g.Name == "Credit OK?" {
			gw = g.ID
		}
	}
	branches := map[string]string{}
	for _, f := range m.Flows {
		if f.Source == gw {
			branches[f.Condition] = f.Target
		}
	}
	if branches["Yes"] != id["Ship Goods"] || branches["No"] != id["Reject Order"] {
		t.Errorf("branches %v, activities %v", branches, id)
	}
}

func TestImageLanes(t *testing.T) {
	testenv.LookPath(t, "tesseract", testenv.HintTesseract)
	png := renderDiagram(t, []box{
		{"Customer", 20, 40}, {"Place Order", 330, 40}, {"Sales Team", 20, 330},
		{"Check Order", 640, 330}, {"Ship Goods", 950, 330},
	})
	r, err := New(Options{}).ReadImage(context.Background(), png, "", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, a := range r.Model.Activities {
		got[a.Name] = a.Performer
	}
	want := map[string]string{"Place Order": "Customer", "Check Order": "Sales Team", "Ship Goods": "Sales Team"}
	for n, p := range want {
		if got[n] != p {
			t.Errorf("%s by %q, want %q (all: %v)", n, got[n], p, got)
		}
	}
	if len(got) != 3 {
		t.Errorf("lane names became activities: %v", got)
	}
}
