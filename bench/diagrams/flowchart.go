package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// The PlantUML and Mermaid sets: the Graphviz set's charts (the same
// seeds, the same reference models) written as PlantUML activity
// diagrams and Mermaid flowcharts, so that one model is read as each
// tool draws it. PlantUML (Debian's plantuml) draws a filled start dot,
// rounded steps, hexagon decisions with their exits labelled beside
// them, a diamond where a loop comes back and bullseye ends, always top
// to bottom, swimlanes as columns; Mermaid (npm, in Debian's Chromium
// through tools/mermaid) draws its flowchart shapes left to right or top
// to bottom, lanes as subgraph boxes. Both are drawn at bench time into
// the cache directory; no image is committed.

// flowchart is a chart's structure, recorded while the Graphviz chart
// is generated.
type flowchart struct {
	lr    bool
	lanes int
	nodes []fcNode
	edges []fcEdge
	// steps are the main chain's tasks in order, each with the decision
	// that follows it, if any
	steps []fcStep
}

type fcNode struct {
	id, label, kind string // kind: start, task, decision, bar, end
	lane            int    // -1 without lanes
}

type fcEdge struct{ from, to, label string }

type fcStep struct {
	task string
	dec  *fcDecision
	// par are the steps run beside task between the fork and join bars
	// (a parallel block has no decision after it)
	par        []string
	fork, join string
}

// fcDecision is a decision after a step: the yes exit goes on along the
// chain, the no exit to alt, which loops back to the step (loop) or
// ends.
type fcDecision struct {
	id, question, yes, no, alt string
	loop                       bool
}

// fcKind is the kind of a node by its id in gvGenerate.
func fcKind(id string) string {
	switch {
	case id == "start":
		return "start"
	case id == "end" || strings.HasPrefix(id, "x"):
		return "end"
	case strings.HasPrefix(id, "d"):
		return "decision"
	case strings.HasPrefix(id, "fork") || strings.HasPrefix(id, "join"):
		return "bar"
	}
	return "task"
}

func (f *flowchart) node(id string) fcNode {
	for _, n := range f.nodes {
		if n.id == id {
			return n
		}
	}
	return fcNode{id: id, lane: -1}
}

// plantUML writes the chart as a PlantUML activity diagram: a decision
// whose no exit loops back is a repeat … repeat while with the no step
// drawn on the way back, one whose no exit ends is an if whose then
// branch holds the rest of the chart.
func (f *flowchart) plantUML(i int) string {
	var b strings.Builder
	b.WriteString("@startuml\n")
	if i%2 == 1 {
		b.WriteString("skinparam monochrome true\n")
	}
	fmt.Fprintf(&b, "skinparam dpi %d\n", []int{96, 110, 130}[i%3])
	if i%4 == 2 {
		b.WriteString("skinparam defaultFontName Serif\n")
	}
	cur := -1
	lane := func(ln int) {
		if ln >= 0 && ln != cur {
			fmt.Fprintf(&b, "|%s|\n", gvLanes[ln])
			cur = ln
		}
	}
	// declare the lanes in order before the first step
	for ln := range f.lanes {
		lane(ln)
	}
	lane(f.node("start").lane)
	b.WriteString("start\n")
	var chain func(k int)
	chain = func(k int) {
		for ; k < len(f.steps); k++ {
			s := f.steps[k]
			t := f.node(s.task)
			lane(t.lane)
			if s.dec != nil && s.dec.loop {
				b.WriteString("repeat\n")
			}
			if len(s.par) > 0 {
				fmt.Fprintf(&b, "fork\n:%s;\n", t.label)
				for _, p := range s.par {
					fmt.Fprintf(&b, "fork again\n:%s;\n", f.node(p).label)
				}
				b.WriteString("end fork\n")
				continue
			}
			fmt.Fprintf(&b, ":%s;\n", t.label)
			d := s.dec
			if d == nil {
				continue
			}
			lane(f.node(d.id).lane)
			if d.loop {
				fmt.Fprintf(&b, "backward :%s;\n", f.node(d.alt).label)
				fmt.Fprintf(&b, "repeat while (%s) is (%s) not (%s)\n", d.question, d.no, d.yes)
				continue
			}
			fmt.Fprintf(&b, "if (%s) then (%s)\n", d.question, d.yes)
			chain(k + 1)
			fmt.Fprintf(&b, "else (%s)\n", d.no)
			lane(f.node(d.alt).lane)
			fmt.Fprintf(&b, ":%s;\nstop\nendif\n", f.node(d.alt).label)
			return
		}
		lane(f.node("end").lane)
		b.WriteString("stop\n")
	}
	chain(0)
	b.WriteString("@enduml\n")
	return b.String()
}

