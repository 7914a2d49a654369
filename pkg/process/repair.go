package process

import (
	"fmt"
	"strings"
)

// DefaultPerformer is the lane given to activities nobody was named for.
const DefaultPerformer = "Process Owner"

// Repair fixes, in place and deterministically, everything in the model that
// has one obvious fix: ids are generated and de-duplicated across every kind
// of element, types, triggers and markers normalised, pool and sub-process
// references resolved (parent cycles broken, nesting capped at MaxNesting),
// sequence flows that cross pools turned into message flows (and message
// flows inside one pool into sequence flows), dangling and duplicate links
// dropped, events at message flows made message events (throwing when they
// only send), boundary events settled on their host, missing start/end events
// added to every pool and sub-process, orphaned nodes connected in document
// order within their own pool or sub-process, performers defaulted and
// splits whose branches meet without a join given one. It returns the
// problems that remain (Validate after repair). Repair is idempotent:
// repairing a repaired model changes nothing.
func Repair(m *Model) []Problem {
	// A model handed to Repair is new (a provider's answer, a converted
	// file): it is written in this version. Stored models migrate in Decode.
	m.Version = Version
	r := &repairer{m: m}
	normaliseTypes(m)
	fixNames(m)
	r.fixPools()
	fixIDs(m)
	fixParents(m)
	dropAdHocEdges(m)
	r.settlePools()
	fixParticipants(m)
	fixBoundaries(m)
	fixConnections(m)
	fixData(m)
	fixAnnotations(m)
	ids := allIDs(m)
	addStartEnd(m, ids)
	connect(m, ids)
	balanceGateways(m, ids)
	fixDefaults(m)
	fixFlowIDs(m)
	return m.Validate()
}

// repairer carries what one repair learns early and needs later.
type repairer struct {
	m *Model
	// implicitMain records that, before repair created or un-collapsed
	// pools, nodes with an empty Pool sat in a main pool the model did not
	// list (no pools, or only collapsed ones).
	implicitMain bool
}

// nameUnnamedEnd names an unnamed start or end event "Start" or "End".
func nameUnnamedEnd(e *Event) {
	if e.Name != "" {
		return
	}
	switch e.Type {
	case EventStart:
		e.Name = "Start"
	case EventEnd:
		e.Name = "End"
	}
}

func fixNames(m *Model) {
	for i := range m.Activities {
		a := &m.Activities[i]
		a.Name = strings.TrimSpace(a.Name)
		if a.Name == "" {
			a.Name = fmt.Sprintf("Activity %d", i+1)
		}
		a.Performer = strings.TrimSpace(a.Performer)
		a.Pool = strings.TrimSpace(a.Pool)
		a.Parent = strings.TrimSpace(a.Parent)
	}
	for i := range m.Gateways {
		g := &m.Gateways[i]
		g.Name = strings.TrimSpace(g.Name)
		g.Pool = strings.TrimSpace(g.Pool)
		g.Parent = strings.TrimSpace(g.Parent)
	}
	for i := range m.Events {
		e := &m.Events[i]
		e.Name = strings.TrimSpace(e.Name)
		e.Pool = strings.TrimSpace(e.Pool)
		e.Parent = strings.TrimSpace(e.Parent)
		nameUnnamedEnd(e)
		if e.Trigger == TriggerTimer && e.Timer == "" {
			// "2 weeks" or "Every Monday" as a timer's name is its timer
			e.Timer = e.Name
		}
	}
	for i := range m.Pools {
		p := &m.Pools[i]
		p.ID = strings.TrimSpace(p.ID)
		p.Name = strings.TrimSpace(p.Name)
		if p.Name == "" {
			p.Name = fmt.Sprintf("Pool %d", i+1)
		}
	}
	for i := range m.Participants {
		p := &m.Participants[i]
		p.Pool = strings.TrimSpace(p.Pool)
		p.Parent = strings.TrimSpace(p.Parent)
		p.ID = strings.TrimSpace(p.ID)
	}
	for i := range m.Data {
		d := &m.Data[i]
		d.ID = strings.TrimSpace(d.ID)
		d.Name = strings.TrimSpace(d.Name)
		if d.Name == "" {
			d.Name = fmt.Sprintf("Data %d", i+1)
		}
		d.Pool = strings.TrimSpace(d.Pool)
		d.Parent = strings.TrimSpace(d.Parent)
		if k := squashWords(d.Kind); k == DataStore || k == "datastore" || k == "database" || k == "db" {
			d.Kind = DataStore
		} else {
			d.Kind = DataObject
		}
	}
	for i := range m.Annotations {
		a := &m.Annotations[i]
		a.ID = strings.TrimSpace(a.ID)
		a.Text = strings.TrimSpace(a.Text)
		a.AttachedTo = strings.TrimSpace(a.AttachedTo)
		a.Pool = strings.TrimSpace(a.Pool)
		a.Parent = strings.TrimSpace(a.Parent)
	}
	for i := range m.MessageFlows {
		f := &m.MessageFlows[i]
		f.ID, f.Name = strings.TrimSpace(f.ID), strings.TrimSpace(f.Name)
	}
}
