package process

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// shop is a valid version 2 collaboration: a shop (two lanes) serving a
// customer drawn as a collapsed pool, with message flows both ways, a
// decision with a default branch, an expanded sub-process holding a
// multi-instance task, a timer boundary event on it, a timer wait, and a
// data object and a data store.
func shop() Model {
	return Model{
		Version:        Version,
		ProcessName:    "Order fulfilment",
		ProcessPurpose: "Ship what customers order, or tell them why not.",
		Pools: []Pool{
			{ID: "p_shop", Name: "Shop"},
			{ID: "p_cust", Name: "Customer", Collapsed: true, Description: "Orders online"},
		},
		Participants: []Participant{{Name: "Sales", Description: "Takes orders"}, {Name: "Warehouse"}},
		Activities: []Activity{
			{ID: "a1", Name: "Receive order", Type: ActivityReceive, Performer: "Sales", WorkMinutes: 2},
			{ID: "a2", Name: "Check stock", Performer: "Sales", SIPOC: SIPOC{Inputs: []string{"order"}, Systems: []string{"ERP"}}, WorkMinutes: 5},
			{ID: "a3", Name: "Prepare parcel", Type: ActivitySubProcess, Performer: "Warehouse"},
			{ID: "a31", Name: "Pick item", Marker: MarkerParallel, Performer: "Warehouse", Parent: "a3", WorkMinutes: 3},
			{ID: "a32", Name: "Pack parcel", Performer: "Warehouse", Parent: "a3", WorkMinutes: 10, SIPOC: SIPOC{Outputs: []string{"Parcel"}}},
			{ID: "a4", Name: "Cancel order", Type: ActivitySend, Performer: "Sales"},
			{ID: "a5", Name: "Ship parcel", Type: ActivitySend, Performer: "Warehouse", WaitMinutes: 1440},
		},
		Gateways: []Gateway{{ID: "g1", Type: GatewayExclusive, Name: "All items in stock?", Performer: "Sales"}},
		Events: []Event{
			{ID: "s", Type: EventStart, Trigger: TriggerMessage, Name: "Order received"},
			{ID: "s3", Type: EventStart, Name: "Start", Parent: "a3"},
			{ID: "e3", Type: EventEnd, Name: "End", Parent: "a3"},
			{ID: "b1", Type: EventBoundary, Trigger: TriggerTimer, Name: "Picking takes too long", Timer: "2 days", AttachedTo: "a3", Performer: "Warehouse"},
			{ID: "w", Type: EventIntermediate, Trigger: TriggerTimer, Name: "Return period over", Timer: "14 days"},
			{ID: "e1", Type: EventEnd, Name: "Order shipped"},
			{ID: "e2", Type: EventEnd, Name: "Order cancelled"},
		},
		Flows: []Flow{
			{ID: "f1", Source: "s", Target: "a1"},
			{ID: "f2", Source: "a1", Target: "a2"},
			{ID: "f3", Source: "a2", Target: "g1"},
			{ID: "f4", Source: "g1", Target: "a3", Condition: "Yes"},
			{ID: "f5", Source: "g1", Target: "a4", Condition: "No", Default: true},
			{ID: "f6", Source: "a3", Target: "a5"},
			{ID: "f7", Source: "a5", Target: "w"},
			{ID: "f8", Source: "w", Target: "e1"},
			{ID: "f9", Source: "a4", Target: "e2"},
			{ID: "f10", Source: "b1", Target: "a4"},
			{ID: "f11", Source: "s3", Target: "a31"},
			{ID: "f12", Source: "a31", Target: "a32"},
			{ID: "f13", Source: "a32", Target: "e3"},
		},
		MessageFlows: []MessageFlow{
			{ID: "m1", Name: "Order", Source: "p_cust", Target: "a1"},
			{ID: "m2", Name: "Cancellation", Source: "a4", Target: "p_cust"},
			{ID: "m3", Name: "Parcel", Source: "a5", Target: "p_cust"},
		},
		Data: []Data{{ID: "d1", Name: "Order", Kind: DataObject, Performer: "Sales"}, {ID: "d2", Name: "Stock list", Kind: DataStore, Performer: "Sales"}},
		DataAssociations: []DataAssociation{
			{ID: "da1", Source: "a1", Target: "d1"},
			{ID: "da2", Source: "d1", Target: "a2"},
			{ID: "da3", Source: "d2", Target: "a2"},
		},
		Annotations: []Annotation{{ID: "n1", Text: "Picking follows the pick list order.", AttachedTo: "a31", Parent: "a3"}},
	}
}

func TestShopIsValidAndRepairKeepsIt(t *testing.T) {
	t.Parallel()
	m := shop()
	if ps := m.Validate(); len(ps) != 0 {
		t.Fatalf("shop model not valid: %v", ps)
	}
	before, _ := json.Marshal(m)
	if ps := Repair(&m); len(ps) != 0 {
		t.Fatalf("repair left %v", ps)
	}
	after, _ := json.Marshal(m)
	if string(before) != string(after) {
		t.Errorf("repair changed a valid model:\n%s\n%s", before, after)
	}
}

