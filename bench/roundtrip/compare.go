package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// Kinds are the element kinds the round trip compares, in report order.
var Kinds = []string{
	"activities", "events", "gateways", "event definitions", "sequence flows", "conditions",
	"default flows", "message flows", "pools", "lanes", "lane membership", "pool membership",
	"boundary attachment", "sub-process nesting", "data", "data associations", "annotations",
}

// Count is preserved/total for one kind; Added counts elements of the kind
// the round trip drew that the original did not have (a gateway inserted
// for bpmnlint, a default label on an unnamed node), which a strict judge
// counts as losses too.
type Count struct{ Preserved, Total, Added int }

// Comparison is what survived a round trip of one file.
type Comparison struct {
	Counts map[string]*Count
	// Lost lists, per kind, the elements of the original that were not
	// found as they were ("id (name): why").
	Lost map[string][]string
	// Added lists, per kind, what the round trip drew that the original
	// did not have.
	Added map[string][]string
	// Via counts sequence flows that survive only through gateways the
	// builder added; Named counts unnamed nodes the builder named. A
	// strict comparison counts both as losses; a lenient one as preserved.
	Via, Named int
	// strict compares names exactly (white space normalised) and counts
	// flows through added gateways and added names as losses.
	strict bool
}

// addExtra records an element of the round-tripped file the original did
// not have.
func (c *Comparison) addExtra(kind string, what string, args ...any) {
	n := c.Counts[kind]
	if n == nil {
		n = &Count{}
		c.Counts[kind] = n
	}
	n.Added++
	c.Added[kind] = append(c.Added[kind], fmt.Sprintf(what, args...))
}

// sameName compares the names a reader sees: exactly up to runs of white
// space when strict, also ignoring case otherwise.
func (c *Comparison) sameName(a, b string) bool {
	if c.strict {
		return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
	}
	return norm(a) == norm(b)
}

func (c *Comparison) add(kind string, ok bool, what string, args ...any) {
	n := c.Counts[kind]
	if n == nil {
		n = &Count{}
		c.Counts[kind] = n
	}
	n.Total++
	if ok {
		n.Preserved++
		return
	}
	c.Lost[kind] = append(c.Lost[kind], fmt.Sprintf(what, args...))
}

// named reports whether n had no name in the file, in which case the
// builder's default label ("Start", "End", "Message"; bpmnlint's
// label-required) loses nothing; it counts those.
func (c *Comparison) named(n *parse.Element) bool {
	if n.Label() != "" {
		return false
	}
	c.Named++
	return !c.strict
}

// norm compares names the way a reader does: case and runs of white space
// do not matter.
func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// class groups kinds whose elements can stand for each other when matched
// by name: an activity is matched to an activity, even of another type,
// and then counted as changed.
func class(kind string) string {
	switch {
	case parse.IsActivity(kind):
		return "activity"
	case parse.IsEvent(kind):
		return "event"
	case parse.IsGateway(kind):
		return "gateway"
	case kind == "dataObjectReference" || kind == "dataStoreReference" || kind == "dataObject" || kind == "dataInput" || kind == "dataOutput":
		return "data"
	}
	return kind
}

// matcher maps elements of the original (a) to the round-tripped file (b):
// by id first (SPADE keeps ids), then by class and name in document order.
type matcher struct {
	a, b *parse.Definitions
	m    map[*parse.Element]*parse.Element
	used map[*parse.Element]bool
}

func (mt *matcher) match(as, bs []*parse.Element, key func(*parse.Element) string) {
	for _, a := range as {
		if b := mt.b.ByID(a.ID); a.ID != "" && b != nil && !mt.used[b] && class(b.Kind) == class(a.Kind) {
			mt.m[a], mt.used[b] = b, true
		}
	}
	byKey := map[string][]*parse.Element{}
	for _, b := range bs {
		if !mt.used[b] {
			k := key(b)
			byKey[k] = append(byKey[k], b)
		}
	}
	for _, a := range as {
		if _, ok := mt.m[a]; ok {
			continue
		}
		k := key(a)
		for len(byKey[k]) > 0 {
			b := byKey[k][0]
			byKey[k] = byKey[k][1:]
			if !mt.used[b] {
				mt.m[a], mt.used[b] = b, true
				break
			}
		}
	}
}

