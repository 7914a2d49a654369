package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/llm"
)

// The Process Model stage beside the Recent list, in CSS px, at a 1440 px
// and a 375 px wide window (measured in Chromium, ui/e2e/long-model.spec.ts):
// a diagram is fitted at min(stage width / drawing width, stage height /
// drawing height).
const (
	stageWideW, stageWideH     = 797, 512
	stageNarrowW, stageNarrowH = 327, 312
)

// docRow is one document drawn as the product draws it with the built-in
// analyzer: its drawing's size, fitted scales and metrics.
type docRow struct {
	name          string
	width, height float64
	r             row
	err           string
}

// runDocs extracts each file's text, analyses it with the built-in
// analyzer (as the worker does: validation and repair) and draws the model
// with bpmn.Build; out, when set, keeps the drawings.
func runDocs(files []string, out string) []docRow {
	ex, err := extract.New(extract.Options{})
	if err != nil {
		fail(err)
	}
	defer ex.Close()
	prov := analyze.New(analyze.Options{})
	var rows []docRow
	for _, f := range files {
		name := filepath.Base(f)
		d := docRow{name: name}
		data, err := os.ReadFile(f)
		if err != nil {
			d.err = err.Error()
			rows = append(rows, d)
			continue
		}
		ctx := context.Background()
		doc, err := ex.Extract(ctx, name, data)
		if err != nil {
			d.err = err.Error()
			rows = append(rows, d)
			continue
		}
		res, err := llm.AnalyzeValidated(ctx, prov, llm.Input{Kind: llm.KindDocument, Text: doc.Text, Filename: name})
		if err != nil {
			d.err = err.Error()
			rows = append(rows, d)
			continue
		}
		t0 := time.Now()
		b, err := bpmn.Build(&res.Model)
		ms := float64(time.Since(t0).Microseconds()) / 1000
		if err != nil {
			d.err = err.Error()
			rows = append(rows, d)
			continue
		}
		d.r = measureCollab(b)
		d.r.ms = ms
		d.width, d.height = extent(b)
		if out != "" {
			if err := os.WriteFile(filepath.Join(out, strings.TrimSuffix(name, filepath.Ext(name))+".bpmn"), b, 0o644); err != nil {
				fail(err)
			}
		}
		rows = append(rows, d)
	}
	return rows
}

// extent is the size of the main diagram's bounding box over shapes,
// labels and waypoints (what bpmn-js fits).
func extent(data []byte) (float64, float64) {
	x0, y0, x1, y1 := 1e18, 1e18, -1e18, -1e18
	add := func(x, y float64) {
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	f := func(se xml.StartElement, n string) float64 {
		for _, a := range se.Attr {
			if a.Name.Local == n {
				v, _ := strconv.ParseFloat(a.Value, 64)
				return v
			}
		}
		return 0
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	diagrams := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "BPMNDiagram":
			diagrams++
		case "Bounds":
			if diagrams == 1 {
				add(f(se, "x"), f(se, "y"))
				add(f(se, "x")+f(se, "width"), f(se, "y")+f(se, "height"))
			}
		case "waypoint":
			if diagrams == 1 {
				add(f(se, "x"), f(se, "y"))
			}
		}
	}
	if x1 < x0 {
		return 0, 0
	}
	return x1 - x0, y1 - y0
}

func printDocs(rows []docRow) {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "document\twidth\theight\tfit 1440\tfit 375\tshapes\tedges\ttime ms\toverlaps\tcrossings\tbends\tthrough shapes\t")
	for _, d := range rows {
		if d.err != "" {
			fmt.Fprintf(w, "%s\terror: %s\t\t\t\t\t\t\t\t\t\t\t\n", d.name, d.err)
			continue
		}
		fit := func(sw, sh float64) float64 { return min(sw/max(d.width, 1), sh/max(d.height, 1), 1) }
		fmt.Fprintf(w, "%s\t%.0f\t%.0f\t%.3f\t%.3f\t%d\t%d\t%.2f\t%d\t%d\t%d\t%d\t\n", d.name, d.width, d.height,
			fit(stageWideW, stageWideH), fit(stageNarrowW, stageNarrowH), d.r.nodes, d.r.edges, d.r.ms,
			d.r.m.Overlaps, d.r.m.Crossings, d.r.m.Bends, d.r.m.Through)
	}
	w.Flush()
}
