package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// The Graphviz set: small flowcharts written as dot source and drawn by
// Graphviz's own layout and style (boxes, wide diamonds with Yes/No edge
// labels, ellipse terminals, clusters as swimlanes), so that the reader
// is measured on pictures no bpmn-js rendering looks like. Each chart is
// built from a seed, the reference model beside its dot source; the PNGs
// are drawn at bench time (Debian's graphviz) and cached, not committed.

// gvCharts is how many flowcharts without a parallel block the sets
// hold; every fourth is kept back and reported only as totals.
const gvCharts = 36

// puCharts is how many charts the Graphviz, PlantUML and Mermaid sets
// hold: the first gvCharts, then charts with a parallel block (fork and
// join bars); the first 36 stay as they were drawn before the parallel
// ones were added.
const puCharts = 48

// gvSteps are the task labels the charts draw from.
var gvSteps = []string{
	"Receive request", "Check availability", "Book meeting room", "Send confirmation",
	"Review application", "Request documents", "Approve budget", "Update records",
	"Notify customer", "Prepare invoice", "Ship order", "Archive file",
	"Assign engineer", "Schedule visit", "Collect payment", "Close ticket",
	"Draft contract", "Sign contract", "Order parts", "Test prototype",
}

// gvQuestions are the decisions' questions, each with its two exits.
var gvQuestions = [][3]string{
	{"Enough cover?", "Yes", "No"},
	{"Approved?", "Yes", "No"},
	{"In stock?", "Yes", "No"},
	{"Complete?", "Yes", "No"},
	{"Amount over limit?", "Yes", "No"},
	{"Valid request?", "Valid", "Invalid"},
}

// gvLanes are the swimlane names of the charts drawn with clusters.
var gvLanes = []string{"Employee", "Manager", "Finance", "Customer"}

// gvChart is one generated flowchart.
type gvChart struct {
	name string
	dot  string
	ref  *process.Model
	dev  bool
	// fc is the chart's structure, which the PlantUML and Mermaid sets
	// draw in their own notations (flowchart.go)
	fc flowchart
}