func collect(d *parse.Definitions, keep func(*parse.Element) bool) []*parse.Element {
	var out []*parse.Element
	d.Walk(func(e *parse.Element) bool {
		if keep(e) {
			out = append(out, e)
		}
		return true
	})
	return out
}

// isDrawnData reports whether e is data a reader sees: references to
// data objects and stores, and data objects, inputs and outputs drawn
// themselves (a process' inputs and outputs, from its ioSpecification).
func isDrawnData(e *parse.Element) bool {
	return e.Kind == "dataObjectReference" || e.Kind == "dataStoreReference" ||
		((e.Kind == "dataObject" || e.Kind == "dataInput" || e.Kind == "dataOutput") && e.Shape != nil)
}

func label(e *parse.Element) string {
	if e == nil {
		return "<none>"
	}
	if n := e.Label(); n != "" {
		return e.ID + " (" + n + ")"
	}
	return e.ID
}

// innermostLane is the deepest lane holding e.
func innermostLane(e *parse.Element) *parse.Element {
	var best *parse.Element
	depth := -1
	for _, l := range e.Lanes {
		d := 0
		for p := l.Parent; p != nil; p = p.Parent {
			d++
		}
		if d > depth {
			best, depth = l, d
		}
	}
	return best
}

// poolOf is the participant drawing the process that holds e.
func poolOf(e *parse.Element) *parse.Element {
	if p := e.Process(); p != nil {
		return p.Participant
	}
	return nil
}

func marker(e *parse.Element) string {
	if e.Child("standardLoopCharacteristics") != nil {
		return "loop"
	}
	if mi := e.Child("multiInstanceLoopCharacteristics"); mi != nil {
		if mi.BoolAttr("isSequential", false) {
			return "sequential"
		}
		return "parallel"
	}
	return ""
}

// collapsed says how bpmn-js draws a sub-process or pool.
func collapsed(e *parse.Element) bool {
	if e.Kind == "participant" {
		return e.ProcessRef == nil || (e.Shape != nil && e.Shape.Expanded != nil && !*e.Shape.Expanded)
	}
	if !parse.IsSubProcess(e.Kind) {
		return false
	}
	if e.Shape == nil {
		return false
	}
	return e.Shape.Expanded == nil || !*e.Shape.Expanded
}

func defKinds(e *parse.Element) string {
	var ks []string
	for _, d := range e.EventDefinitions {
		ks = append(ks, d.Kind)
	}
	sort.Strings(ks)
	return strings.Join(ks, "+")
}

func timerText(e *parse.Element) string {
	for _, d := range e.EventDefinitions {
		if d.Kind != "timerEventDefinition" {
			continue
		}
		for _, k := range []string{"timeDuration", "timeDate", "timeCycle"} {
			if x := d.Child(k); x != nil && strings.TrimSpace(x.Text) != "" {
				return strings.TrimSpace(x.Text)
			}
		}
	}
	return ""
}

// timerKinds lists the time elements of an event's timer definitions
// (timeDuration, timeDate, timeCycle), text or not: what the modeller
// chose to give.
func timerKinds(e *parse.Element) string {
	var ks []string
	for _, d := range e.EventDefinitions {
		if d.Kind != "timerEventDefinition" {
			continue
		}
		for _, k := range []string{"timeDuration", "timeDate", "timeCycle"} {
			if d.Child(k) != nil {
				ks = append(ks, k)
			}
		}
	}
	return strings.Join(ks, "+")
}

// linkName is the name that pairs link events ("" for other events).
func linkName(e *parse.Element) string {
	for _, d := range e.EventDefinitions {
		if d.Kind == "linkEventDefinition" {
			return norm(d.Name)
		}
	}
	return ""
}

// flowLabel is what a reader sees on a sequence flow: its name, else its
// condition expression.
func flowLabel(e *parse.Element) string {
	if n := e.Label(); n != "" {
		return n
	}
	if c := e.Condition(); c != nil {
		return strings.TrimSpace(c.Text)
	}
	return ""
}

