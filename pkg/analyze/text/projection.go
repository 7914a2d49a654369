package text

import (
	"fmt"

	"github.com/spade-bpmn/spade/pkg/process"
)

// projection is the organisation's flow as it was before the parties'
// steps left it, seen from one party: the party's own steps, the
// decisions and parallel splits around them, the start and the ends;
// everything else is passed over. A party that decides ("The bank either
// approves the loan or rejects it. If it rejects it, it sends a rejection
// letter …") keeps its branches in its pool instead of one chain that
// runs through approval and rejection alike.
type projection struct {
	edges map[string][]projEdge // node → its successors, in order
	keep  map[string]bool
}

// projEdge is a flow of a projection, with the condition of the flow
// leaving a decision.
type projEdge struct{ to, cond string }

// project projects flows onto steps: nodes kept are steps, gateways and
// the start and end events given; it returns nil when no step can be
// reached from a start.
func project(flows []process.Flow, steps []string, gateways map[string]process.Gateway, starts, ends []string) *projection {
	p := &projection{edges: map[string][]projEdge{}, keep: map[string]bool{}}
	for _, s := range steps {
		p.keep[s] = true
	}
	for id := range gateways {
		p.keep[id] = true
	}
	for _, s := range append(append([]string(nil), starts...), ends...) {
		p.keep[s] = true
	}
	next := map[string][]process.Flow{}
	for _, f := range flows {
		next[f.Source] = append(next[f.Source], f)
	}
	// each kept node's successors: the kept nodes reached over others
	var from []string
	from = append(from, starts...)
	from = append(from, steps...)
	for id := range gateways {
		from = append(from, id)
	}
	for _, n := range from {
		seen := map[string]bool{n: true}
		for _, f := range next[n] {
			cond := f.Condition
			stack := []string{f.Target}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if p.keep[x] {
					p.add(n, x, cond)
					continue
				}
				if seen[x] {
					continue
				}
				seen[x] = true
				for _, g := range next[x] {
					stack = append(stack, g.Target)
				}
			}
		}
	}
	p.simplify(gateways)
	if len(ends) > 0 {
		// decisions after the party's last step lead to no step of its
		// own: for the party they are the end
		p.endWhereNoStep(gateways, steps, ends[0])
		p.simplify(gateways)
	}
	// a step reached from a start
	reached := map[string]bool{}
	stack := append([]string(nil), starts...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reached[x] {
			continue
		}
		reached[x] = true
		for _, e := range p.edges[x] {
			stack = append(stack, e.to)
		}
	}
	for _, s := range steps {
		if !reached[s] {
			return nil
		}
	}
	return p
}

// endWhereNoStep sends the flows into a gateway from which no step is
// reachable to end instead, and drops the gateway.
func (p *projection) endWhereNoStep(gateways map[string]process.Gateway, steps []string, end string) {
	prev := map[string][]string{}
	for from, es := range p.edges {
		if !p.keep[from] {
			continue
		}
		for _, e := range es {
			prev[e.to] = append(prev[e.to], from)
		}
	}
	reaches := map[string]bool{}
	stack := append([]string(nil), steps...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range prev[x] {
			if !reaches[y] {
				reaches[y] = true
				stack = append(stack, y)
			}
		}
	}
	dead := map[string]bool{}
	for id := range gateways {
		if p.keep[id] && !reaches[id] {
			dead[id] = true
		}
	}
	if len(dead) == 0 {
		return
	}
	for from, es := range p.edges {
		if dead[from] {
			continue
		}
		for i, e := range es {
			if dead[e.to] {
				es[i].to = end
			}
		}
		p.edges[from] = dedupeEdges(es)
	}
	for id := range dead {
		delete(p.keep, id)
		delete(p.edges, id)
	}
}

// add adds the flow from → to unless it is there.
func (p *projection) add(from, to, cond string) {
	for _, e := range p.edges[from] {
		if e.to == to {
			return
		}
	}
	p.edges[from] = append(p.edges[from], projEdge{to, cond})
}

