package rules

import (
	"sort"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// noOverlappingElementsRule is no-overlapping-elements: shapes of the same
// level (pools, the flow elements of one process or expanded sub-process)
// must not touch or overlap, and flow elements stay inside their pool or
// expanded sub-process. A boundary event overlapping its own host is
// expected. Data store references may sit outside (a long-standing modeller
// habit).
func noOverlappingElementsRule() lint.Rule {
	return newRule("no-overlapping-elements", func(d *parse.Definitions) []lint.Finding {
		o := &overlaps{reported: map[*parse.Element]bool{}}
		poolOf := map[*parse.Element]*parse.Shape{}
		for _, c := range d.Collaborations {
			parts := c.ChildrenOf("participant")
			o.check(parts)
			for _, p := range parts {
				if p.ProcessRef != nil && p.Shape != nil {
					poolOf[p.ProcessRef] = p.Shape
				}
			}
		}
		for _, p := range d.Processes {
			o.container(p, poolOf[p])
		}
		return o.out
	})
}

// maxOverlapPairs bounds the pairs compared per model: a hostile file of
// thousands of shapes stacked on one spot would otherwise cost n² steps.
// Past the bound, the overlaps found so far are reported.
const maxOverlapPairs = 2_000_000

type overlaps struct {
	out      []lint.Finding
	reported map[*parse.Element]bool
	pairs    int
}

func (o *overlaps) container(c *parse.Element, boundary *parse.Shape) {
	var drawn []*parse.Element
	for _, e := range c.FlowElements() {
		if e.Shape != nil {
			drawn = append(drawn, e)
		}
	}
	o.check(drawn)
	if boundary != nil && boundary.Bounds != nil {
		for _, e := range drawn {
			if e.Kind != "dataStoreReference" && e.Shape.Bounds != nil && !inside(*e.Shape.Bounds, *boundary.Bounds) {
				o.out = append(o.out, at(e, "Element lies outside its pool or sub-process"))
			}
		}
	}
	for _, e := range c.FlowElements() {
		if !parse.IsSubProcess(e.Kind) {
			continue
		}
		var inner *parse.Shape
		if e.Shape != nil && e.Shape.Expanded != nil && *e.Shape.Expanded {
			inner = e.Shape
		}
		o.container(e, inner)
	}
}

// check reports, in the given order, elements whose shapes collide with a
// sibling; a sweep over shapes sorted by left edge keeps it n log n for
// typical diagrams.
func (o *overlaps) check(elems []*parse.Element) {
	type box struct {
		e                        *parse.Element
		left, right, top, bottom float64
	}
	var boxes []box
	for _, e := range elems {
		if e.Shape == nil || e.Shape.Bounds == nil {
			continue
		}
		b := e.Shape.Bounds
		boxes = append(boxes, box{e, b.X, b.X + b.Width, b.Y, b.Y + b.Height})
	}
	sort.SliceStable(boxes, func(i, j int) bool { return boxes[i].left < boxes[j].left })
	hit := map[*parse.Element]bool{}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if b.left > a.right || o.pairs >= maxOverlapPairs {
				break
			}
			o.pairs++
			if a.bottom < b.top || b.bottom < a.top {
				continue
			}
			if a.e.AttachedTo == b.e || b.e.AttachedTo == a.e {
				continue
			}
			hit[a.e], hit[b.e] = true, true
		}
	}
	for _, e := range elems {
		if hit[e] && !o.reported[e] {
			o.reported[e] = true
			o.out = append(o.out, at(e, "Element overlaps another element"))
		}
	}
}

func inside(child, parent parse.Bounds) bool {
	return child.X >= parent.X && child.Y >= parent.Y &&
		child.X+child.Width <= parent.X+parent.Width && child.Y+child.Height <= parent.Y+parent.Height
}
