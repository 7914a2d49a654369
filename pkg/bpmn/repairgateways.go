package bpmn

import (
	"fmt"
	"regexp"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// fixEventBased turns an event-based gateway whose outgoing flows do not
// all lead to catching events into an exclusive gateway (bpmnlint
// event-based-gateway).
func (g *graph) fixEventBased() {
	for _, n := range g.nodes {
		if n.kind != parse.KindEventBasedGateway {
			continue
		}
		ok := len(n.out) >= 2
		for _, fi := range n.out {
			if k := g.nodes[g.flows[fi].to].kind; k != parse.KindIntermediateCatchEvent && k != parse.KindReceiveTask {
				ok = false
			}
		}
		if !ok {
			n.kind = parse.KindExclusiveGateway
		}
	}
}

// splitImplicitForks puts a gateway after every non-gateway node with
// several outgoing flows: exclusive when the flows carry conditions,
// parallel otherwise (bpmnlint no-implicit-split).
func (g *graph) splitImplicitForks() {
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if nd.isGateway() || len(nd.out) < 2 {
			continue
		}
		kind := parse.KindParallelGateway
		name := ""
		for _, fi := range nd.out {
			if g.flows[fi].name != "" {
				kind = parse.KindExclusiveGateway
				name = decisionName(nd.name)
			}
		}
		gw := g.addNodeBeside(i, &node{id: g.newID("Gateway_", "Split_"+nd.id), kind: kind, name: name})
		for _, fi := range append([]int(nil), nd.out...) {
			g.resource(fi, gw)
		}
		g.addFlow(i, gw, "")
	}
}

// decisionName labels a gateway inserted after a node whose outgoing
// flows carry conditions.
func decisionName(after string) string {
	if after == "" {
		return "Which way?"
	}
	return "Outcome of " + after + "?"
}

// joinImplicitMerges puts an exclusive merge before every non-gateway node
// with several incoming flows (bpmnlint fake-join).
func (g *graph) joinImplicitMerges() {
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if nd.isGateway() || len(nd.in) < 2 {
			continue
		}
		gw := g.addNodeBeside(i, &node{id: g.newID("Gateway_", "Merge_"+nd.id), kind: parse.KindExclusiveGateway})
		for _, fi := range append([]int(nil), nd.in...) {
			g.retarget(fi, gw)
		}
		g.addFlow(gw, i, "")
	}
}

// splitJoinForks splits a gateway that both joins and forks into a
// joining gateway of the same type followed by the forking one (bpmnlint
// no-gateway-join-fork).
func (g *graph) splitJoinForks() {
	n := len(g.nodes)
	for i := 0; i < n; i++ {
		nd := g.nodes[i]
		if !nd.isGateway() || len(nd.in) < 2 || len(nd.out) < 2 {
			continue
		}
		kind := nd.kind
		if kind == parse.KindEventBasedGateway {
			kind = parse.KindExclusiveGateway
		}
		gw := g.addNodeBeside(i, &node{id: g.newID("Gateway_", "Join_"+nd.id), kind: kind})
		for _, fi := range append([]int(nil), nd.in...) {
			g.retarget(fi, gw)
		}
		g.addFlow(gw, i, "")
	}
}

// verbatimConditions keeps the file's conditions and default flows: a
// flow gets a conditionExpression when its file gave it one, and a node's
// default flow stays its default, whatever kind of node it leaves.
func (g *graph) verbatimConditions() {
	for _, n := range g.nodes {
		for _, fi := range n.out {
			f := g.flows[fi]
			f.cond = f.hasExpr
			if f.isDefault && n.defFlow < 0 {
				n.defFlow = fi
			}
		}
	}
}

var defaultLabel = regexp.MustCompile(`(?i)^(else|otherwise|default|in all other cases|other(wise)? cases?)$`)

// conditions decides which flows carry a conditionExpression, which is
// the default, and drops labels BPMN readers would flag as superfluous
// (bpmnlint conditional-flows, label-required, superfluous-label).
func (g *graph) conditions() {
	for _, n := range g.nodes {
		decision := n.kind == parse.KindExclusiveGateway || n.kind == parse.KindInclusiveGateway || n.kind == parse.KindComplexGateway
		if !decision {
			for _, fi := range n.out {
				g.flows[fi].name, g.flows[fi].cond = "", false
			}
			continue
		}
		for _, fi := range n.out {
			if g.flows[fi].isDefault && n.defFlow < 0 && len(n.out) > 1 {
				n.defFlow = fi
			}
		}
		for _, fi := range n.out {
			f := g.flows[fi]
			if f.name == "" || fi == n.defFlow {
				continue
			}
			if defaultLabel.MatchString(f.name) && n.defFlow < 0 && len(n.out) > 1 {
				n.defFlow = fi
				continue
			}
			f.cond = true
		}
		if len(n.out) < 2 {
			continue
		}
		k := 0
		for _, fi := range n.out {
			f := g.flows[fi]
			if f.cond || fi == n.defFlow {
				continue
			}
			if n.defFlow < 0 {
				n.defFlow = fi
				continue
			}
			k++
			f.name = fmt.Sprintf("Path %d", k)
			if t := g.nodes[f.to].name; t != "" {
				f.name = "To " + t
			}
			f.cond = true
		}
		if n.name == "" {
			n.name = decisionName("")
		}
	}
}
