package bpmn

import (
	"encoding/xml"
	"fmt"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// modelFromBytes turns fuzz input into a process model: the first byte
// picks the node count, each following pair of bytes a flow; node kinds,
// performers and conditions come from the byte values.
func modelFromBytes(data []byte) *process.Model {
	m := &process.Model{ProcessName: "fuzz", Participants: []process.Participant{{Name: "A"}, {Name: "B"}}}
	if len(data) == 0 {
		return m
	}
	n := int(data[0])%24 + 1
	ids := make([]string, n)
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("n%d", i)
		ids[i] = id
		k := byte(i * 7)
		if i+1 < len(data) {
			k = data[i+1]
		}
		perf := []string{"A", "B", "", "C"}[int(k>>4)%4]
		switch k % 9 {
		case 0:
			m.Events = append(m.Events, process.Event{ID: id, Type: process.EventStart, Name: "s", Performer: perf})
		case 1:
			m.Events = append(m.Events, process.Event{ID: id, Type: process.EventEnd, Performer: perf})
		case 2:
			m.Events = append(m.Events, process.Event{ID: id, Type: process.EventIntermediate, Trigger: []string{"timer", "message", "signal", "error", "none"}[int(k>>4)%5]})
		case 3:
			m.Gateways = append(m.Gateways, process.Gateway{ID: id, Type: process.GatewayExclusive, Performer: perf})
		case 4:
			m.Gateways = append(m.Gateways, process.Gateway{ID: id, Type: process.GatewayParallel})
		case 5:
			m.Gateways = append(m.Gateways, process.Gateway{ID: id, Type: process.GatewayInclusive, Name: "?"})
		case 6:
			m.Gateways = append(m.Gateways, process.Gateway{ID: id, Type: process.GatewayEventBased})
		default:
			m.Activities = append(m.Activities, process.Activity{ID: id, Name: "t" + id, Performer: perf, WorkMinutes: float64(k)})
		}
	}
	rest := data[min(len(data), n+1):]
	for i := 0; i+1 < len(rest); i += 2 {
		f := process.Flow{Source: ids[int(rest[i])%n], Target: ids[int(rest[i+1])%n]}
		if rest[i]&0x80 != 0 {
			f.Condition = "c" + fmt.Sprint(i)
		}
		if rest[i+1]&0x80 != 0 {
			f.Target = "missing"
		}
		m.Flows = append(m.Flows, f)
	}
	return m
}

// FuzzBuild checks that any model, however broken, either is rejected as
// empty or gives a well-formed diagram: references resolve, every node has
// a shape inside its lane, labels clear of shapes.
func FuzzBuild(f *testing.F) {
	f.Add([]byte{5, 0, 7, 3, 7, 1, 0, 1, 1, 2, 2, 3, 3, 4, 2, 4})
	f.Add([]byte{3, 7, 7, 7, 0, 1, 1, 2, 2, 0, 1, 1})
	f.Add([]byte{8, 6, 2, 2, 7, 7, 3, 1, 0, 1, 0, 2, 1, 3, 2, 3, 3, 4, 4, 5, 5, 0})
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modelFromBytes(data)
		b, err := Build(m)
		if err != nil {
			if !hasWork(m) {
				return
			}
			t.Fatalf("Build: %v", err)
		}
		if err := xml.Unmarshal(b, new(struct{ XMLName xml.Name })); err != nil {
			t.Fatalf("not XML: %v", err)
		}
		checkDoc(t, m, b)
		checkDiagram(t, b)
	})
}

