package text

import (
	"slices"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// phaseModel is a small model for collaborate's phases: one activity per
// performer/verb/customer/supplier row, in a straight chain.
func phaseModel(rows [][4]string) (*process.Model, map[string]*draft) {
	m := &process.Model{ProcessName: "P"}
	drafts := map[string]*draft{}
	m.Events = append(m.Events, process.Event{ID: "S", Type: process.EventStart}, process.Event{ID: "E", Type: process.EventEnd})
	prev := "S"
	for i, r := range rows {
		id := string(rune('A' + i))
		a := process.Activity{ID: id, Name: r[1], Performer: r[0]}
		d := &draft{verb: r[1], performer: r[0]}
		if r[2] != "" {
			a.SIPOC.Customers = []string{r[2]}
			d.custs = []string{r[2]}
		}
		if r[3] != "" {
			a.SIPOC.Suppliers = []string{r[3]}
			d.suppliers = []string{r[3]}
		}
		m.Activities = append(m.Activities, a)
		drafts[id] = d
		m.Flows = append(m.Flows, process.Flow{ID: "F" + id, Source: prev, Target: id})
		prev = id
	}
	m.Flows = append(m.Flows, process.Flow{ID: "Fend", Source: prev, Target: "E"})
	return m, drafts
}

func TestCollaborationFindParties(t *testing.T) {
	tests := []struct {
		name string
		rows [][4]string
		ext  []string
		home bool // findHome lets the model have pools
	}{
		{"one outside performer", [][4]string{{"Clerk", "check", "", ""}, {"Suppliers", "send", "", ""}, {"Supplier", "sign", "", ""}}, []string{"Suppliers"}, true},
		{"no outside performer", [][4]string{{"Clerk", "check", "", ""}}, nil, true},
		{"only one outside performer: told from its side", [][4]string{{"Customer", "order", "", ""}, {"Customer", "pay", "", ""}}, []string{"Customer"}, false},
		{"the busiest outside-looking performer is ours", [][4]string{{"Insurer", "check", "", ""}, {"Insurer", "pay", "", ""}, {"Tenant", "send", "", ""}}, []string{"Tenant"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, drafts := phaseModel(tt.rows)
			c := newCollaboration(m, drafts, partyCues{})
			c.findParties()
			home := c.findHome()
			if got := sortedKeys(c.ext); home && !slices.Equal(got, tt.ext) {
				t.Errorf("ext = %v, want %v", got, tt.ext)
			}
			if home != tt.home {
				t.Errorf("findHome = %v, want %v", home, tt.home)
			}
		})
	}
}

func TestCollaborationReceiversAndSources(t *testing.T) {
	tests := []struct {
		name               string
		rows               [][4]string
		receivers, sources []string
	}{
		{"sent to", [][4]string{{"Clerk", "send", "Customer", ""}}, []string{"Customer"}, nil},
		{"checked for: no message", [][4]string{{"Clerk", "check", "Customer", ""}}, nil, nil},
		{"ordered from", [][4]string{{"Buyer", "order", "", "Wholesaler"}}, nil, []string{"Wholesaler"}},
		{"a receiver is no source", [][4]string{{"Clerk", "send", "Vendor", ""}, {"Clerk", "get", "", "Vendor"}}, []string{"Vendor"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, drafts := phaseModel(tt.rows)
			c := newCollaboration(m, drafts, partyCues{})
			c.findParties()
			c.findReceivers()
			c.findSources()
			if got := sortedKeys(c.receivers); !slices.Equal(got, tt.receivers) {
				t.Errorf("receivers = %v, want %v", got, tt.receivers)
			}
			if got := sortedKeys(c.sources); !slices.Equal(got, tt.sources) {
				t.Errorf("sources = %v, want %v", got, tt.sources)
			}
		})
	}
}

func TestCollaborationPoolsAndMessages(t *testing.T) {
	m, drafts := phaseModel([][4]string{{"Clerk", "send", "Supplier", ""}, {"Supplier", "sign", "", ""}, {"Clerk", "file", "", ""}})
	c := newCollaboration(m, drafts, partyCues{})
	c.findParties()
	c.findReceivers()
	c.makePools()
	if len(m.Pools) != 2 || m.Pools[1].Name != "Supplier" || m.Pools[1].Collapsed {
		t.Fatalf("pools = %+v, want the main pool and an open Supplier pool", m.Pools)
	}
	c.addMsg("x", "A", "B")
	c.addMsg("y", "A", "B")
	if len(c.msgs) != 1 {
		t.Errorf("addMsg kept %d flows for one source and target, want 1", len(c.msgs))
	}
	before := c.snapshot()
	c.moveSteps()
	if got := m.Activities[1].Pool; got != m.Pools[1].ID {
		t.Errorf("the supplier's step is in pool %q, want %q", got, m.Pools[1].ID)
	}
	if !slices.Equal(c.chains["Supplier"], []string{"B"}) {
		t.Errorf("chain = %v, want [B]", c.chains["Supplier"])
	}
	hasMsg := func(from, to string) bool {
		return slices.ContainsFunc(c.msgs, func(f process.MessageFlow) bool { return f.Source == from && f.Target == to })
	}
	if !hasMsg("A", "B") || !hasMsg("B", "C") {
		t.Errorf("messages = %+v, want A→B and B→C", c.msgs)
	}
	c.poolFlows(nil, before)
	starts := 0
	for _, e := range m.Events {
		if e.Pool == m.Pools[1].ID && e.Type == process.EventStart {
			starts++
		}
	}
	if starts != 1 {
		t.Errorf("the supplier's pool has %d start events, want 1", starts)
	}
}

func TestCollaborationPoolFlowsChoice(t *testing.T) {
	m, drafts := phaseModel([][4]string{{"Vendor", "accept", "", ""}, {"Vendor", "decline", "", ""}})
	c := newCollaboration(m, drafts, partyCues{})
	c.ext["Vendor"] = true
	c.makePools()
	c.chains["Vendor"] = []string{"A", "B"}
	gws := len(m.Gateways)
	c.chainFlows(m.Pools[1], c.chains["Vendor"], map[string]partyChoice{"A": {split: "G", name: "Accept?", label: "yes"}, "B": {split: "G", label: "no"}})
	if len(m.Gateways) != gws+2 {
		t.Fatalf("gateways = %+v, want a split and a join in the vendor's pool", m.Gateways)
	}
	if m.Gateways[gws].Name != "Accept?" || m.Gateways[gws].Pool != m.Pools[1].ID {
		t.Errorf("split = %+v", m.Gateways[gws])
	}
}
