package graphgen

import (
	"fmt"
	"math/rand/v2"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Collaboration returns a collaboration of about n flow nodes, the same
// for the same n and seed: a collapsed customer pool, an organisation
// with lanes and a partner organisation, each expanded pool holding a
// random process; some tasks become expanded sub-processes with a small
// process inside, some get a boundary event (timer or error) with an
// exception path to its own end; send and receive tasks exchange message
// flows between the pools and with the customer.
func Collaboration(n int, seed uint64) *process.Model {
	r := rand.New(rand.NewPCG(seed, uint64(n)^0xc011ab))
	main := Model(max(3, n*2/3), seed)
	partner := Model(max(3, n-n*2/3), seed+1000)
	m := &process.Model{Version: process.Version, ProcessName: fmt.Sprintf("Random collaboration %d", n),
		Pools: []process.Pool{{ID: "Customer", Name: "Customer", Collapsed: true}, {ID: "Org", Name: "Organisation"}, {ID: "Partner", Name: "Partner"}}}
	add := func(src *process.Model, pool, prefix string, lanes bool) {
		ren := func(id string) string { return prefix + id }
		for _, p := range src.Participants {
			if lanes {
				m.Participants = append(m.Participants, process.Participant{Name: p.Name, Pool: pool})
			}
		}
		perf := func(s string) string {
			if lanes {
				return s
			}
			return ""
		}
		for _, a := range src.Activities {
			a.ID, a.Pool, a.Performer = ren(a.ID), pool, perf(a.Performer)
			m.Activities = append(m.Activities, a)
		}
		for _, g := range src.Gateways {
			g.ID, g.Pool, g.Performer = ren(g.ID), pool, perf(g.Performer)
			m.Gateways = append(m.Gateways, g)
		}
		for _, e := range src.Events {
			e.ID, e.Pool, e.Performer = ren(e.ID), pool, perf(e.Performer)
			m.Events = append(m.Events, e)
		}
		for _, f := range src.Flows {
			f.ID, f.Source, f.Target = ren(f.ID), ren(f.Source), ren(f.Target)
			m.Flows = append(m.Flows, f)
		}
	}
	add(main, "Org", "o", true)
	add(partner, "Partner", "p", false)
	var org, part []int
	for i, a := range m.Activities {
		if a.Pool == "Org" {
			org = append(org, i)
		} else {
			part = append(part, i)
		}
	}
	seq := 0
	next := func(p string) string { seq++; return fmt.Sprintf("%s%d", p, seq) }
	n0 := len(m.Activities)
	for k := 0; k < n0; k++ {
		a := &m.Activities[k]
		switch x := r.IntN(20); {
		case x == 0 && a.Pool == "Org":
			// an expanded sub-process with start → two tasks → end inside
			a.Type = process.ActivitySubProcess
			s, t1, t2, e := next("ss"), next("st"), next("st"), next("se")
			m.Events = append(m.Events, process.Event{ID: s, Type: process.EventStart, Name: "Begin", Pool: a.Pool, Parent: a.ID},
				process.Event{ID: e, Type: process.EventEnd, Name: "Finished", Pool: a.Pool, Parent: a.ID})
			m.Activities = append(m.Activities, process.Activity{ID: t1, Name: "Step " + t1, Pool: m.Activities[k].Pool, Parent: m.Activities[k].ID},
				process.Activity{ID: t2, Name: "Step " + t2, Pool: m.Activities[k].Pool, Parent: m.Activities[k].ID})
			m.Flows = append(m.Flows, process.Flow{ID: next("sf"), Source: s, Target: t1}, process.Flow{ID: next("sf"), Source: t1, Target: t2}, process.Flow{ID: next("sf"), Source: t2, Target: e})
		case x <= 2:
			// a boundary event with its exception path
			b, h, e := next("b"), next("h"), next("he")
			trig, timer := process.TriggerTimer, "P2D"
			if x == 2 {
				trig, timer = process.TriggerError, ""
			}
			m.Events = append(m.Events, process.Event{ID: b, Type: process.EventBoundary, Trigger: trig, Timer: timer, Name: "Exception " + b, AttachedTo: a.ID, NonInterrupting: x == 1, Pool: a.Pool, Performer: a.Performer},
				process.Event{ID: e, Type: process.EventEnd, Name: "Handled", Pool: a.Pool, Performer: a.Performer})
			m.Activities = append(m.Activities, process.Activity{ID: h, Name: "Handle " + b, Pool: m.Activities[k].Pool, Performer: m.Activities[k].Performer})
			m.Flows = append(m.Flows, process.Flow{ID: next("bf"), Source: b, Target: h}, process.Flow{ID: next("bf"), Source: h, Target: e})
		}
	}
	// message flows: sends from the organisation to the partner and back,
	// between steps at about the same point of both processes (as in
	// real exchanges: request, then answer), and exchanges with the
	// customer
	msgs := max(1, n/10)
	for k := 0; k < msgs && len(org) > 0 && len(part) > 0; k++ {
		f := (float64(k) + r.Float64()) / float64(msgs)
		a, b := &m.Activities[org[int(f*float64(len(org)))]], &m.Activities[part[int(f*float64(len(part)))]]
		src, dst := a, b
		if r.IntN(2) == 0 {
			src, dst = b, a
		}
		if src.Type == "" {
			src.Type = process.ActivitySend
		}
		if dst.Type == "" {
			dst.Type = process.ActivityReceive
		}
		m.MessageFlows = append(m.MessageFlows, process.MessageFlow{ID: next("m"), Name: "Message", Source: src.ID, Target: dst.ID})
	}
	for k := 0; k < max(1, msgs/2) && len(org) > 0; k++ {
		a := m.Activities[org[r.IntN(len(org))]]
		mf := process.MessageFlow{ID: next("c"), Source: a.ID, Target: "Customer"}
		if k%2 == 1 {
			mf.Source, mf.Target = "Customer", a.ID
		}
		m.MessageFlows = append(m.MessageFlows, mf)
	}
	return m
}