func annotationText(e *parse.Element) string {
	if t := e.Child("text"); t != nil {
		return t.Text
	}
	return ""
}

// dataLinks lists an activity's or event's data associations with drawn
// data (a reference, or an object that has one) as "in"/"out" with the
// data element. An association with a data object drawn nowhere is not in
// the diagram, nor in the model.
func dataLinks(e *parse.Element, d *parse.Definitions) [][2]any {
	refs := map[*parse.Element]bool{}
	for _, r := range collect(d, func(e *parse.Element) bool { return e.Kind == "dataObjectReference" }) {
		if o := d.ByID(r.Attr("dataObjectRef")); o != nil {
			refs[o] = true
		}
	}
	var out [][2]any
	for _, ch := range e.Children {
		switch ch.Kind {
		case "dataInputAssociation":
			for _, s := range ch.ChildrenOf("sourceRef") {
				if x := d.ByID(strings.TrimSpace(s.Text)); x != nil && (isDrawnData(x) || x.Kind == "dataObject" && refs[x]) {
					out = append(out, [2]any{"in", x})
				}
			}
		case "dataOutputAssociation":
			if t := ch.Child("targetRef"); t != nil {
				if x := d.ByID(strings.TrimSpace(t.Text)); x != nil && (isDrawnData(x) || x.Kind == "dataObject" && refs[x]) {
					out = append(out, [2]any{"out", x})
				}
			}
		}
	}
	return out
}

// Compare measures what of file a survived in file b. Strict compares as
// a strict judge does: names exactly (white space normalised), sequence
// flows by their exact endpoints, and what b adds (nodes, flows, names)
// counted against it.
//
// It matches a's elements to b's, then runs the named phases below in
// order: per flow node of a its kind and name (activity, event, gateway),
// its place (lane, pool, sub-process) and its data associations; then
// sequence flows, message flows, pools, lanes, data and annotations.
func Compare(a, b *parse.Definitions, strict bool) *Comparison {
	r := newComparisonRun(a, b, strict)
	for _, n := range r.nodesA {
		o := r.mt.m[n]
		switch class(n.Kind) {
		case "activity":
			r.activity(n, o)
		case "event":
			r.event(n, o)
		case "gateway":
			r.gateway(n, o)
		}
		r.placement(n, o)
		r.dataAssociations(n, o)
	}
	r.sequenceFlows()
	r.messageFlows()
	r.pools()
	r.lanes()
	r.data()
	r.annotations()
	return r.c
}

// comparisonRun is one Compare: the two files, the element matching and
// the counts being made.
type comparisonRun struct {
	a, b           *parse.Definitions
	c              *Comparison
	mt             *matcher
	nodesA, nodesB []*parse.Element
}

// newComparisonRun matches a's pools, lanes, flow nodes, data and
// annotations to b's by kind and name (annotations by their text).
func newComparisonRun(a, b *parse.Definitions, strict bool) *comparisonRun {
	r := &comparisonRun{
		a: a, b: b,
		c:  &Comparison{Counts: map[string]*Count{}, Lost: map[string][]string{}, Added: map[string][]string{}, strict: strict},
		mt: &matcher{a: a, b: b, m: map[*parse.Element]*parse.Element{}, used: map[*parse.Element]bool{}},
	}
	byName := func(e *parse.Element) string { return class(e.Kind) + "\x00" + norm(e.Name) }
	r.mt.match(pick(a, "participant"), pick(b, "participant"), byName)
	r.mt.match(pick(a, "lane"), pick(b, "lane"), byName)
	isNode := func(e *parse.Element) bool { return parse.IsFlowNode(e.Kind) }
	r.nodesA, r.nodesB = collect(a, isNode), collect(b, isNode)
	r.mt.match(r.nodesA, r.nodesB, byName)
	r.mt.match(collect(a, isDrawnData), collect(b, isDrawnData), byName)
	r.mt.match(pick(a, "textAnnotation"), pick(b, "textAnnotation"), func(e *parse.Element) string { return norm(annotationText(e)) })
	return r
}