// withLoopMerges is the reference as PlantUML draws it: a repeat loop
// starts at a merge diamond, which the way in and the way back join
// before the loop's first step.
func (f *flowchart) withLoopMerges(ref *process.Model) *process.Model {
	m := *ref
	m.Flows = append([]process.Flow(nil), ref.Flows...)
	m.Gateways = append([]process.Gateway(nil), ref.Gateways...)
	for k, s := range f.steps {
		if s.dec == nil || !s.dec.loop {
			continue
		}
		id := fmt.Sprintf("m%d", k+1)
		perf := ""
		for _, a := range m.Activities {
			if a.ID == s.task {
				perf = a.Performer
			}
		}
		m.Gateways = append(m.Gateways, process.Gateway{ID: id, Type: process.GatewayExclusive, Performer: perf})
		for j := range m.Flows {
			if m.Flows[j].Target == s.task {
				m.Flows[j].Target = id
			}
		}
		m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("f%d", len(m.Flows)+1), Source: id, Target: s.task})
	}
	return &m
}

// mermaid writes the chart as a Mermaid flowchart; a parallel block's
// fork and join are Mermaid's fork shape (a bar, outlined and filled
// light, not black as Graphviz and PlantUML draw it).
func (f *flowchart) mermaid(i int) string {
	var b strings.Builder
	dir := "TD"
	if f.lr {
		dir = "LR"
	}
	fmt.Fprintf(&b, "flowchart %s\n", dir)
	shape := func(n fcNode) string {
		switch n.kind {
		case "start":
			return []string{"((%q))", "([%q])"}[i%2]
		case "end":
			return []string{"(((%q)))", "([%q])"}[i%2]
		case "decision":
			return "{%q}"
		}
		return []string{"[%q]", "(%q)"}[(i/2)%2]
	}
	def := func(n fcNode, indent string) {
		if n.kind == "bar" {
			// Mermaid's fork/join shape: a bar across the way
			// the chart runs
			fmt.Fprintf(&b, "%sn_%s@{ shape: fork }\n", indent, n.id)
			return
		}
		fmt.Fprintf(&b, "%sn_%s"+shape(n)+"\n", indent, n.id, n.label)
	}
	for ln := -1; ln < f.lanes; ln++ {
		indent := "  "
		if ln >= 0 {
			fmt.Fprintf(&b, "  subgraph lane%d [%q]\n", ln, gvLanes[ln])
			indent = "    "
		}
		for _, n := range f.nodes {
			if n.lane == ln {
				def(n, indent)
			}
		}
		if ln >= 0 {
			b.WriteString("  end\n")
		}
	}
	for _, e := range f.edges {
		if e.label != "" {
			fmt.Fprintf(&b, "  n_%s -->|%s| n_%s\n", e.from, e.label, e.to)
		} else {
			fmt.Fprintf(&b, "  n_%s --> n_%s\n", e.from, e.to)
		}
	}
	return b.String()
}

// greyPNG re-encodes a PNG in 8-bit grey, as the other sets are kept.
func greyPNG(raw []byte) ([]byte, error) {
	src, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Over)
	var buf bytes.Buffer
	if err := png.Encode(&buf, g); err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return buf.Bytes(), nil
}

// fcSource is one chart's source in a notation and the PNG it draws to.
type fcSource struct {
	chart gvChart
	src   string
	png   string
}

