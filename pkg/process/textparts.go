package process

import (
	"fmt"
	"strings"
)

// expandedPools counts the pools that hold a process of their own.
func expandedPools(m *Model) int {
	n := 0
	for _, p := range m.Pools {
		if !p.Collapsed {
			n++
		}
	}
	return n
}

// writeParticipants lists the lanes; with pools, each pool (a collapsed
// one as an external party) with its lanes and the messages it sends and
// receives.
func writeParticipants(b *strings.Builder, m *Model) {
	if len(m.Pools) == 0 {
		if len(m.Participants) == 0 {
			b.WriteString("- " + none + "\n")
		}
		for _, p := range m.Participants {
			writeLane(b, "", p)
		}
		return
	}
	g := newGraph(m)
	pw := participantWriter{b: b, m: m, g: g, main: m.MainPool(), msgs: messagesByNode(m, g)}
	listed := map[string]bool{}
	for _, p := range m.Pools {
		pk := poolKey(pw.main, p.ID)
		if listed[pk] {
			continue
		}
		listed[pk] = true
		pw.writePool(p, pk)
		pw.writePoolMessages(pk)
	}
	for _, l := range m.Participants {
		if pk := poolKey(pw.main, l.Pool); !listed[pk] {
			writeLane(b, "", l)
		}
	}
}

// writeLane writes one lane, with its description.
func writeLane(b *strings.Builder, ind string, p Participant) {
	if p.Description != "" {
		fmt.Fprintf(b, "%s- %s: %s\n", ind, p.Name, p.Description)
	} else {
		fmt.Fprintf(b, "%s- %s\n", ind, p.Name)
	}
}

// participantWriter writes the participants of a model with pools.
type participantWriter struct {
	b    *strings.Builder
	m    *Model
	g    *graph
	main string
	msgs map[string][]Message
}

// poolOf is the pool (as poolKey) of a node or a pool id; false for
// neither.
func (pw *participantWriter) poolOf(id string) (string, bool) {
	if n, ok := pw.g.node(id); ok {
		p, _ := nodePlace(pw.m, n)
		return poolKey(pw.main, p), true
	}
	for _, p := range pw.m.Pools {
		if p.ID == id {
			return poolKey(pw.main, id), true
		}
	}
	return "", false
}

// writePool writes a pool (a collapsed one as an external party) and its
// lanes.
func (pw *participantWriter) writePool(p Pool, pk string) {
	kind := "pool"
	if p.Collapsed {
		kind = "external party"
	}
	name := poolName(pw.m, p.ID)
	if p.Description != "" {
		fmt.Fprintf(pw.b, "- %s (%s): %s\n", name, kind, p.Description)
	} else {
		fmt.Fprintf(pw.b, "- %s (%s)\n", name, kind)
	}
	for _, l := range pw.m.Participants {
		if poolKey(pw.main, l.Pool) == pk {
			writeLane(pw.b, "  ", l)
		}
	}
}

// writePoolMessages writes each message under both parties, from their
// side: "Pay claim: sends Payment to Customer".
func (pw *participantWriter) writePoolMessages(pk string) {
	m, g := pw.m, pw.g
	own := func(id string) string {
		if g.has(id) {
			return orNone(g.name(m, id), id) + ": "
		}
		return ""
	}
	for _, f := range m.MessageFlows {
		if sp, ok := pw.poolOf(f.Source); ok && sp == pk {
			for _, msg := range pw.msgs[f.Source] {
				if msg.Sends && msg.PartnerID == f.Target && msg.Name == f.Name {
					msg.PartnerName = ""
					fmt.Fprintf(pw.b, "  - %s%s\n", own(f.Source), messageLine(msg))
					break
				}
			}
		}
		if tp, ok := pw.poolOf(f.Target); ok && tp == pk {
			for _, msg := range pw.msgs[f.Target] {
				if !msg.Sends && msg.PartnerID == f.Source && msg.Name == f.Name {
					msg.PartnerName = ""
					fmt.Fprintf(pw.b, "  - %s%s\n", own(f.Target), messageLine(msg))
					break
				}
			}
		}
	}
}

// messageLine reads a message flow from one end: "sends Invoice to
// Customer", "receives Payment from Bank (Transfer money)".
func messageLine(msg Message) string {
	name := orNone(msg.Name, "a message")
	partner := msg.PartnerPool
	if msg.PartnerName != "" && msg.PartnerName != msg.PartnerPool {
		partner = fmt.Sprintf("%s (%s)", msg.PartnerPool, msg.PartnerName)
	}
	if msg.Sends {
		return fmt.Sprintf("sends %s to %s", name, partner)
	}
	return fmt.Sprintf("receives %s from %s", name, partner)
}

// plainEdge reports whether a start or end step says nothing beyond its
// kind, so that it can be left out inside a sub-process.
func plainEdge(s Step, def string) bool {
	return (s.Name == "" || s.Name == def) && (s.Trigger == "" || s.Trigger == TriggerNone)
}