// pick lists d's elements of one kind in document order.
func pick(d *parse.Definitions, kind string) []*parse.Element {
	return collect(d, func(e *parse.Element) bool { return e.Kind == kind })
}

// refOf is the element a dataObject is matched through: its first drawn
// reference (any other element is itself).
func refOf(d *parse.Definitions, x *parse.Element) *parse.Element {
	if x == nil || x.Kind != "dataObject" || x.Shape != nil {
		return x
	}
	for _, e := range pick(d, "dataObjectReference") {
		if d.ByID(e.Attr("dataObjectRef")) == x {
			return e
		}
	}
	return x
}

// kindOfClass names the report kind of a flow node class.
func kindOfClass(cl string) string {
	switch cl {
	case "activity":
		return "activities"
	case "event":
		return "events"
	case "gateway":
		return "gateways"
	}
	return cl
}

// sameCondition reports whether flow o carries the condition expression of
// flow f: none when f had none, the same text when it had one.
func sameCondition(f, o *parse.Element) bool {
	fc, oc := f.Condition(), o.Condition()
	if fc == nil || oc == nil {
		return fc == nil && oc == nil
	}
	return strings.Join(strings.Fields(fc.Text), " ") == strings.Join(strings.Fields(oc.Text), " ")
}

// viaAdded finds a path from src to dst through at most three added
// gateways and returns its flows.
func viaAdded(src, dst *parse.Element, added func(*parse.Element) bool) []*parse.Element {
	type step struct {
		at   *parse.Element
		path []*parse.Element
	}
	queue := []step{{at: src}}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if len(s.path) > 3 {
			continue
		}
		for _, f := range s.at.Outgoing {
			p := append(append([]*parse.Element(nil), s.path...), f)
			if f.Target == dst {
				return p
			}
			if added(f.Target) {
				queue = append(queue, step{at: f.Target, path: p})
			}
		}
	}
	return nil
}

func attached(e *parse.Element) *parse.Element {
	if e == nil {
		return nil
	}
	return e.AttachedTo
}

func laneLabel(e *parse.Element) string {
	if e == nil {
		return "<missing>"
	}
	return label(innermostLane(e))
}

func parentLane(l *parse.Element) *parse.Element {
	for p := l.Parent; p != nil; p = p.Parent {
		if p.Kind == "lane" {
			return p
		}
	}
	return nil
}

// dataName is the name a reader sees on data: its own, else its object's
// or store's.
func dataName(d *parse.Definitions, e *parse.Element) string {
	if n := e.Label(); n != "" {
		return n
	}
	for _, a := range []string{"dataObjectRef", "dataStoreRef"} {
		if x := d.ByID(e.Attr(a)); x != nil {
			return x.Label()
		}
	}
	return ""
}

// DetachedEnds lists the sequence and message flows of d whose drawn line
// does not start at its source's shape or end at its target's (within
// two pixels): what a reader sees as a flow to the wrong element, such as
// a message ending at the border of the sub-process around its target.
func DetachedEnds(d *parse.Definitions) []string {
	var out []string
	on := func(p parse.Point, e *parse.Element) bool {
		if e == nil || e.Shape == nil || e.Shape.Bounds == nil {
			return true // nothing drawn to compare with
		}
		b := e.Shape.Bounds
		const tol = 2
		return p.X >= b.X-tol && p.X <= b.X+b.Width+tol && p.Y >= b.Y-tol && p.Y <= b.Y+b.Height+tol
	}
	d.Walk(func(e *parse.Element) bool {
		if (e.Kind != "sequenceFlow" && e.Kind != "messageFlow") || e.Edge == nil || len(e.Edge.Waypoints) < 2 {
			return true
		}
		w := e.Edge.Waypoints
		if !on(w[0], e.Source) || !on(w[len(w)-1], e.Target) {
			out = append(out, fmt.Sprintf("%s %s: %s → %s", e.Kind, e.ID, label(e.Source), label(e.Target)))
		}
		return true
	})
	return out
}
