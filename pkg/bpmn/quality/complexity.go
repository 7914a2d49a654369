package quality

import (
	"fmt"
	"math"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// Complexity bands of the spec: a score out of 10, up to 3 Low, up to 7
// Moderate, above High.
const (
	ComplexityLow      = "Low"
	ComplexityModerate = "Moderate"
	ComplexityHigh     = "High"
)

// Path counting stops at these bounds so a model with many loops or
// parallel branches cannot make the analysis explode.
const (
	maxPaths     = 10_000
	maxPathSteps = 200_000
)

// Complexity holds process metrics from the BPMN measurement literature and
// the 0–10 score derived from them.
type Complexity struct {
	// Size is the number of flow nodes (activities, gateways, events).
	Size     int `json:"size"`
	Tasks    int `json:"tasks"`
	Gateways int `json:"gateways"`
	// CFC is Cardoso's control-flow complexity: each split adds its
	// fan-out (exclusive, event-based), 2^n−1 (inclusive, complex) or 1
	// (parallel).
	CFC int `json:"control_flow_complexity"`
	// GatewayMismatch is Mendling's mismatch: per gateway type, the
	// difference between the branches opened by splits and closed by joins.
	GatewayMismatch int `json:"gateway_mismatch"`
	// ConcurrentMismatch is the part of GatewayMismatch from parallel and
	// inclusive gateways: unjoined concurrent branches. Exclusive splits
	// may well end in separate end events, so only this part costs score.
	ConcurrentMismatch int `json:"concurrent_gateway_mismatch"`
	// NestingDepth is the deepest sub-process nesting (0: none).
	NestingDepth int `json:"nesting_depth"`
	// Paths counts start-to-end paths without repeating a node (loops
	// counted once); PathsBounded says the count hit its limit.
	Paths        int  `json:"paths"`
	PathsBounded bool `json:"paths_bounded"`

	Score         float64 `json:"score"`
	Label         string  `json:"label"`
	Justification string  `json:"justification"`
	// Points shows how each metric contributed to Score.
	Points []MetricPoints `json:"points"`
}

// MetricPoints is one metric's share of the complexity score.
type MetricPoints struct {
	Metric string  `json:"metric"`
	Value  int     `json:"value"`
	Points float64 `json:"points"`
	Max    float64 `json:"max"`
}

func complexity(d *parse.Definitions) Complexity {
	var c Complexity
	d.Walk(func(e *parse.Element) bool {
		switch {
		case parse.IsFlowNode(e.Kind):
			c.Size++
			if parse.IsTask(e.Kind) {
				c.Tasks++
			}
			if parse.IsGateway(e.Kind) {
				c.Gateways++
				if n := len(e.Outgoing); n > 1 {
					c.CFC += splitWeight(e.Kind, n)
				}
			}
		}
		return true
	})
	c.GatewayMismatch, c.ConcurrentMismatch = gatewayMismatch(d)
	for _, p := range d.Processes {
		if depth := nesting(p, 0); depth > c.NestingDepth {
			c.NestingDepth = depth
		}
	}
	pc := &pathCounter{}
	for _, p := range d.Processes {
		pc.container(p)
	}
	c.Paths, c.PathsBounded = pc.paths, pc.bounded
	if c.Paths > maxPaths {
		c.Paths = maxPaths
	}
	c.score()
	return c
}

func splitWeight(kind string, n int) int {
	switch kind {
	case "parallelGateway":
		return 1
	case "inclusiveGateway", "complexGateway":
		if n > 20 {
			n = 20
		}
		return 1<<n - 1
	default:
		return n
	}
}

func gatewayMismatch(d *parse.Definitions) (total, concurrent int) {
	splits, joins := map[string]int{}, map[string]int{}
	d.Walk(func(e *parse.Element) bool {
		if parse.IsGateway(e.Kind) {
			if len(e.Outgoing) > 1 {
				splits[e.Kind] += len(e.Outgoing)
			}
			if len(e.Incoming) > 1 {
				joins[e.Kind] += len(e.Incoming)
			}
		}
		return true
	})
	for _, k := range []string{"exclusiveGateway", "parallelGateway", "inclusiveGateway", "eventBasedGateway", "complexGateway"} {
		diff := splits[k] - joins[k]
		if diff < 0 {
			diff = -diff
		}
		total += diff
		if k == "parallelGateway" || k == "inclusiveGateway" {
			concurrent += diff
		}
	}
	return total, concurrent
}

func nesting(c *parse.Element, depth int) int {
	best := depth
	for _, e := range c.Children {
		if parse.IsSubProcess(e.Kind) {
			if d := nesting(e, depth+1); d > best {
				best = d
			}
		}
	}
	return best
}

// pathCounter counts simple paths through each process and sub-process
// level, treating a sub-process as one node and a boundary event as a
// branch leaving its host.
type pathCounter struct {
	paths   int
	steps   int
	bounded bool
}

func (pc *pathCounter) container(c *parse.Element) {
	var starts []*parse.Element
	for _, e := range c.Children {
		if e.Kind == "startEvent" {
			starts = append(starts, e)
		}
	}
	if len(starts) == 0 {
		for _, e := range c.Children {
			if parse.IsFlowNode(e.Kind) && e.Kind != "boundaryEvent" && len(e.Incoming) == 0 && !e.TriggeredByEvent() {
				starts = append(starts, e)
			}
		}
	}
	onPath := map[*parse.Element]bool{}
	for _, s := range starts {
		pc.walk(s, onPath)
	}
}

func (pc *pathCounter) walk(n *parse.Element, onPath map[*parse.Element]bool) {
	if pc.bounded {
		return
	}
	pc.steps++
	if pc.steps > maxPathSteps || pc.paths >= maxPaths {
		pc.bounded = true
		return
	}
	next := successors(n)
	if len(next) == 0 {
		pc.paths++
		return
	}
	onPath[n] = true
	advanced := false
	for _, m := range next {
		if onPath[m] {
			continue // a loop back; the path through it is already counted
		}
		advanced = true
		pc.walk(m, onPath)
	}
	if !advanced {
		pc.paths++
	}
	delete(onPath, n)
}

func successors(n *parse.Element) []*parse.Element {
	var out []*parse.Element
	for _, f := range n.Outgoing {
		if f.Target != nil {
			out = append(out, f.Target)
		}
	}
	return append(out, n.Boundary...)
}

// score turns the metrics into 0–10. Each metric has a share of the ten
// points, reached at a size experts call hard to read (about 50 nodes,
// a CFC of 30, 100 paths, three nesting levels, ten unmatched branches).
func (c *Complexity) score() {
	c.Points = []MetricPoints{
		{Metric: "size", Value: c.Size, Max: 3, Points: math.Min(3, float64(c.Size)/50*3)},
		{Metric: "control_flow_complexity", Value: c.CFC, Max: 3, Points: math.Min(3, float64(c.CFC)/30*3)},
		{Metric: "paths", Value: c.Paths, Max: 2, Points: math.Min(2, math.Log10(math.Max(1, float64(c.Paths))))},
		{Metric: "nesting_depth", Value: c.NestingDepth, Max: 1, Points: math.Min(1, float64(c.NestingDepth)/3)},
		{Metric: "gateway_mismatch", Value: c.GatewayMismatch, Max: 1, Points: math.Min(1, float64(c.GatewayMismatch)/10)},
	}
	total := 0.0
	for i := range c.Points {
		c.Points[i].Points = round1(c.Points[i].Points)
		total += c.Points[i].Points
	}
	c.Score = round1(math.Min(10, total))
	c.Label = complexityLabel(c.Score)
	var parts []string
	for _, p := range c.Points {
		parts = append(parts, fmt.Sprintf("%s %d (%.1f of %.0f points)", strings.ReplaceAll(p.Metric, "_", " "), p.Value, p.Points, p.Max))
	}
	paths := fmt.Sprintf("%d", c.Paths)
	if c.PathsBounded {
		paths = fmt.Sprintf("at least %d", c.Paths)
	}
	c.Justification = fmt.Sprintf(
		"%s complexity (%.1f/10): %d flow nodes including %d %s and %d %s, %s start-to-end paths. Score from %s.",
		c.Label, c.Score, c.Size, c.Tasks, plural(c.Tasks, "task", "tasks"), c.Gateways, plural(c.Gateways, "gateway", "gateways"),
		paths, strings.Join(parts, ", "))
}

func complexityLabel(score float64) string {
	switch {
	case score <= 3:
		return ComplexityLow
	case score <= 7:
		return ComplexityModerate
	default:
		return ComplexityHigh
	}
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

// ProcessComplexityData is the complexity shaped as the analysis metadata
// field process_complexity_data.
func (r *Report) ProcessComplexityData() map[string]any {
	c := r.Complexity
	return map[string]any{
		"rating":            c.Label,
		"basis":             "size, control-flow complexity (Cardoso), paths, sub-process nesting and gateway mismatch (Mendling)",
		"score":             c.Score,
		"score_denominator": 10,
		"justification":     c.Justification,
		"metrics": map[string]any{
			"tasks":                   c.Tasks,
			"gateways":                c.Gateways,
			"paths":                   c.Paths,
			"paths_bounded":           c.PathsBounded,
			"size":                    c.Size,
			"control_flow_complexity": c.CFC,
			"gateway_mismatch":        c.GatewayMismatch,
			"concurrent_mismatch":     c.ConcurrentMismatch,
			"nesting_depth":           c.NestingDepth,
		},
	}
}
