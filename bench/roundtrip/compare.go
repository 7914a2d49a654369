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

// activity counts activity n of a against its match o: kind, event
// sub-process flag, name, loop marker and collapsed state.
func (r *comparisonRun) activity(n, o *parse.Element) {
	c := r.c
	switch {
	case o == nil:
		c.add("activities", false, "%s: missing", label(n))
	case o.Kind != n.Kind || n.TriggeredByEvent() != o.TriggeredByEvent():
		c.add("activities", false, "%s: %s became %s", label(n), n.Kind, o.Kind)
	case !c.sameName(o.Name, n.Name):
		c.add("activities", false, "%s: renamed %q", label(n), o.Name)
	case marker(n) != marker(o):
		c.add("activities", false, "%s: marker %q became %q", label(n), marker(n), marker(o))
	case collapsed(n) != collapsed(o):
		c.add("activities", false, "%s: collapsed %v became %v", label(n), collapsed(n), collapsed(o))
	default:
		c.add("activities", true, "")
	}
}

// event counts event n against o: kind, name, interruption, its event
// definitions and, for a boundary event, its host.
func (r *comparisonRun) event(n, o *parse.Element) {
	c := r.c
	switch {
	case o == nil:
		c.add("events", false, "%s: missing", label(n))
	case o.Kind != n.Kind:
		c.add("events", false, "%s: %s became %s", label(n), n.Kind, o.Kind)
	case !c.sameName(o.Name, n.Name) && !c.named(n):
		c.add("events", false, "%s: renamed %q", label(n), o.Name)
	case n.BoolAttr("cancelActivity", true) != o.BoolAttr("cancelActivity", true) ||
		n.BoolAttr("isInterrupting", true) != o.BoolAttr("isInterrupting", true):
		c.add("events", false, "%s: interrupting changed", label(n))
	default:
		c.add("events", true, "")
	}
	if len(n.EventDefinitions) > 0 {
		switch {
		case o == nil:
			c.add("event definitions", false, "%s: event missing", label(n))
		case defKinds(n) != defKinds(o):
			c.add("event definitions", false, "%s: %s became %q", label(n), defKinds(n), defKinds(o))
		case timerText(n) != timerText(o):
			c.add("event definitions", false, "%s: timer %q became %q", label(n), timerText(n), timerText(o))
		case c.strict && timerKinds(n) != timerKinds(o):
			c.add("event definitions", false, "%s: timer %q became %q", label(n), timerKinds(n), timerKinds(o))
		case linkName(n) != linkName(o):
			c.add("event definitions", false, "%s: link %q became %q", label(n), linkName(n), linkName(o))
		default:
			c.add("event definitions", true, "")
		}
	}
	if n.Kind == "boundaryEvent" {
		ok := o != nil && n.AttachedTo != nil && o.AttachedTo != nil && r.mt.m[n.AttachedTo] == o.AttachedTo
		c.add("boundary attachment", ok, "%s: attached to %s, now %s", label(n), label(n.AttachedTo), label(attached(o)))
	}
}

// gateway counts gateway n against o: kind and name.
func (r *comparisonRun) gateway(n, o *parse.Element) {
	c := r.c
	switch {
	case o == nil:
		c.add("gateways", false, "%s: missing", label(n))
	case o.Kind != n.Kind:
		c.add("gateways", false, "%s: %s became %s", label(n), n.Kind, o.Kind)
	case !c.sameName(o.Name, n.Name) && !c.named(n):
		c.add("gateways", false, "%s: renamed %q", label(n), o.Name)
	default:
		c.add("gateways", true, "")
	}
}

// placement counts where flow node n sits against o: its innermost lane,
// its pool and the sub-process around it, each matched.
func (r *comparisonRun) placement(n, o *parse.Element) {
	c, m := r.c, r.mt.m
	if l := innermostLane(n); l != nil {
		ok := o != nil && innermostLane(o) != nil && m[l] == innermostLane(o)
		c.add("lane membership", ok, "%s: in lane %s, now %s", label(n), label(l), laneLabel(o))
	}
	if p := poolOf(n); p != nil {
		ok := o != nil && poolOf(o) != nil && m[p] == poolOf(o)
		c.add("pool membership", ok, "%s: in pool %s", label(n), label(p))
	}
	if ct := n.Container(); ct != nil && parse.IsSubProcess(ct.Kind) {
		var oc *parse.Element
		if o != nil {
			oc = o.Container()
		}
		c.add("sub-process nesting", o != nil && oc != nil && m[ct] == oc, "%s: inside %s, now %s", label(n), label(ct), label(oc))
	}
}

