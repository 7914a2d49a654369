package main

import "github.com/spade-bpmn/spade/pkg/bpmn/parse"

// The phases of Compare, in the order it runs them: per flow node of the
// original, then per kind of connecting and surrounding element.

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