// node looks a flow node up by id for the checks below.
func findEvent(m Model, id string) (Event, bool) {
	for _, e := range m.Events {
		if e.ID == id {
			return e, true
		}
	}
	return Event{}, false
}

func findActivity(m Model, id string) (Activity, bool) {
	for _, a := range m.Activities {
		if a.ID == id {
			return a, true
		}
	}
	return Activity{}, false
}

func hasFlow(m Model, s, t string) bool {
	for _, f := range m.Flows {
		if f.Source == s && f.Target == t {
			return true
		}
	}
	return false
}

func hasMessage(m Model, s, t string) bool {
	for _, f := range m.MessageFlows {
		if f.Source == s && f.Target == t {
			return true
		}
	}
	return false
}

// containerOf names the pool/sub-process world of a node id.
func containerOf(m Model, id string) string {
	g := newGraph(&m)
	return g.cont[id]
}

func TestRepairV2(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		model  func() Model
		check  func(t *testing.T, m Model)
		remain []string
	}{
		{
			name: "message flow inside one pool becomes a sequence flow",
			model: func() Model {
				m := shop()
				m.Flows = append(m.Flows[:1], m.Flows[2:]...) // drop a1 → a2
				m.MessageFlows = append(m.MessageFlows, MessageFlow{ID: "mx", Name: "Order details", Source: "a1", Target: "a2"})
				return m
			},
			check: func(t *testing.T, m Model) {
				if hasMessage(m, "a1", "a2") || !hasFlow(m, "a1", "a2") {
					t.Errorf("want sequence flow a1 → a2 instead of a message flow: %+v %+v", m.Flows, m.MessageFlows)
				}
			},
		},
		{
			name: "message flow into a start event of the same pool is dropped",
			model: func() Model {
				m := shop()
				m.MessageFlows = append(m.MessageFlows, MessageFlow{ID: "mx", Source: "a2", Target: "s"})
				return m
			},
			check: func(t *testing.T, m Model) {
				if hasMessage(m, "a2", "s") || hasFlow(m, "a2", "s") {
					t.Error("the link a2 → start survived")
				}
			},
		},
		{
			name: "sequence flow between pools becomes a message flow",
			model: func() Model {
				m := shop()
				m.Pools[1].Collapsed = false
				m.Activities = append(m.Activities, Activity{ID: "c1", Name: "Pay order", Pool: "p_cust"})
				m.Flows = append(m.Flows, Flow{ID: "fx", Source: "c1", Target: "a1", Condition: "Payment"})
				return m
			},
			check: func(t *testing.T, m Model) {
				if hasFlow(m, "c1", "a1") || !hasMessage(m, "c1", "a1") {
					t.Errorf("want message flow c1 → a1: %+v", m.MessageFlows)
				}
				for _, f := range m.MessageFlows {
					if f.Source == "c1" && f.Name != "Payment" {
						t.Errorf("message flow lost its name: %+v", f)
					}
				}
				// the customer's pool got its own start and end, and c1
				// is connected inside it only
				for _, f := range m.Flows {
					if (f.Source == "c1" || f.Target == "c1") && containerOf(m, f.Source) != containerOf(m, f.Target) {
						t.Errorf("flow %+v crosses pools", f)
					}
				}
				if !hasFlowFrom(m, "c1") || !hasFlowTo(m, "c1") {
					t.Errorf("c1 not connected in its pool: %+v", m.Flows)
				}
			},
		},
		{
			name: "flow out of a sub-process' content is re-attached to the sub-process",
			model: func() Model {
				m := shop()
				m.Flows[5] = Flow{ID: "f6", Source: "a32", Target: "a5"} // a32 (inside a3) → a5
				return m
			},
			check: func(t *testing.T, m Model) {
				if hasFlow(m, "a32", "a5") || !hasFlow(m, "a3", "a5") {
					t.Errorf("want a3 → a5: %+v", m.Flows)
				}
			},
		},
		{
			name: "boundary event on a gateway becomes an intermediate event after it",
			model: func() Model {
				m := shop()
				m.Events[3].AttachedTo = "g1"
				return m
			},
			check: func(t *testing.T, m Model) {
				e, _ := findEvent(m, "b1")
				if e.Type != EventIntermediate || e.AttachedTo != "" {
					t.Errorf("event %+v", e)
				}
				if !hasFlow(m, "g1", "b1") {
					t.Errorf("want g1 → b1: %+v", m.Flows)
				}
			},
		},
		{
			name: "boundary event on a missing host is connected as an intermediate event",
			model: func() Model {
				m := shop()
				m.Events[3].AttachedTo = "ghost"
				return m
			},
			check: func(t *testing.T, m Model) {
				if e, _ := findEvent(m, "b1"); e.Type != EventIntermediate || !hasFlowTo(m, "b1") {
					t.Errorf("event %+v flows %+v", e, m.Flows)
				}
			},
		},
		{
			name: "boundary event: incoming flow dropped, path to an end added, placed on its host",
			model: func() Model {
				m := shop()
				m.Flows = append(m.Flows[:9], m.Flows[10:]...) // drop b1 → a4
				m.Flows = append(m.Flows, Flow{ID: "fx", Source: "a2", Target: "b1"})
				m.Events[3].Pool, m.Events[3].Parent, m.Events[3].Performer = "p_cust", "a3", "Sales"
				m.Events[3].AttachedTo = "prepare parcel" // by name
				return m
			},
			check: func(t *testing.T, m Model) {
				e, _ := findEvent(m, "b1")
				if e.AttachedTo != "a3" || e.Pool != "" || e.Parent != "" || e.Performer != "Warehouse" {
					t.Errorf("boundary %+v", e)
				}
				if hasFlow(m, "a2", "b1") || !hasFlowFrom(m, "b1") {
					t.Errorf("flows %+v", m.Flows)
				}
			},
		},
		{
			name: "cycle of sub-process parents is broken at its first activity",
			model: func() Model {
				return Model{Activities: []Activity{
					{ID: "x", Name: "X", Type: "subprocess", Parent: "z"},
					{ID: "y", Name: "Y", Type: "subprocess", Parent: "x"},
					{ID: "z", Name: "Z", Type: "subprocess", Parent: "y"},
				}}
			},
			check: func(t *testing.T, m Model) {
				x, _ := findActivity(m, "x")
				y, _ := findActivity(m, "y")
				z, _ := findActivity(m, "z")
				if x.Parent != "" || y.Parent != "x" || z.Parent != "y" {
					t.Errorf("parents %q %q %q", x.Parent, y.Parent, z.Parent)
				}
			},
		},
		{
			name:  "10,000 nested sub-processes are flattened below the cap",
			model: func() Model { return nested(10000) },
			check: func(t *testing.T, m Model) {
				depth := map[string]int{}
				for _, a := range m.Activities { // parents precede children in nested()
					if a.Parent != "" {
						depth[a.ID] = depth[a.Parent] + 1
					}
					if depth[a.ID] > MaxNesting {
						t.Fatalf("%s nests %d deep", a.ID, depth[a.ID])
					}
				}
			},
		},
		{
			name: "ids colliding across pools",
			model: func() Model {
				return Model{
					Pools: []Pool{{ID: "p1", Name: "Shop"}, {ID: "p2", Name: "Bank"}},
					Activities: []Activity{
						{ID: "t1", Name: "Sell", Pool: "p1"}, {ID: "t2", Name: "Ship", Pool: "p1"},
						{ID: "t1", Name: "Charge", Pool: "p2"}, {ID: "r", Name: "Refund", Pool: "p2"},
					},
					Flows: []Flow{{ID: "f", Source: "t1", Target: "t2"}, {ID: "f", Source: "r", Target: "t1"}},
				}
			},
			check: func(t *testing.T, m Model) {
				ids := map[string]bool{}
				for _, a := range m.Activities {
					if ids[a.ID] {
						t.Errorf("duplicate %s", a.ID)
					}
					ids[a.ID] = true
				}
				if len(m.MessageFlows) != 0 {
					t.Errorf("flows became message flows: %+v", m.MessageFlows)
				}
				charge := m.Activities[2].ID
				if charge == "t1" || !hasFlow(m, "t1", "t2") || !hasFlow(m, "r", charge) {
					t.Errorf("flows %+v", m.Flows)
				}
			},
		},
		{
			name: "pool references by name, a new pool for an undeclared party, the main pool for an undeclared id",
			model: func() Model {
				return Model{
					Pools: []Pool{{ID: "p1", Name: "Shop"}, {ID: "p2", Name: "Bank", Collapsed: true}},
					Activities: []Activity{
						{ID: "a", Name: "Sell", Pool: "SHOP"}, {ID: "b", Name: "Deliver", Pool: "Courier"},
						{ID: "c", Name: "Invoice", Pool: "p_9"},
					},
				}
			},
			check: func(t *testing.T, m Model) {
				if a, _ := findActivity(m, "a"); a.Pool != "p1" {
					t.Errorf("a in pool %q", a.Pool)
				}
				if c, _ := findActivity(m, "c"); c.Pool != "" {
					t.Errorf("c (an undeclared pool id) in pool %q, want the main pool", c.Pool)
				}
				b, _ := findActivity(m, "b")
				if len(m.Pools) != 3 || m.Pools[2].Name != "Courier" || b.Pool != m.Pools[2].ID {
					t.Errorf("pools %+v, b in %q", m.Pools, b.Pool)
				}
			},
		},
		{
			name: "a collapsed pool holding nodes opens; the main pool stays main",
			model: func() Model {
				return Model{
					Pools:      []Pool{{ID: "pc", Name: "Customer", Collapsed: true}, {ID: "ps", Name: "Shop"}},
					Activities: []Activity{{ID: "a", Name: "Sell"}, {ID: "c", Name: "Order", Pool: "pc"}},
				}
			},
			check: func(t *testing.T, m Model) {
				a, _ := findActivity(m, "a")
				if m.Pools[0].Collapsed || a.Pool != "ps" {
					t.Errorf("pools %+v, a in %q", m.Pools, a.Pool)
				}
			},
		},
		{
			name: "nodes without a pool among collapsed pools get a main pool",
			model: func() Model {
				return Model{ProcessName: "Sales", Pools: []Pool{{ID: "pc", Name: "Customer", Collapsed: true}},
					Activities: []Activity{{ID: "a", Name: "Sell"}}}
			},
			check: func(t *testing.T, m Model) {
				if len(m.Pools) != 2 || m.Pools[0].Name != "Sales" || m.Pools[0].Collapsed || !m.Pools[1].Collapsed {
					t.Errorf("pools %+v", m.Pools)
				}
			},
		},
		{
			name: "parents: a plain task becomes a sub-process, a typed task or a gateway does not",
			model: func() Model {
				return Model{
					Activities: []Activity{
						{ID: "p", Name: "Prepare"}, {ID: "u", Name: "Approve", Type: "user"},
						{ID: "c1", Name: "Pick", Parent: "p"}, {ID: "c2", Name: "Sign", Parent: "u"}, {ID: "c3", Name: "Wrap", Parent: "g"},
					},
					Gateways: []Gateway{{ID: "g", Name: "OK?"}},
				}
			},
			check: func(t *testing.T, m Model) {
				p, _ := findActivity(m, "p")
				c2, _ := findActivity(m, "c2")
				c3, _ := findActivity(m, "c3")
				if p.Type != ActivitySubProcess || c2.Parent != "" || c3.Parent != "" {
					t.Errorf("p %q c2 %q c3 %q", p.Type, c2.Parent, c3.Parent)
				}
			},
		},
		{
			name: "a sub-process with content gets its own start and end; an ad-hoc one does not",
			model: func() Model {
				return Model{Activities: []Activity{
					{ID: "s", Name: "Assess", Type: "subprocess"}, {ID: "s1", Name: "Check", Parent: "s"},
					{ID: "h", Name: "Research", Type: "adhoc_subprocess"}, {ID: "h1", Name: "Read", Parent: "h"},
				}}
			},
			check: func(t *testing.T, m Model) {
				var inS, inH []string
				for _, e := range m.Events {
					switch e.Parent {
					case "s":
						inS = append(inS, e.Type)
					case "h":
						inH = append(inH, e.Type)
					}
				}
				if strings.Join(inS, ",") != "start,end" || len(inH) != 0 {
					t.Errorf("events in s %v, in h %v", inS, inH)
				}
				if hasFlowTo(m, "h1") || hasFlowFrom(m, "h1") {
					t.Errorf("ad-hoc content got flows: %+v", m.Flows)
				}
			},
		},
		{
			name: "event types, throw and trigger spellings, timer text from the name",
			model: func() Model {
				m := Model{Activities: []Activity{{ID: "a", Name: "Work", Type: "UserTask", Marker: "multi-instance"}},
					Events: []Event{
						{ID: "s", Type: "messageStartEvent", Throw: true},
						{ID: "t", Type: "intermediateCatchEvent", Trigger: "timerEventDefinition", Name: "2 weeks"},
						{ID: "n", Type: "intermediateThrowEvent", Trigger: "Message", Name: "Notify"},
						{ID: "e", Type: "endEvent", Trigger: "terminate", Throw: true},
					}}
				return m
			},
			check: func(t *testing.T, m Model) {
				got := []string{}
				for _, e := range m.Events {
					got = append(got, fmt.Sprintf("%s:%s:%s:%v:%s", e.ID, e.Type, e.Trigger, e.Throw, e.Timer))
				}
				want := "s:start:message:false:,t:intermediate:timer:false:2 weeks,n:intermediate:message:true:,e:end:terminate:false:"
				if strings.Join(got, ",") != want {
					t.Errorf("events\n got %s\nwant %s", strings.Join(got, ","), want)
				}
				if a := m.Activities[0]; a.Type != ActivityUser || a.Marker != MarkerParallel {
					t.Errorf("activity %+v", a)
				}
			},
		},
		{
			name: "default flows: one per node, only where BPMN allows one",
			model: func() Model {
				return Model{
					Activities: []Activity{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}, {ID: "c", Name: "C"}, {ID: "d", Name: "D"}},
					Gateways:   []Gateway{{ID: "x", Type: "xor", Name: "Which?"}, {ID: "p", Type: "and"}, {ID: "j", Type: "xor"}, {ID: "q", Type: "and"}},
					Events:     []Event{{ID: "s", Type: "start"}, {ID: "e", Type: "end"}},
					Flows: []Flow{
						{ID: "1", Source: "s", Target: "x"},
						{ID: "2", Source: "x", Target: "a", Default: true}, {ID: "3", Source: "x", Target: "b", Default: true},
						{ID: "4", Source: "a", Target: "j", Default: true}, {ID: "5", Source: "b", Target: "j"},
						{ID: "6", Source: "j", Target: "p"},
						{ID: "7", Source: "p", Target: "c", Default: true}, {ID: "8", Source: "p", Target: "d"},
						{ID: "9", Source: "c", Target: "q"}, {ID: "10", Source: "d", Target: "q"}, {ID: "11", Source: "q", Target: "e"},
					},
				}
			},
			check: func(t *testing.T, m Model) {
				var defaults []string
				for _, f := range m.Flows {
					if f.Default {
						defaults = append(defaults, f.ID)
					}
				}
				if strings.Join(defaults, ",") != "2" {
					t.Errorf("default flows %v, want only 2", defaults)
				}
			},
		},
		{
			name: "orphans are connected inside their own pool only",
			model: func() Model {
				return Model{
					Pools: []Pool{{ID: "p1", Name: "Shop"}, {ID: "p2", Name: "Supplier"}},
					Activities: []Activity{
						{ID: "a", Name: "Order goods"}, {ID: "x", Name: "Make goods", Pool: "p2"},
						{ID: "b", Name: "Sell goods"}, {ID: "y", Name: "Send goods", Pool: "p2"},
					},
				}
			},
			check: func(t *testing.T, m Model) {
				for _, f := range m.Flows {
					if containerOf(m, f.Source) != containerOf(m, f.Target) {
						t.Errorf("flow %+v crosses pools", f)
					}
				}
				if !hasFlow(m, "a", "b") || !hasFlow(m, "x", "y") {
					t.Errorf("flows %+v", m.Flows)
				}
			},
		},
		{
			name: "data associations: dangling ones dropped, data placed by its users",
			model: func() Model {
				m := shop()
				m.Data[0].Pool = "p_cust"
				m.DataAssociations = append(m.DataAssociations,
					DataAssociation{ID: "x1", Source: "d1", Target: "d2"},
					DataAssociation{ID: "x2", Source: "g1", Target: "d1"},
					DataAssociation{ID: "x3", Source: "ghost", Target: "d1"},
					DataAssociation{ID: "x4", Source: "Stock list", Target: "a31"},
				)
				return m
			},
			check: func(t *testing.T, m Model) {
				var ids []string
				for _, d := range m.DataAssociations {
					ids = append(ids, d.ID+":"+d.Source+">"+d.Target)
				}
				if got := strings.Join(ids, ","); got != "da1:a1>d1,da2:d1>a2,da3:d2>a2,x4:d2>a31" {
					t.Errorf("associations %s", got)
				}
				if d := m.Data[0]; d.Pool != "" || d.Performer != "Sales" {
					t.Errorf("data %+v", d)
				}
			},
		},
		{
			name: "performers per pool: default lane where lanes exist, none where they do not",
			model: func() Model {
				return Model{
					Pools:        []Pool{{ID: "p1", Name: "Shop"}, {ID: "p2", Name: "Bank"}, {ID: "p3", Name: "Courier"}},
					Participants: []Participant{{Name: "Clerk", Pool: "p2"}},
					Activities: []Activity{
						{ID: "a", Name: "Sell"}, {ID: "b", Name: "Charge", Pool: "p2"},
						{ID: "c", Name: "Deliver", Pool: "p3", Performer: "courier"},
					},
				}
			},
			check: func(t *testing.T, m Model) {
				a, _ := findActivity(m, "a")
				b, _ := findActivity(m, "b")
				c, _ := findActivity(m, "c")
				if a.Performer != "" || b.Performer != "Clerk" || c.Performer != "" {
					t.Errorf("performers %q %q %q", a.Performer, b.Performer, c.Performer)
				}
			},
		},
		{
			name: "a performer naming another pool's lane moves an unplaced node there",
			model: func() Model {
				return Model{
					Pools:        []Pool{{ID: "p1", Name: "Shop"}, {ID: "p2", Name: "Customer"}},
					Participants: []Participant{{Name: "Clerk"}, {Name: "Buyer", Pool: "p2"}},
					Activities:   []Activity{{ID: "a", Name: "Sell", Performer: "Clerk"}, {ID: "b", Name: "Pay", Performer: "buyer"}},
					Flows:        []Flow{{ID: "f", Source: "a", Target: "b"}},
				}
			},
			check: func(t *testing.T, m Model) {
				b, _ := findActivity(m, "b")
				if b.Pool != "p2" || b.Performer != "Buyer" || !hasMessage(m, "a", "b") {
					t.Errorf("b %+v messages %+v", b, m.MessageFlows)
				}
			},
		},
		{
			name: "event sub-process gets no sequence flow",
			model: func() Model {
				m := shop()
				m.Activities = append(m.Activities,
					Activity{ID: "ev", Name: "Handle complaint", Type: "event_subprocess", Performer: "Sales"},
					Activity{ID: "ev1", Name: "Answer complaint", Parent: "ev", Performer: "Sales"})
				m.Events = append(m.Events, Event{ID: "evs", Type: EventStart, Trigger: TriggerMessage, Name: "Complaint", Parent: "ev", NonInterrupting: true})
				m.Flows = append(m.Flows, Flow{ID: "fx", Source: "a2", Target: "ev"})
				return m
			},
			check: func(t *testing.T, m Model) {
				if hasFlowTo(m, "ev") || hasFlowFrom(m, "ev") {
					t.Errorf("event sub-process has flows: %+v", m.Flows)
				}
				if e, _ := findEvent(m, "evs"); e.Trigger != TriggerMessage || !e.NonInterrupting {
					t.Errorf("event sub-process start %+v", e)
				}
				if !hasFlow(m, "evs", "ev1") {
					t.Errorf("content not connected: %+v", m.Flows)
				}
			},
		},
		{
			name: "link events and compensation handlers need no connecting flow",
			model: func() Model {
				return Model{
					Activities: []Activity{
						{ID: "a", Name: "Book hotel", Performer: "Agent"}, {ID: "b", Name: "Charge card", Performer: "Agent"},
						{ID: "c", Name: "Cancel hotel", Performer: "Agent", ForCompensation: true},
					},
					Events: []Event{
						{ID: "s", Type: "start"}, {ID: "e", Type: "end"},
						{ID: "lt", Type: "intermediate", Trigger: "link", Throw: true, Name: "To payment"},
						{ID: "lc", Type: "intermediate", Trigger: "link", Name: "To payment"},
						{ID: "comp", Type: "boundary", Trigger: "compensation", AttachedTo: "a"},
					},
					Flows: []Flow{
						{ID: "1", Source: "s", Target: "a"}, {ID: "2", Source: "a", Target: "lt"},
						{ID: "3", Source: "lc", Target: "b"}, {ID: "4", Source: "b", Target: "e"},
						{ID: "5", Source: "comp", Target: "c"},
					},
				}
			},
			check: func(t *testing.T, m Model) {
				if len(m.Flows) != 4 || hasFlowTo(m, "lc") || hasFlowFrom(m, "lt") || hasFlowFrom(m, "comp") || hasFlowTo(m, "c") {
					t.Errorf("flows %+v", m.Flows)
				}
			},
		},
		{
			name: "events at message flows become message events that send or receive",
			model: func() Model {
				m := shop()
				m.Events = append(m.Events,
					Event{ID: "notify", Type: EventIntermediate, Name: "Customer notified"},
					Event{ID: "reply", Type: EventIntermediate, Trigger: TriggerMessage, Throw: true, Name: "Reply received"})
				m.Flows[6].Target = "notify" // a5 → notify → reply → w
				m.Flows = append(m.Flows, Flow{ID: "fa", Source: "notify", Target: "reply"}, Flow{ID: "fb", Source: "reply", Target: "w"})
				m.MessageFlows = append(m.MessageFlows,
					MessageFlow{ID: "ma", Source: "notify", Target: "p_cust"}, MessageFlow{ID: "mb", Source: "p_cust", Target: "reply"})
				m.Events[5].Trigger = "" // e1 "Order shipped" sends nothing: stays a none end
				return m
			},
			check: func(t *testing.T, m Model) {
				n, _ := findEvent(m, "notify")
				r, _ := findEvent(m, "reply")
				if n.Trigger != TriggerMessage || !n.Throw || r.Trigger != TriggerMessage || r.Throw {
					t.Errorf("notify %+v reply %+v", n, r)
				}
			},
		},
		{
			name: "a message catch event no flow enters starts its process",
			model: func() Model {
				m := shop()
				m.Events[0] = Event{ID: "s", Type: EventIntermediate, Name: "Order received"}
				m.Flows = m.Flows[1:] // nothing enters s; s → a1 stays
				m.Flows = append([]Flow{{ID: "f1", Source: "s", Target: "a1"}}, m.Flows...)
				m.MessageFlows[0].Target = "s"
				return m
			},
			check: func(t *testing.T, m Model) {
				if e, _ := findEvent(m, "s"); e.Type != EventStart || e.Trigger != TriggerMessage {
					t.Errorf("event %+v", e)
				}
				if hasFlowTo(m, "s") {
					t.Errorf("flows %+v", m.Flows)
				}
			},
		},
		{
			name: "lanes of a collapsed pool are dropped",
			model: func() Model {
				m := shop()
				m.Participants = append(m.Participants, Participant{Name: "Buyer", Pool: "p_cust"})
				return m
			},
			check: func(t *testing.T, m Model) {
				if len(m.Participants) != 2 {
					t.Errorf("participants %+v", m.Participants)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := tt.model()
			ps := Repair(&m)
			if got := strings.Join(codes(ps), ","); got != strings.Join(tt.remain, ",") {
				t.Fatalf("remaining %v, want %v (%v)", got, tt.remain, ps)
			}
			if tt.check != nil {
				tt.check(t, m)
			}
			assertIdempotent(t, m)
		})
	}
}