// dataAssociations counts each data input and output of n that o has
// with the matched data, in the same direction.
func (r *comparisonRun) dataAssociations(n, o *parse.Element) {
	for _, dl := range dataLinks(n, r.a) {
		dir, x := dl[0].(string), refOf(r.a, dl[1].(*parse.Element))
		ok := false
		if o != nil {
			for _, ol := range dataLinks(o, r.b) {
				if ol[0].(string) == dir && refOf(r.b, ol[1].(*parse.Element)) == r.mt.m[x] {
					ok = true
					break
				}
			}
		}
		r.c.add("data associations", ok, "%s %s %s", label(n), dir, label(x))
	}
}

// sequenceFlows counts a's sequence flows by endpoints; the matched flow
// carries the label and the default mark. bpmn.Build makes implicit
// splits and merges of models from the analyzers explicit (bpmnlint's
// recommended rules): a flow drawn through gateways the builder added (in
// b, matched to nothing in a) connects the same nodes with the same
// meaning; Via says how many did. A strict comparison counts them as
// lost, a lenient one as preserved, and counts b's unmatched flows and
// nodes as added.
func (r *comparisonRun) sequenceFlows() {
	c, mt := r.c, r.mt
	flowsB := map[[2]*parse.Element][]*parse.Element{}
	for _, f := range pick(r.b, "sequenceFlow") {
		k := [2]*parse.Element{f.Source, f.Target}
		flowsB[k] = append(flowsB[k], f)
	}
	usedFlow := map[*parse.Element]bool{}
	added := func(e *parse.Element) bool { return e != nil && parse.IsGateway(e.Kind) && !mt.used[e] }
	for _, f := range pick(r.a, "sequenceFlow") {
		path := r.flowPath(f, flowsB, usedFlow, added)
		for _, o := range path {
			usedFlow[o] = true
		}
		c.add("sequence flows", path != nil, "%s: %s → %s", f.ID, label(f.Source), label(f.Target))
		r.flowLabel(f, path)
		r.defaultFlow(f, path)
	}
	if c.strict {
		for _, f := range pick(r.b, "sequenceFlow") {
			if !usedFlow[f] {
				c.addExtra("sequence flows", "%s: %s → %s", f.ID, label(f.Source), label(f.Target))
			}
		}
		for _, n := range r.nodesB {
			if !mt.used[n] {
				c.addExtra(kindOfClass(class(n.Kind)), "%s %s", n.Kind, label(n))
			}
		}
	}
}

// flowPath is the flow of b that stands for a's flow f: one between the
// matched ends (the same id first), else a path through added gateways
// (nil when strict); nil when there is none.
func (r *comparisonRun) flowPath(f *parse.Element, flowsB map[[2]*parse.Element][]*parse.Element, usedFlow map[*parse.Element]bool, added func(*parse.Element) bool) []*parse.Element {
	src, dst := r.mt.m[f.Source], r.mt.m[f.Target]
	if f.Source == nil || f.Target == nil || src == nil || dst == nil {
		return nil
	}
	var path []*parse.Element
	cands := flowsB[[2]*parse.Element{src, dst}]
	for _, cand := range cands {
		if cand.ID == f.ID && !usedFlow[cand] {
			path = []*parse.Element{cand}
		}
	}
	for _, cand := range cands {
		if path == nil && !usedFlow[cand] {
			path = []*parse.Element{cand}
		}
	}
	if path == nil {
		path = viaAdded(src, dst, added)
		if path != nil {
			r.c.Via++
			if r.c.strict {
				path = nil
			}
		}
	}
	return path
}

// flowLabel counts the label (name or condition) of flow f as kept on
// its path, and when strict a label the path's single flow added.
func (r *comparisonRun) flowLabel(f *parse.Element, path []*parse.Element) {
	c := r.c
	if lbl := flowLabel(f); lbl != "" {
		ok := false
		for _, o := range path {
			if c.strict {
				// the name as drawn, and the condition when there was one
				ok = ok || c.sameName(o.Label(), f.Label()) && sameCondition(f, o)
				continue
			}
			ok = ok || norm(o.Name) == norm(lbl) || (o.Condition() != nil && norm(o.Condition().Text) == norm(lbl))
		}
		c.add("conditions", ok, "%s: %q", f.ID, lbl)
	} else if c.strict && len(path) == 1 && flowLabel(path[0]) != "" {
		c.addExtra("conditions", "%s: label %q added", f.ID, flowLabel(path[0]))
	}
}

