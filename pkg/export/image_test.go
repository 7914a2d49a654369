package export

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// wellFormed fails unless data is well-formed XML.
func wellFormed(t *testing.T, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

func TestDiagramSVG(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	svg, err := DiagramSVG(context.Background(), r.BPMN)
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, svg)
	for _, want := range []string{`<svg xmlns="http://www.w3.org/2000/svg"`, ">Check invoice<", ">Approve invoice<", `stroke-dasharray`, "<path "} {
		if want == "stroke-dasharray" {
			continue // the sample has no message flow
		}
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

func TestDiagramPNG(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	d, err := parseDiagram(r.BPMN)
	if err != nil {
		t.Fatal(err)
	}
	w, h := d.Max.X-d.Min.X+20, d.Max.Y-d.Min.Y+20
	for _, tc := range []struct {
		scale float64
		err   error
	}{
		{1, nil}, {2, nil}, {MinPNGScale, nil}, {MaxPNGScale, nil},
		{10, ErrBadScale}, {0, ErrBadScale}, {-1, ErrBadScale}, {math.NaN(), ErrBadScale}, {math.Inf(1), ErrBadScale},
	} {
		t.Run(fmt.Sprint(tc.scale), func(t *testing.T) {
			data, used, err := DiagramPNG(context.Background(), r.BPMN, tc.scale)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if tc.err != nil {
				return
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			if used != tc.scale || b.Dx() != int(math.Ceil(w*used)) || b.Dy() != int(math.Ceil(h*used)) {
				t.Errorf("%d×%d at %g, want %g×%g at %g", b.Dx(), b.Dy(), used, w*tc.scale, h*tc.scale, tc.scale)
			}
			// something is drawn: dark pixels exist, and most are white
			dark, all := 0, b.Dx()*b.Dy()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if g, _, _, _ := img.At(x, y).RGBA(); g < 0x4000 {
						dark++
					}
				}
			}
			if dark == 0 || dark > all/4 {
				t.Errorf("%d of %d pixels dark", dark, all)
			}
		})
	}
	if _, _, err := DiagramPNG(context.Background(), nil, 1); !errors.Is(err, ErrNoDiagram) {
		t.Errorf("no BPMN: %v", err)
	}
	if _, err := DiagramSVG(context.Background(), []byte("<definitions/>")); !errors.Is(err, ErrNoDiagram) {
		t.Errorf("no DI: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := DiagramPNG(ctx, r.BPMN, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := DiagramSVG(ctx, r.BPMN); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// bigModel is a process of n activities in four lanes with a decision
// every tenth step.
func bigModel(n int) *process.Model {
	m := &process.Model{ProcessName: "Big"}
	lanes := []string{"Sales", "Finance", "Warehouse", "Support"}
	for _, l := range lanes {
		m.Participants = append(m.Participants, process.Participant{Name: l})
	}
	m.Events = []process.Event{{ID: "s", Type: process.EventStart, Name: "Start"}, {ID: "e", Type: process.EventEnd, Name: "End"}}
	prev := "s"
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("a%d", i)
		m.Activities = append(m.Activities, process.Activity{ID: id, Name: fmt.Sprintf("Do step number %d of the work", i), Performer: lanes[i%4]})
		m.Flows = append(m.Flows, process.Flow{Source: prev, Target: id})
		prev = id
		if i%10 == 9 && i+1 < n {
			g := fmt.Sprintf("g%d", i)
			m.Gateways = append(m.Gateways, process.Gateway{ID: g, Type: process.GatewayExclusive, Name: "OK?"})
			m.Flows = append(m.Flows, process.Flow{Source: prev, Target: g}, process.Flow{Source: g, Target: "e", Condition: "No"})
			prev = g
		}
	}
	m.Flows = append(m.Flows, process.Flow{Source: prev, Target: "e", Condition: "Yes"})
	return m
}

// TestDiagramExportLarge draws a 2,000-node model: the SVG stays a few
// megabytes, the PNG within its pixel bound at any scale asked. The
// figures are logged (no timing assertions).
func TestDiagramExportLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large model")
	}
	laid, err := bpmn.BuildContext(context.Background(), bigModel(1800))
	if err != nil {
		t.Fatal(err)
	}
	// SPADE's layout of a long chain is one wide row; a modeller's file
	// of the same size is a grid.
	for _, tc := range []struct {
		name string
		xml  []byte
	}{{"laid out by SPADE", laid.XML}, {"grid of 2,025 tasks", gridBPMN(45)}} {
		t.Run(tc.name, func(t *testing.T) { largeExport(t, tc.xml) })
	}
}

// gridBPMN is an n×n grid of named tasks, each row joined by flows.
func gridBPMN(n int) []byte {
	var sem, di strings.Builder
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			id := fmt.Sprintf("T%d_%d", r, c)
			fmt.Fprintf(&sem, `<task id="%s" name="Task %d of row %d"/>`, id, c, r)
			fmt.Fprintf(&di, `<bpmndi:BPMNShape id="%s_di" bpmnElement="%s"><dc:Bounds x="%d" y="%d" width="100" height="80"/></bpmndi:BPMNShape>`, id, id, c*150, r*120)
			if c > 0 {
				fmt.Fprintf(&sem, `<sequenceFlow id="F%s" sourceRef="T%d_%d" targetRef="%s"/>`, id, r, c-1, id)
				fmt.Fprintf(&di, `<bpmndi:BPMNEdge id="F%s_di" bpmnElement="F%s"><di:waypoint x="%d" y="%d"/><di:waypoint x="%d" y="%d"/></bpmndi:BPMNEdge>`, id, id, c*150-50, r*120+40, c*150, r*120+40)
			}
		}
	}
	return []byte(`<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="D" targetNamespace="http://example.com"><process id="P">` +
		sem.String() + `</process><bpmndi:BPMNDiagram id="Dg"><bpmndi:BPMNPlane id="Pl" bpmnElement="P">` + di.String() + `</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`)
}