func hasFlowFrom(m Model, id string) bool {
	for _, f := range m.Flows {
		if f.Source == id {
			return true
		}
	}
	return false
}

func hasFlowTo(m Model, id string) bool {
	for _, f := range m.Flows {
		if f.Target == id {
			return true
		}
	}
	return false
}

// nested returns n sub-processes, each inside the one before.
func nested(n int) Model {
	var m Model
	for i := 0; i < n; i++ {
		a := Activity{ID: fmt.Sprintf("sub%d", i), Name: fmt.Sprintf("Level %d", i), Type: ActivitySubProcess}
		if i > 0 {
			a.Parent = fmt.Sprintf("sub%d", i-1)
		}
		m.Activities = append(m.Activities, a)
	}
	return m
}

func TestNormaliseGatewayType(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"XOR": GatewayExclusive, "event_based": GatewayEventBased, "eventBasedGateway": GatewayEventBased,
		"Event-based gateway": GatewayEventBased, "AND": GatewayParallel, "or": GatewayInclusive,
		"complex": GatewayComplex, "": GatewayExclusive,
	} {
		if got := NormaliseGatewayType(in); got != want {
			t.Errorf("NormaliseGatewayType(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidateV2(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		mutate func(m *Model)
		want   string
	}{
		{"unknown pool", func(m *Model) { m.Activities[0].Pool = "p_nowhere" }, ProblemUnknownPool},
		{"collapsed pool holds a node", func(m *Model) { m.Activities[3].Pool = "p_cust"; m.Activities[3].Parent = "" }, ProblemCollapsedPoolHasNodes},
		{"parent missing", func(m *Model) { m.Activities[3].Parent = "ghost" }, ProblemUnknownParent},
		{"parent not a sub-process", func(m *Model) { m.Activities[3].Parent = "a2" }, ProblemUnknownParent},
		{"parent cycle", func(m *Model) { m.Activities[2].Parent = "a3" }, ProblemParentCycle},
		{"nesting too deep", func(m *Model) {
			n := nested(MaxNesting + 2)
			m.Activities = append(m.Activities, n.Activities...)
		}, ProblemNestingTooDeep},
		{"node in another pool than its sub-process", func(m *Model) {
			m.Pools[1].Collapsed = false
			m.Activities[3].Pool = "p_cust"
		}, ProblemPoolMismatch},
		{"sequence flow across pools", func(m *Model) {
			m.Pools[1].Collapsed = false
			m.Activities = append(m.Activities, Activity{ID: "c", Name: "Pay", Pool: "p_cust"})
			m.Flows = append(m.Flows, Flow{ID: "fx", Source: "c", Target: "a2"})
		}, ProblemFlowCrossesContainer},
		{"sequence flow across sub-process levels", func(m *Model) {
			m.Flows = append(m.Flows, Flow{ID: "fx", Source: "a32", Target: "a5"})
		}, ProblemFlowCrossesContainer},
		{"message flow inside one pool", func(m *Model) {
			m.MessageFlows = append(m.MessageFlows, MessageFlow{ID: "mx", Source: "a1", Target: "a2"})
		}, ProblemMessageFlowSamePool},
		{"message flow to a gateway", func(m *Model) {
			m.MessageFlows = append(m.MessageFlows, MessageFlow{ID: "mx", Source: "p_cust", Target: "g1"})
		}, ProblemDanglingMessageFlow},
		{"message flow to nothing", func(m *Model) {
			m.MessageFlows = append(m.MessageFlows, MessageFlow{ID: "mx", Source: "p_cust", Target: "ghost"})
		}, ProblemDanglingMessageFlow},
		{"boundary event on a gateway", func(m *Model) { m.Events[3].AttachedTo = "g1" }, ProblemBoundaryWithoutHost},
		{"boundary event with incoming flow", func(m *Model) {
			m.Flows = append(m.Flows, Flow{ID: "fx", Source: "a2", Target: "b1"})
		}, ProblemBoundaryHasIncoming},
		{"boundary event away from its host", func(m *Model) { m.Events[3].Parent = "a3" }, ProblemPoolMismatch},
		{"boundary event without outgoing flow", func(m *Model) { m.Flows = append(m.Flows[:9], m.Flows[10:]...) }, ProblemDeadEnd},
		{"flow into an event sub-process", func(m *Model) {
			m.Activities[2].Type = ActivityEventSubProcess
		}, ProblemEventSubProcessFlow},
		{"two default flows", func(m *Model) { m.Flows[3].Default = true }, ProblemInvalidDefaultFlow},
		{"default flow of a single outgoing flow", func(m *Model) { m.Flows[0].Default = true }, ProblemInvalidDefaultFlow},
		{"data association between two data items", func(m *Model) {
			m.DataAssociations = append(m.DataAssociations, DataAssociation{ID: "x", Source: "d1", Target: "d2"})
		}, ProblemDanglingDataAssociation},
		{"data association to a gateway", func(m *Model) {
			m.DataAssociations = append(m.DataAssociations, DataAssociation{ID: "x", Source: "d1", Target: "g1"})
		}, ProblemDanglingDataAssociation},
		{"id shared by a pool and a node", func(m *Model) { m.Pools[1].ID = "a1"; m.MessageFlows[0].Source = "a1" }, ProblemDuplicateID},
		{"id shared by a message flow and a data item", func(m *Model) { m.MessageFlows[0].ID = "d1" }, ProblemDuplicateID},
		{"sub-process without start", func(m *Model) {
			m.Events = append(m.Events[:1], m.Events[2:]...)
			m.Flows = m.Flows[:10]
			m.Flows = append(m.Flows, Flow{ID: "f12", Source: "a31", Target: "a32"}, Flow{ID: "f13", Source: "a32", Target: "e3"})
		}, ProblemMissingStart},
		{"unknown trigger", func(m *Model) { m.Events[0].Trigger = "telepathy" }, ProblemUnknownTrigger},
		{"start and end inside an ad-hoc sub-process", func(m *Model) { m.Activities[2].Type = ActivityAdHoc }, ProblemAdHocStartEnd},
		{"unknown activity type", func(m *Model) { m.Activities[0].Type = "robot" }, ProblemUnknownActivityType},
		{"unknown marker", func(m *Model) { m.Activities[0].Marker = "forever" }, ProblemUnknownActivityType},
		{"unreachable inside a sub-process", func(m *Model) { m.Flows = append(m.Flows[:10], m.Flows[11:]...) }, ProblemUnreachable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := shop()
			tt.mutate(&m)
			ps := m.Validate()
			if !hasCode(ps, tt.want) {
				t.Fatalf("want %s, got %v", tt.want, ps)
			}
			for _, p := range ps {
				if p.Message == "" || strings.TrimSpace(p.Code) == "" {
					t.Errorf("problem without code or message: %+v", p)
				}
			}
			// Repair fixes every one of these
			if left := Repair(&m); len(left) != 0 {
				t.Errorf("repair left %v", left)
			}
			assertIdempotent(t, m)
		})
	}
}