// gvGenerate builds chart i: a start, a chain of steps with up to two
// decisions (the Yes exit goes on, the No exit to a step that loops back
// or ends the chart), an end; drawn left to right or top to bottom, in
// clusters as lanes or not, in one of a few fonts and node styles.
func gvGenerate(i int) gvChart {
	rng := rand.New(rand.NewPCG(uint64(i)+1, 24))
	m := &process.Model{ProcessName: fmt.Sprintf("Graphviz chart %d", i)}
	lanes := 0
	if i%3 == 2 {
		lanes = 2 + rng.IntN(2)
	}
	lr := i%2 == 0
	fonts := []string{"Helvetica", "Times", "DejaVu Sans", "Courier"}
	font := fonts[rng.IntN(len(fonts))]
	boxStyle := []string{`shape=box`, `shape=box, style=rounded`, `shape=box, style=filled, fillcolor="#e8f0fe"`}[rng.IntN(3)]
	terminal := []string{"ellipse", "oval"}[rng.IntN(2)]
	dpi := []int{72, 96, 110}[rng.IntN(3)]

	steps := append([]string(nil), gvSteps...)
	rng.Shuffle(len(steps), func(a, b int) { steps[a], steps[b] = steps[b], steps[a] })
	questions := append([][3]string(nil), gvQuestions...)
	rng.Shuffle(len(questions), func(a, b int) { questions[a], questions[b] = questions[b], questions[a] })

	var b strings.Builder
	dir := "TB"
	if lr {
		dir = "LR"
	}
	fmt.Fprintf(&b, "digraph chart%d {\n  rankdir=%s; dpi=%d; bgcolor=white;\n", i, dir, dpi)
	fmt.Fprintf(&b, "  node [fontname=%q, fontsize=12]; edge [fontname=%q, fontsize=11];\n", font, font)
	lane := map[string]int{}
	fc := flowchart{lr: lr, lanes: lanes}
	node := func(id, label, attrs string, ln int) {
		fmt.Fprintf(&b, "  %s [label=%q, %s];\n", id, label, attrs)
		lane[id] = ln
		fc.nodes = append(fc.nodes, fcNode{id: id, label: label, kind: fcKind(id), lane: ln})
	}
	edge := func(from, to, label string) {
		if label != "" {
			fmt.Fprintf(&b, "  %s -> %s [label=%q];\n", from, to, label)
		} else {
			fmt.Fprintf(&b, "  %s -> %s;\n", from, to)
		}
		m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("f%d", len(m.Flows)+1), Source: from, Target: to, Condition: label})
		fc.edges = append(fc.edges, fcEdge{from: from, to: to, label: label})
	}
	laneOf := func(k int) int {
		if lanes == 0 {
			return -1
		}
		return (k / 2) % lanes
	}
	performer := func(ln int) string {
		if ln < 0 {
			return ""
		}
		return gvLanes[ln]
	}
	node("start", "Start", "shape="+terminal, laneOf(0))
	m.Events = append(m.Events, process.Event{ID: "start", Name: "Start", Type: process.EventStart, Performer: performer(laneOf(0))})
	nSteps := 3 + rng.IntN(4)
	nDec := rng.IntN(3)
	if i%6 == 0 {
		nDec = max(nDec, 1) // the chart: one decision at least
	}
	decAt := map[int]bool{}
	for len(decAt) < nDec {
		decAt[1+rng.IntN(nSteps-1)] = true
	}
	// a chart past the Graphviz set's runs one step's work in parallel
	// branches (2 or 3) between a fork and a join; the charts before
	// draw nothing more from rng, so they stay as they were
	parAt, branches := 0, 0
	if i >= gvCharts {
		var free []int
		for k := 1; k <= nSteps; k++ {
			if !decAt[k] {
				free = append(free, k)
			}
		}
		parAt, branches = free[rng.IntN(len(free))], 2+rng.IntN(2)
	}
	prev, pending := "start", ""
	used := 0
	task := func(k int) string {
		id := fmt.Sprintf("t%d", used+1)
		name := steps[used]
		used++
		ln := laneOf(k)
		node(id, name, boxStyle, ln)
		m.Activities = append(m.Activities, process.Activity{ID: id, Name: name, Performer: performer(ln)})
		return id
	}
	q := 0
	for k := 0; k < nSteps; k++ {
		if parAt == k+1 {
			fork, join := fmt.Sprintf("fork%d", k+1), fmt.Sprintf("join%d", k+1)
			ln := laneOf(k + 1)
			// Graphviz's own fork and join: a filled black bar across
			// the way the chart runs, its branches leaving its long side
			bar := `shape=box, style=filled, fillcolor=black, fixedsize=true, height=0.06, width=1.2`
			if lr {
				bar = `shape=box, style=filled, fillcolor=black, fixedsize=true, height=1.2, width=0.06`
			}
			node(fork, "", bar, ln)
			m.Gateways = append(m.Gateways, process.Gateway{ID: fork, Type: process.GatewayParallel, Performer: performer(ln)})
			edge(prev, fork, pending)
			step := fcStep{fork: fork, join: join}
			ids := make([]string, branches)
			for br := range ids {
				ids[br] = task(k + 1)
				edge(fork, ids[br], "")
			}
			step.task, step.par = ids[0], ids[1:]
			node(join, "", bar, ln)
			m.Gateways = append(m.Gateways, process.Gateway{ID: join, Type: process.GatewayParallel, Performer: performer(ln)})
			for _, id := range ids {
				edge(id, join, "")
			}
			fc.steps = append(fc.steps, step)
			prev, pending = join, ""
			continue
		}
		id := task(k + 1)
		edge(prev, id, pending)
		pending = ""
		prev = id
		fc.steps = append(fc.steps, fcStep{task: id})
		if !decAt[k+1] {
			continue
		}
		qs := questions[q%len(questions)]
		gid := fmt.Sprintf("d%d", q+1)
		q++
		node(gid, qs[0], "shape=diamond", laneOf(k+1))
		m.Gateways = append(m.Gateways, process.Gateway{ID: gid, Name: qs[0], Type: process.GatewayExclusive, Performer: performer(laneOf(k + 1))})
		edge(prev, gid, "")
		// the second exit: a step that goes back before the decision,
		// or one that leads to its own end
		alt := task(k + 1)
		edge(gid, alt, qs[2])
		dec := &fcDecision{id: gid, question: qs[0], yes: qs[1], no: qs[2], alt: alt, loop: true}
		fc.steps[len(fc.steps)-1].dec = dec
		if rng.IntN(2) == 0 {
			edge(alt, id, "")
		} else {
			dec.loop = false
			eid := fmt.Sprintf("x%d", q)
			node(eid, "End", "shape="+terminal+", peripheries=2", laneOf(k+1))
			m.Events = append(m.Events, process.Event{ID: eid, Name: "End", Type: process.EventEnd, Performer: performer(laneOf(k + 1))})
			edge(alt, eid, "")
		}
		prev, pending = gid, qs[1]
	}
	node("end", "End", "shape="+terminal+", peripheries=2", laneOf(nSteps))
	m.Events = append(m.Events, process.Event{ID: "end", Name: "End", Type: process.EventEnd, Performer: performer(laneOf(nSteps))})
	edge(prev, "end", pending)
	if lanes > 0 {
		for ln := 0; ln < lanes; ln++ {
			fmt.Fprintf(&b, "  subgraph cluster_%d {\n    label=%q; labeljust=l; style=solid;", ln, gvLanes[ln])
			for id, l := range lane {
				if l == ln {
					fmt.Fprintf(&b, " %s;", id)
				}
			}
			b.WriteString("\n  }\n")
			m.Participants = append(m.Participants, process.Participant{Name: gvLanes[ln]})
		}
	}
	b.WriteString("}\n")
	// the reference is the model SPADE would keep of this source: a step
	// the loop comes back to gets its merging gateway, as when the
	// bpmn-js references are read
	process.Repair(m)
	return gvChart{name: fmt.Sprintf("gv-%02d-%s", i, strings.ToLower(dir)), dot: sortClusters(b.String()), ref: m, dev: i%4 != 3, fc: fc}
}

