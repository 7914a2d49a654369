package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// skipCases are quality texts with no process in them (poem, table,
// headings, mixed languages): nothing to draw.
var skipCases = map[string]bool{"31-poem": true, "32-numbers-table": true, "33-headings-only": true, "39-mixed-language": true}

// generate writes the source BPMN files of the image set into dir: the
// models SPADE builds from the bench/quality texts (with their lanes, and
// with the lanes dropped), the bench/roundtrip files and the MIWG
// reference models. It prints the render jobs (file:scale) for render.mjs.
func generate(dir, qualityDir string, roundtrip []string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("make dir: %w", err)
	}
	scales := []string{"0.75", "1", "1.5"}
	var jobs []string
	add := func(name string, data []byte) error {
		p := filepath.Join(dir, name+".bpmn")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("write source: %w", err)
		}
		jobs = append(jobs, p+":"+scales[len(jobs)%len(scales)])
		return nil
	}
	texts, err := filepath.Glob(filepath.Join(qualityDir, "*.txt"))
	if err != nil {
		return nil, fmt.Errorf("list texts: %w", err)
	}
	sort.Strings(texts)
	prov := analyze.New(analyze.Options{})
	for _, t := range texts {
		name := strings.TrimSuffix(filepath.Base(t), ".txt")
		if skipCases[name] || len(name) < 3 || name[2] != '-' || name > "31" {
			continue // the first thirty cases keep the set modest
		}
		b, err := os.ReadFile(t)
		if err != nil {
			return nil, fmt.Errorf("read text: %w", err)
		}
		text := string(b)
		if i := strings.LastIndex(text, "\n---\n"); i >= 0 {
			text = text[:i]
		}
		res, err := prov.Analyze(context.Background(), llm.Input{Kind: llm.KindDocument, Text: text, Filename: name + ".txt"})
		if err != nil {
			return nil, fmt.Errorf("analyse %s: %w", name, err)
		}
		m := res.Model
		x, err := bpmn.Build(&m)
		if err != nil {
			return nil, fmt.Errorf("build %s: %w", name, err)
		}
		if err := add("q"+name[:2]+"-lanes", x); err != nil {
			return nil, err
		}
		flat := withoutLanes(m)
		x, err = bpmn.Build(&flat)
		if err != nil {
			return nil, fmt.Errorf("build %s: %w", name, err)
		}
		if err := add("q"+name[:2]+"-flat", x); err != nil {
			return nil, err
		}
	}
	for _, d := range roundtrip {
		files, err := filepath.Glob(filepath.Join(d, "*.bpmn"))
		if err != nil {
			return nil, fmt.Errorf("list bpmn: %w", err)
		}
		sort.Strings(files)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("read bpmn: %w", err)
			}
			prefix := "miwg-"
			if !strings.Contains(f, "miwg") {
				// the own round-trip files carry no diagram: SPADE draws them
				prefix = "rt-"
				m, err := tomodel.FromXML(b)
				if err != nil {
					return nil, fmt.Errorf("convert %s: %w", f, err)
				}
				if b, err = bpmn.Build(m); err != nil {
					return nil, fmt.Errorf("build %s: %w", f, err)
				}
			}
			if err := add(prefix+strings.TrimSuffix(filepath.Base(f), ".bpmn"), b); err != nil {
				return nil, err
			}
		}
	}
	return jobs, nil
}

// withoutLanes is the model drawn as one pool without lanes.
func withoutLanes(m process.Model) process.Model {
	m.Participants = nil
	m.Pools = nil
	m.MessageFlows = nil
	acts := append([]process.Activity(nil), m.Activities...)
	for i := range acts {
		acts[i].Performer, acts[i].Pool = "", ""
	}
	gws := append([]process.Gateway(nil), m.Gateways...)
	for i := range gws {
		gws[i].Performer, gws[i].Pool = "", ""
	}
	evs := append([]process.Event(nil), m.Events...)
	for i := range evs {
		evs[i].Performer, evs[i].Pool = "", ""
	}
	m.Activities, m.Gateways, m.Events = acts, gws, evs
	return m
}

// shrink re-encodes every rendered PNG of dir as 8-bit grey with the best
// compression: bpmn-js draws black on white, so colour only costs bytes.
func shrink(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil {
		return fmt.Errorf("list png: %w", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("read png: %w", err)
		}
		src, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("decode %s: %w", f, err)
		}
		if _, ok := src.(*image.Gray); ok {
			continue
		}
		g := image.NewGray(src.Bounds())
		draw.Draw(g, g.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
		draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Over)
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, g); err != nil {
			return fmt.Errorf("encode %s: %w", f, err)
		}
		if err := os.WriteFile(f, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("write png: %w", err)
		}
	}
	return nil
}