func TestFormattedTextV2Golden(t *testing.T) {
	t.Parallel()
	m := shop()
	got := FormattedText(&m)
	for _, h := range Sections {
		if strings.Count(got, h+"\n") != 1 {
			t.Errorf("section %s not there exactly once", h)
		}
	}
	for _, want := range []string{
		"- Customer (external party): Orders online",
		"Receive order: receives Order from Customer",
		"If Picking takes too long (timer, 2 days, interrupting) → Cancel order",
		"  Step 4: Pick item [for each item, in parallel] (Warehouse)",
		"No (default) → Cancel order",
		"Event (timer, 14 days): Return period over",
		"Inputs: order, Stock list",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	testenv.Golden(t, filepath.Join("testdata", "shop.golden"), []byte(got))
}

// TestDecodeVersion1KeepsText: an analysis stored by version 1 renders
// the same formatted text after Decode as it did before version 2.
func TestDecodeVersion1KeepsText(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("testdata", "v1-analysis.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "v1-analysis.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if got := FormattedText(m); got != string(want) {
		t.Errorf("version 1 text changed:\n%s", got)
	}
}

func TestOrderedV2(t *testing.T) {
	t.Parallel()
	m := shop()
	var got []string
	var steps = Ordered(&m)
	for _, s := range steps {
		got = append(got, fmt.Sprintf("%s@%d", s.ID, s.Depth))
	}
	want := "s@0,a1@0,a2@0,g1@0,a3@0,s3@1,a31@1,a32@1,e3@1,a5@0,w@0,a4@0,e1@0,e2@0"
	if strings.Join(got, ",") != want {
		t.Errorf("order\n got %s\nwant %s", strings.Join(got, ","), want)
	}
	for _, s := range steps {
		switch s.ID {
		case "a3":
			if len(s.Boundaries) != 1 || s.Boundaries[0].Timer != "2 days" || len(s.Boundaries[0].Branches) != 1 || s.Boundaries[0].Branches[0].TargetID != "a4" {
				t.Errorf("a3 boundaries %+v", s.Boundaries)
			}
		case "a31":
			if s.Parent != "a3" || s.ParentName != "Prepare parcel" || s.Marker != MarkerParallel || s.Number != 4 {
				t.Errorf("a31 %+v", s)
			}
		case "a1":
			if len(s.Messages) != 1 || s.Messages[0].Sends || s.Messages[0].PartnerPool != "Customer" {
				t.Errorf("a1 messages %+v", s.Messages)
			}
		case "g1":
			if len(s.Branches) != 2 || !s.Branches[1].Default {
				t.Errorf("g1 branches %+v", s.Branches)
			}
		}
	}
}