// sortClusters sorts the node lists of the cluster lines, so that the
// same seed always writes the same dot source.
func sortClusters(src string) string {
	lines := strings.Split(src, "\n")
	for k, l := range lines {
		i := strings.Index(l, "style=solid;")
		if i < 0 {
			continue
		}
		ids := strings.Fields(strings.ReplaceAll(l[i+len("style=solid;"):], ";", " "))
		slices.Sort(ids)
		var b strings.Builder
		b.WriteString(l[:i+len("style=solid;")])
		for _, id := range ids {
			b.WriteString(" " + id + ";")
		}
		lines[k] = b.String()
	}
	return strings.Join(lines, "\n")
}

// gvRender draws a chart with dot into the cache directory (once per
// distinct source) and returns the PNG's path, re-encoded in grey.
func gvRender(ctx context.Context, c gvChart, cacheDir string) (string, error) {
	sum := sha256.Sum256([]byte(c.dot))
	p := filepath.Join(cacheDir, "graphviz", c.name+"-"+hex.EncodeToString(sum[:6])+".png")
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", fmt.Errorf("graphviz cache: %w", err)
	}
	cmd := exec.CommandContext(ctx, "dot", "-Tpng")
	cmd.Stdin = strings.NewReader(c.dot)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("dot %s (install Debian's graphviz): %w: %s", c.name, err, stderr.String())
	}
	src, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		return "", fmt.Errorf("decode %s: %w", c.name, err)
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, g); err != nil {
		return "", fmt.Errorf("encode %s: %w", c.name, err)
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return "", fmt.Errorf("write %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return "", fmt.Errorf("write %s: %w", p, err)
	}
	return p, nil
}

// loadGraphviz generates and draws the Graphviz set.
func loadGraphviz(cacheDir string) ([]imageCase, error) {
	var out []imageCase
	for i := range puCharts {
		c := gvGenerate(i)
		p, err := gvRender(context.Background(), c, cacheDir)
		if err != nil {
			return nil, err
		}
		out = append(out, imageCase{name: c.name, png: p, ref: c.ref, lanes: len(c.ref.Participants) > 1, dev: c.dev, renderer: "graphviz"})
	}
	return out, nil
}

// writeGraphviz writes the dot sources of the set into dir, to look at
// or draw by hand.
func writeGraphviz(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("graphviz dir: %w", err)
	}
	for i := range puCharts {
		c := gvGenerate(i)
		if err := os.WriteFile(filepath.Join(dir, c.name+".dot"), []byte(c.dot), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", c.name, err)
		}
	}
	return nil
}