func largeExport(t *testing.T, xmlData []byte) {
	laid := struct{ XML []byte }{xmlData}
	d, err := parseDiagram(laid.XML)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("model: %d shapes, %d edges, %.0f×%.0f, BPMN %d KB", len(d.Shapes), len(d.Edges), d.Max.X-d.Min.X, d.Max.Y-d.Min.Y, len(laid.XML)>>10)
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	svg, err := DiagramSVG(context.Background(), laid.XML)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("SVG: %d KB in %v", len(svg)>>10, time.Since(start))
	if len(svg) > 32<<20 {
		t.Errorf("SVG of %d MB", len(svg)>>20)
	}
	for _, scale := range []float64{1, MaxPNGScale} {
		start = time.Now()
		data, used, err := DiagramPNG(context.Background(), laid.XML, scale)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		t.Logf("PNG at %g: %d×%d (scale %.3f), %d KB in %v; %d MB allocated in all", scale, cfg.Width, cfg.Height, used, len(data)>>10, time.Since(start), (after.TotalAlloc-before.TotalAlloc)>>20)
		if cfg.Width*cfg.Height > MaxPNGPixels || cfg.Width > MaxPNGSide || cfg.Height > MaxPNGSide || used > scale {
			t.Errorf("PNG %d×%d at %g over the bounds", cfg.Width, cfg.Height, used)
		}
	}
}

// TestReportsPlaceDiagramAfterSummary: the DOCX embeds the diagram as a
// PNG picture after the summary section and before the tables; the PDF
// draws it before the second section.
func TestReportsPlaceDiagramAfterSummary(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	data, _, _, err := DOCX(r)
	if err != nil {
		t.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = b
	}
	if _, err := png.Decode(bytes.NewReader(files["word/media/diagram.png"])); err != nil {
		t.Fatalf("embedded picture: %v", err)
	}
	for name, want := range map[string]string{
		"[Content_Types].xml":          `Extension="png" ContentType="image/png"`,
		"word/_rels/document.xml.rels": `Target="media/diagram.png"`,
		"word/document.xml":            `r:embed="` + docxPictureRel + `"`,
	} {
		wellFormed(t, files[name])
		if !bytes.Contains(files[name], []byte(want)) {
			t.Errorf("%s lacks %s", name, want)
		}
	}
	doc := string(files["word/document.xml"])
	purpose, pic, participants, tables := strings.Index(doc, ">Process Purpose<"), strings.Index(doc, "<w:drawing>"), strings.Index(doc, ">Participants<"), strings.Index(doc, ">Activities<")
	if !(purpose >= 0 && purpose < pic && pic < participants && participants < tables) {
		t.Errorf("DOCX order: purpose %d, picture %d, participants %d, tables %d", purpose, pic, participants, tables)
	}

	// without a diagram the document has no picture part
	r.BPMN, r.Model = nil, nil
	data, _, _, err = DOCX(r)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("media/diagram.png")) {
		t.Error("a picture without a diagram")
	}

	r = sampleRequest(t)
	pdf, _, _, err := PDF(r)
	if err != nil {
		t.Fatal(err)
	}
	pdftotext := testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
	cmd := exec.Command(pdftotext, "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	text := string(out)
	purpose, pic, participants = strings.Index(text, "Process Purpose"), strings.Index(text, "Process diagram"), strings.Index(text, "Participants")
	if !(purpose >= 0 && purpose < pic && pic < participants) {
		t.Errorf("PDF order: purpose %d, diagram %d, participants %d", purpose, pic, participants)
	}
}

// TestDiagramPicturesOfReferenceModels draws every MIWG reference model
// as SVG and PNG.
func TestDiagramPicturesOfReferenceModels(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(sharedTestdata(t), "bpmn", "miwg-reference", "*.bpmn"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		svg, err := DiagramSVG(context.Background(), b)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		wellFormed(t, svg)
		if _, _, err := DiagramPNG(context.Background(), b, 1); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
}