// defaultFlow counts a's default flow f as kept when a flow of its path is
// a default, and when strict a default the path's single flow became.
func (r *comparisonRun) defaultFlow(f *parse.Element, path []*parse.Element) {
	c := r.c
	if f.Source != nil && f.Source.Default == f {
		ok := false
		for _, o := range path {
			ok = ok || (o.Source != nil && o.Source.Default == o)
		}
		c.add("default flows", ok, "%s: default of %s", f.ID, label(f.Source))
	} else if c.strict && len(path) == 1 && path[0].Source != nil && path[0].Source.Default == path[0] {
		c.addExtra("default flows", "%s: made the default of %s", f.ID, label(path[0].Source))
	}
}

// messageFlows counts a's message flows kept between the matched ends
// (with the same label when strict).
func (r *comparisonRun) messageFlows() {
	c := r.c
	mfB := map[[2]*parse.Element][]*parse.Element{}
	for _, f := range pick(r.b, "messageFlow") {
		k := [2]*parse.Element{f.Source, f.Target}
		mfB[k] = append(mfB[k], f)
	}
	for _, f := range pick(r.a, "messageFlow") {
		ok := false
		if f.Source != nil && f.Target != nil {
			for _, o := range mfB[[2]*parse.Element{r.mt.m[f.Source], r.mt.m[f.Target]}] {
				ok = ok || !c.strict || c.sameName(o.Label(), f.Label())
			}
		}
		c.add("message flows", ok, "%s: %s → %s", f.ID, label(f.Source), label(f.Target))
	}
}

// pools counts a's pools kept with their name and collapsed state, and
// when strict b's added pools (a process the original drew in no pool
// comes back in one).
func (r *comparisonRun) pools() {
	c := r.c
	for _, p := range pick(r.a, "participant") {
		o := r.mt.m[p]
		ok := o != nil && c.sameName(o.Name, p.Name) && collapsed(o) == collapsed(p)
		c.add("pools", ok, "%s", label(p))
	}
	if c.strict {
		for _, p := range pick(r.b, "participant") {
			if !r.mt.used[p] {
				c.addExtra("pools", "%s", label(p))
			}
		}
	}
}

// lanes counts a's lanes kept with their name (an unnamed lane needs
// none unless strict) under the matched parent lane.
func (r *comparisonRun) lanes() {
	c := r.c
	for _, l := range pick(r.a, "lane") {
		o := r.mt.m[l]
		ok := o != nil && (c.sameName(o.Name, l.Name) || !c.strict && l.Label() == "")
		if ok {
			pa, pb := parentLane(l), parentLane(o)
			ok = (pa == nil && pb == nil) || (pa != nil && r.mt.m[pa] == pb)
		}
		c.add("lanes", ok, "%s", label(l))
	}
}

// data counts a's drawn data kept with its kind (an object may come back
// as its reference) and name.
func (r *comparisonRun) data() {
	c := r.c
	for _, d := range collect(r.a, isDrawnData) {
		o := r.mt.m[d]
		ok := o != nil && (o.Kind == d.Kind || (d.Kind == "dataObject" && o.Kind == "dataObjectReference")) && c.sameName(dataName(r.b, o), dataName(r.a, d))
		c.add("data", ok, "%s", label(d))
	}
}

// annotations counts a's text annotations kept with their text and, when
// attached, attached to the matched element.
func (r *comparisonRun) annotations() {
	c := r.c
	notesB := map[*parse.Element][]*parse.Element{}
	for _, as := range pick(r.b, "association") {
		notesB[as.Source] = append(notesB[as.Source], as.Target)
		notesB[as.Target] = append(notesB[as.Target], as.Source)
	}
	var attachedA = map[*parse.Element]*parse.Element{}
	for _, as := range pick(r.a, "association") {
		if as.Source != nil && as.Source.Kind == "textAnnotation" {
			attachedA[as.Source] = as.Target
		} else if as.Target != nil && as.Target.Kind == "textAnnotation" {
			attachedA[as.Target] = as.Source
		}
	}
	for _, t := range pick(r.a, "textAnnotation") {
		o := r.mt.m[t]
		ok := o != nil && c.sameName(annotationText(o), annotationText(t))
		if ok && attachedA[t] != nil {
			ok = false
			for _, x := range notesB[o] {
				if x == r.mt.m[attachedA[t]] {
					ok = true
				}
			}
		}
		c.add("annotations", ok, "%s", label(t))
	}
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