// eventSuffix describes an event's trigger: " (timer, 2 weeks)",
// " (message, sends)", "" for a none event.
func eventSuffix(s Step) string {
	if s.Trigger == "" || s.Trigger == TriggerNone {
		return ""
	}
	parts := []string{s.Trigger}
	if s.Timer != "" && s.Timer != s.Name {
		parts = append(parts, s.Timer)
	}
	if s.Throw {
		switch s.Trigger {
		case TriggerMessage:
			parts = append(parts, "sends")
		case TriggerSignal, TriggerEscalation, TriggerCompensation, TriggerLink, TriggerMultiple:
			parts = append(parts, "throws")
		}
	}
	if s.Kind == StepStart && s.NonInterrupting {
		parts = append(parts, "non-interrupting")
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// activityNotes marks what a plain name does not say: sub-processes, call
// activities, loops and multi-instance work.
func activityNotes(s Step) string {
	var notes []string
	switch s.ActivityType {
	case ActivitySubProcess:
		notes = append(notes, "sub-process")
	case ActivityEventSubProcess:
		notes = append(notes, "event sub-process")
	case ActivityTransaction:
		notes = append(notes, "transaction")
	case ActivityAdHoc:
		notes = append(notes, "ad-hoc sub-process")
	case ActivityCall:
		if s.CalledElement != "" {
			notes = append(notes, "calls "+s.CalledElement)
		} else {
			notes = append(notes, "call activity")
		}
	}
	switch s.Marker {
	case MarkerLoop:
		notes = append(notes, "repeats")
	case MarkerParallel:
		notes = append(notes, "for each item, in parallel")
	case MarkerSequential:
		notes = append(notes, "for each item, one after another")
	}
	if len(notes) == 0 {
		return ""
	}
	return " [" + strings.Join(notes, "; ") + "]"
}

// performerOf names who does a step: the lane, prefixed by the pool when
// the collaboration has several pools that hold processes.
func performerOf(m *Model, s Step, multiPool bool) string {
	if !multiPool {
		return s.Performer
	}
	pool := s.Pool
	if pool == "" {
		pool = m.MainPool()
	}
	name := poolName(m, pool)
	if s.Performer == "" {
		return name
	}
	return name + ": " + s.Performer
}

// boundaryLine reads a boundary event: "If Deadline passed (timer, 2
// weeks, interrupting) → Escalate".
func boundaryLine(bd Boundary) string {
	parts := []string{}
	if bd.Trigger != "" && bd.Trigger != TriggerNone {
		parts = append(parts, bd.Trigger)
	}
	if bd.Timer != "" && bd.Timer != bd.Name {
		parts = append(parts, bd.Timer)
	}
	if bd.NonInterrupting {
		parts = append(parts, "non-interrupting")
	} else {
		parts = append(parts, "interrupting")
	}
	var targets []string
	for _, br := range bd.Branches {
		targets = append(targets, br.TargetName)
	}
	to := "End"
	if len(targets) > 0 {
		to = strings.Join(targets, " / ")
	}
	return fmt.Sprintf("If %s (%s) → %s", orNone(bd.Name, orNone(bd.Trigger, "interrupted")), strings.Join(parts, ", "), to)
}

// writeActivityExtras adds the lines only version 2 models have: the
// sub-process the activity belongs to, its pool, type and marker, boundary
// events and messages.
func writeActivityExtras(b *strings.Builder, m *Model, s Step, multiPool bool) {
	if s.Parent != "" {
		fmt.Fprintf(b, "   Part of: %s\n", s.ParentName)
	}
	if multiPool {
		pool := s.Pool
		if pool == "" {
			pool = m.MainPool()
		}
		fmt.Fprintf(b, "   Pool: %s\n", poolName(m, pool))
	}
	if notes := activityNotes(s); notes != "" {
		fmt.Fprintf(b, "   Kind: %s\n", strings.Trim(notes, " []"))
	}
	for _, bd := range s.Boundaries {
		fmt.Fprintf(b, "   Boundary event: %s\n", boundaryLine(bd))
	}
	for _, msg := range s.Messages {
		fmt.Fprintf(b, "   Message: %s\n", messageLine(msg))
	}
}

// SIPOCOf returns the activity's SIPOC with what the model's links add,
// without repeating what the SIPOC already lists (case-insensitively): the
// data it reads join its inputs and the data it writes its outputs; a
// message it receives joins its inputs (by the message's name) and its
// suppliers (the sending pool), a message it sends its outputs and
// customers.
func (m *Model) SIPOCOf(a Activity) SIPOC {
	return newLinkIndex(m).sipoc(a)
}

// linkIndex holds what SIPOCOf needs, built once for a whole rendering.
type linkIndex struct {
	m     *Model
	names map[string]string // data id → name
	msgs  map[string][]Message
}

func newLinkIndex(m *Model) *linkIndex {
	x := &linkIndex{m: m, names: map[string]string{}}
	for _, d := range m.Data {
		if _, ok := x.names[d.ID]; !ok {
			x.names[d.ID] = d.Name
		}
	}
	if len(m.MessageFlows) > 0 {
		x.msgs = messagesByNode(m, newGraph(m))
	}
	return x
}

func (x *linkIndex) sipoc(a Activity) SIPOC {
	m, names := x.m, x.names
	if len(m.DataAssociations) == 0 && len(m.MessageFlows) == 0 {
		return a.SIPOC
	}
	var sup, in, out, cust dedup
	sup.add(a.SIPOC.Suppliers...)
	in.add(a.SIPOC.Inputs...)
	out.add(a.SIPOC.Outputs...)
	cust.add(a.SIPOC.Customers...)
	for _, da := range m.DataAssociations {
		if da.Target == a.ID {
			if n, ok := names[da.Source]; ok {
				in.add(n)
			}
		}
		if da.Source == a.ID {
			if n, ok := names[da.Target]; ok {
				out.add(n)
			}
		}
	}
	if len(m.MessageFlows) > 0 {
		for _, msg := range x.msgs[a.ID] {
			if msg.Sends {
				out.add(msg.Name)
				cust.add(msg.PartnerPool)
			} else {
				in.add(msg.Name)
				sup.add(msg.PartnerPool)
			}
		}
	}
	s := a.SIPOC
	for _, f := range []struct {
		d   *dedup
		dst *[]string
	}{{&sup, &s.Suppliers}, {&in, &s.Inputs}, {&out, &s.Outputs}, {&cust, &s.Customers}} {
		if len(f.d.list) > 0 {
			*f.dst = f.d.list
		}
	}
	return s
}