// fcSources writes each chart's source for renderer (plantuml or
// mermaid) into the cache directory, named by its hash, and returns
// those whose PNG is not there yet.
func fcSources(renderer, ext, cacheDir string) (all, missing []fcSource, err error) {
	dir := filepath.Join(cacheDir, renderer)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("%s cache: %w", renderer, err)
	}
	n := puCharts
	if renderer == "mermaid" {
		n += mmDense
	}
	for i := range n {
		c := mmChart(i)
		var text string
		if renderer == "plantuml" {
			text = c.fc.plantUML(i)
			// PlantUML draws its activity diagrams top to bottom
			c.name = fmt.Sprintf("pu-%02d", i)
			c.ref = c.fc.withLoopMerges(c.ref)
		} else {
			text = c.fc.mermaid(i)
			c.name = strings.Replace(c.name, "gv-", "mm-", 1)
		}
		sum := sha256.Sum256([]byte(text))
		base := filepath.Join(dir, c.name+"-"+hex.EncodeToString(sum[:6]))
		s := fcSource{chart: c, src: base + ext, png: base + ".png"}
		if _, err := os.Stat(s.png); err != nil {
			if err := os.WriteFile(s.src, []byte(text), 0o644); err != nil {
				return nil, nil, fmt.Errorf("write %s: %w", s.src, err)
			}
			missing = append(missing, s)
		}
		all = append(all, s)
	}
	return all, missing, nil
}

// fcCases turns the drawn sources into image cases, the PNGs in grey.
func fcCases(renderer string, all []fcSource) ([]imageCase, error) {
	var out []imageCase
	for k, s := range all {
		if _, err := os.Stat(s.png); err != nil {
			return nil, fmt.Errorf("%s did not draw %s: %w", renderer, s.src, err)
		}
		c := s.chart
		group := renderer
		if k >= puCharts {
			// the dense charts are counted apart, so that the
			// shared charts' rows stay comparable with before
			group += "-dense"
		}
		out = append(out, imageCase{name: c.name, png: s.png, ref: c.ref,
			lanes: len(c.ref.Participants) > 1, dev: c.dev, renderer: group})
	}
	return out, nil
}

// loadPlantUML draws the PlantUML set with Debian's plantuml (one Java
// run for every chart not drawn yet).
func loadPlantUML(cacheDir string) ([]imageCase, error) {
	return loadDrawn("plantuml", ".puml", cacheDir, func() error {
		if _, err := exec.LookPath("plantuml"); err != nil {
			return errors.New("the PlantUML set needs Debian's plantuml (apt-get install plantuml), or leave it out with -renderer")
		}
		return nil
	}, "plantuml", "-tpng")
}

// loadMermaid draws the Mermaid set in Chromium with tools/mermaid (one
// browser for every chart not drawn yet).
func loadMermaid(cacheDir string) ([]imageCase, error) {
	return loadDrawn("mermaid", ".mmd", cacheDir, func() error {
		if _, err := os.Stat("tools/mermaid/node_modules/mermaid"); err != nil {
			return errors.New("the Mermaid set needs tools/mermaid's packages (bash scripts/npm-install.sh tools/mermaid) and Debian's chromium, or leave it out with -renderer")
		}
		return nil
	}, "node", "tools/mermaid/render.mjs")
}

// loadDrawn writes set's sources (ext) into cacheDir and draws the ones
// not drawn yet with one run of command, the sources appended to its
// arguments, after ready says the tool is there; then greys them as the
// other sets' pictures are.
func loadDrawn(set, ext, cacheDir string, ready func() error, command ...string) ([]imageCase, error) {
	all, missing, err := fcSources(set, ext, cacheDir)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		if err := ready(); err != nil {
			return nil, err
		}
		args := slices.Clone(command[1:])
		for _, s := range missing {
			args = append(args, s.src)
		}
		cmd := exec.CommandContext(context.Background(), command[0], args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("%s: %w: %s", set, err, out)
		}
		if err := greyInPlace(missing); err != nil {
			return nil, err
		}
	}
	return fcCases(set, all)
}

// greyInPlace re-encodes freshly drawn PNGs in grey.
func greyInPlace(drawn []fcSource) error {
	for _, s := range drawn {
		raw, err := os.ReadFile(s.png)
		if err != nil {
			return fmt.Errorf("no picture for %s: %w", s.src, err)
		}
		g, err := greyPNG(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", s.png, err)
		}
		if err := os.WriteFile(s.png, g, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", s.png, err)
		}
	}
	return nil
}