// simplify drops what passing over other steps left behind: a gateway
// looping to itself, one with one way in and one way out, one no way
// leaves.
func (p *projection) simplify(gateways map[string]process.Gateway) {
	for changed := true; changed; {
		changed = false
		in := map[string]int{}
		for from, es := range p.edges {
			if !p.keep[from] {
				continue
			}
			for _, e := range es {
				in[e.to]++
			}
		}
		for id := range gateways {
			if !p.keep[id] {
				continue
			}
			es := p.edges[id]
			var out []projEdge
			for _, e := range es {
				if e.to != id {
					out = append(out, e)
				} else {
					in[id]--
					changed = true
				}
			}
			p.edges[id] = out
			if len(out) == 0 || in[id] == 0 || (in[id] == 1 && len(out) == 1) {
				// pass the gateway over: its predecessors go to its one
				// successor (or, with none, it goes)
				for from, es := range p.edges {
					if !p.keep[from] || from == id {
						continue
					}
					var kept []projEdge
					for _, e := range es {
						if e.to == id {
							if len(out) == 1 && in[id] == 1 {
								kept = append(kept, projEdge{out[0].to, e.cond})
							}
							continue
						}
						kept = append(kept, e)
					}
					p.edges[from] = dedupeEdges(kept)
				}
				delete(p.keep, id)
				delete(p.edges, id)
				changed = true
			}
		}
	}
}

// dedupeEdges keeps the first flow to each target.
func dedupeEdges(es []projEdge) []projEdge {
	var out []projEdge
	seen := map[string]bool{}
	for _, e := range es {
		if !seen[e.to] {
			seen[e.to] = true
			out = append(out, e)
		}
	}
	return out
}

// projectedFlows draws a party's pool from its projection: its gateways
// copied, one start and one end, and the message catches added for it
// (extra) between its last steps and its end.
func (c *collaboration) projectedFlows(p process.Pool, proj *projection, gateways map[string]process.Gateway, starts, ends, extra []string) {
	m := c.m
	start, end := c.poolEnds(p)
	last := end
	if len(extra) > 0 {
		last = extra[0]
		for i := 0; i+1 < len(extra); i++ {
			c.poolFlow(p, extra[i], extra[i+1], "")
		}
		c.poolFlow(p, extra[len(extra)-1], end, "")
	}
	isStart, isEnd := map[string]bool{}, map[string]bool{}
	for _, s := range starts {
		isStart[s] = true
	}
	for _, e := range ends {
		isEnd[e] = true
	}
	name := map[string]string{}
	who := p.Name
	for _, id := range sortedKeys(proj.keep) {
		switch {
		case isStart[id]:
			name[id] = start
		case isEnd[id]:
			name[id] = last
		default:
			if gw, ok := gateways[id]; ok {
				nid := fmt.Sprintf("Gateway_%s_%d", p.ID, len(m.Gateways)+1)
				if gw.Type == process.GatewayEventBased {
					gw.Type = process.GatewayExclusive // the events it waited on stayed with the organisation
				}
				m.Gateways = append(m.Gateways, process.Gateway{ID: nid, Type: gw.Type, Name: gw.Name, Performer: who, Pool: p.ID})
				name[id] = nid
			} else {
				name[id] = id
			}
		}
	}
	for _, st := range starts {
		if es := proj.edges[st]; len(es) > 1 {
			// a way that never reaches the party's steps is no way of
			// its pool
			var kept []projEdge
			for _, e := range es {
				if !isEnd[e.to] {
					kept = append(kept, e)
				}
			}
			if len(kept) > 0 {
				es = kept
				proj.edges[st] = kept
			}
		}
		if es := proj.edges[st]; len(es) > 1 {
			// the party starts with one of several steps, by what it
			// receives: a choice, not parallel work
			split := fmt.Sprintf("Gateway_%s_%d", p.ID, len(m.Gateways)+1)
			m.Gateways = append(m.Gateways, process.Gateway{ID: split, Type: process.GatewayExclusive, Name: receivedChoice, Performer: who, Pool: p.ID})
			proj.keep[split] = true
			name[split] = split
			proj.edges[split] = es
			proj.edges[st] = []projEdge{{to: split}}
			gateways[split] = process.Gateway{ID: split}
		}
	}
	seen := map[[2]string]bool{}
	for _, from := range sortedKeys(proj.keep) {
		for _, e := range proj.edges[from] {
			s, t := name[from], name[e.to]
			if s == "" || t == "" || seen[[2]string{s, t}] {
				continue
			}
			seen[[2]string{s, t}] = true
			cond := ""
			if _, ok := gateways[from]; ok {
				cond = e.cond
			}
			c.poolFlow(p, s, t, cond)
		}
	}
}
