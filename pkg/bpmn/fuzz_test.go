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