// collabFromBytes turns fuzz input into a version 2 model: pools (one may
// be collapsed), lanes, typed activities with markers, sub-processes
// holding nodes, boundary events on any node (hosts that are not
// activities included), events of every trigger, message flows, data and
// annotations, each chosen by the input's bytes. One input in two of a
// kind is a verbatim model (converted from a file): unnamed nodes and
// lanes, condition expressions, compensation handlers, no repairs.
func collabFromBytes(data []byte) *process.Model {
	m := &process.Model{Version: process.Version, ProcessName: "fuzz v2"}
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return byte(i * 13)
	}
	m.Verbatim = at(1)&4 != 0
	pools := int(at(0))%3 + 1
	poolID := func(k byte) string { return fmt.Sprintf("P%d", int(k)%pools) }
	for p := 0; p < pools; p++ {
		m.Pools = append(m.Pools, process.Pool{ID: fmt.Sprintf("P%d", p), Name: fmt.Sprintf("Pool %d", p), Collapsed: p == 2 && at(1)&1 == 1})
		m.Participants = append(m.Participants, process.Participant{Name: fmt.Sprintf("L%d", p), Pool: fmt.Sprintf("P%d", p), Unnamed: m.Verbatim && p == 1})
	}
	if at(1)&2 != 0 {
		m.Participants = append(m.Participants, process.Participant{Name: "Nested", Pool: "P0", Parent: "L0"})
	}
	types := []string{"", process.ActivityUser, process.ActivityService, process.ActivitySend, process.ActivityReceive, process.ActivityManual,
		process.ActivityBusinessRule, process.ActivityScript, process.ActivitySubProcess, process.ActivityEventSubProcess, process.ActivityTransaction,
		process.ActivityAdHoc, process.ActivityCall}
	triggers := []string{"", process.TriggerTimer, process.TriggerMessage, process.TriggerSignal, process.TriggerError, process.TriggerEscalation,
		process.TriggerConditional, process.TriggerTerminate, process.TriggerCompensation, process.TriggerLink, process.TriggerCancel, process.TriggerMultiple}
	timers := []string{"P3D", "2026-01-01", "R2/PT1H", "every day", "soon", ""}
	n := int(at(2))%20 + 2
	ids := make([]string, n)
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("x%d", i)
		ids[i] = id
		k, k2 := at(3+2*i), at(4+2*i)
		pool := poolID(k2)
		perf := []string{"", "L0", "Nested", fmt.Sprintf("L%d", int(k2)%pools)}[int(k2>>2)%4]
		parent := ""
		if k2&0x40 != 0 && i > 0 {
			parent = ids[int(k2)%i]
		}
		switch k % 6 {
		case 0, 1:
			m.Activities = append(m.Activities, process.Activity{ID: id, Name: "Task " + id, Type: types[int(k>>3)%len(types)], Marker: []string{"", "loop", "parallel", "sequential"}[int(k2>>4)%4],
				Collapsed: k2&0x80 != 0, Performer: perf, Pool: pool, Parent: parent, WorkMinutes: float64(k2 % 7), ForCompensation: k2&0x20 != 0})
		case 2:
			m.Gateways = append(m.Gateways, process.Gateway{ID: id, Type: []string{"exclusive", "parallel", "inclusive", "event_based", "complex"}[int(k>>3)%5], Name: "Q " + id + "?", Performer: perf, Pool: pool, Parent: parent})
		default:
			e := process.Event{ID: id, Type: []string{"start", "end", "intermediate", "boundary"}[int(k>>3)%4], Trigger: triggers[int(k2)%len(triggers)],
				Throw: k2&0x20 != 0, Timer: timers[int(k>>5)%len(timers)], Name: "E " + id, Performer: perf, Pool: pool, Parent: parent, NonInterrupting: k&0x80 != 0}
			if e.Type == "boundary" {
				e.AttachedTo = ids[int(k2)%n]
				e.Handler = ids[int(k)%n]
			}
			if m.Verbatim && k2&0x10 != 0 {
				e.Name = ""
			}
			m.Events = append(m.Events, e)
		}
	}
	rest := data[min(len(data), 3+2*n):]
	for i := 0; i+2 < len(rest); i += 3 {
		a, b := ids[int(rest[i])%n], ids[int(rest[i+1])%n]
		switch rest[i+2] % 8 {
		case 0:
			m.MessageFlows = append(m.MessageFlows, process.MessageFlow{ID: fmt.Sprintf("m%d", i), Name: "msg", Source: a, Target: b})
		case 1:
			m.MessageFlows = append(m.MessageFlows, process.MessageFlow{ID: fmt.Sprintf("m%d", i), Source: a, Target: poolID(rest[i+1])})
		case 2:
			did := fmt.Sprintf("d%d", i)
			m.Data = append(m.Data, process.Data{ID: did, Name: "Doc " + did, Kind: []string{"object", "store"}[int(rest[i])%2], Pool: poolID(rest[i+1]),
				IO: []string{"", "", process.DataInput, process.DataOutput}[int(rest[i]>>1)%4]})
			m.DataAssociations = append(m.DataAssociations, process.DataAssociation{ID: did + "a", Source: did, Target: a}, process.DataAssociation{ID: did + "b", Source: b, Target: did})
		case 3:
			m.Annotations = append(m.Annotations, process.Annotation{ID: fmt.Sprintf("n%d", i), Text: "Note about " + a, AttachedTo: a})
		default:
			m.Flows = append(m.Flows, process.Flow{ID: fmt.Sprintf("f%d", i), Source: a, Target: b, Condition: []string{"", "", "Yes", "No"}[int(rest[i+2]>>3)%4], Default: rest[i+2]&0x80 != 0,
				Conditional: rest[i+2]&0x40 != 0, Expression: "x > 1", Unnamed: rest[i+2]&0x20 != 0})
		}
	}
	return m
}

// FuzzBuildCollab checks the invariants of FuzzBuild on version 2
// models: a well-formed document whose references resolve, every node
// drawn once, no overlapping shapes, no flow through a shape, labels clear
// of shapes and fitting their text.
func FuzzBuildCollab(f *testing.F) {
	f.Add([]byte{2, 1, 9, 0, 0, 8, 1, 24, 2, 3, 7, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{1, 0, 12, 3, 0, 64, 0, 3, 1, 27, 65, 200, 2, 0, 1, 0, 1, 2, 3, 1, 2, 8, 2, 3, 0, 3, 4, 4, 0, 1, 9})
	f.Add([]byte("pools, boundaries, sub-processes and messages"))
	// verbatim models
	f.Add([]byte{2, 5, 9, 0, 0, 8, 1, 24, 2, 3, 7, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{1, 6, 12, 3, 0, 64, 0, 3, 1, 27, 65, 200, 2, 0, 1, 0, 1, 2, 3, 1, 2, 8, 2, 3, 0, 3, 4, 4, 0, 1, 9})
	f.Add([]byte{3, 4, 15, 0, 0x30, 4, 0x60, 7, 0x20, 24, 0x50, 32, 0x10, 1, 2, 0x44, 2, 3, 0xe5, 3, 1, 0x45, 4, 5, 6, 5, 6, 0x66})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := collabFromBytes(data)
		b, err := Build(m)
		if err != nil {
			t.Fatalf("Build: %v", err)
		}
		checkRefs(t, b)
		checkDiagram(t, b)
	})
}
