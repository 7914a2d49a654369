package process

import (
	"encoding/json"
	"flag"
	"strings"
	"testing"
)

// fuzzSeeds are the bad inputs the model must survive: the ones named in
// the model v2 issue and a few older ones.
func fuzzSeeds(f *testing.F) {
	inv, _ := json.Marshal(invoice())
	f.Add(inv)
	sh, _ := json.Marshal(shop())
	f.Add(sh)
	// 10,000 nested sub-processes run as a seed in every test run; while
	// fuzzing, mutating 800 kB of JSON would stall the workers, so a
	// nesting three times deeper than MaxNesting stands in for it.
	depth := 10000
	if fl := flag.Lookup("test.fuzz"); fl != nil && fl.Value.String() != "" {
		depth = 3 * MaxNesting
	}
	deep, _ := json.Marshal(nested(depth))
	f.Add(deep)
	for _, s := range []string{
		`{"activities":[{"id":"a"},{"id":"a"}],"flows":[{"source":"a","target":"a"},{"source":"a","target":"b"}]}`,
		`{"activities":[{"id":"x"}],"gateways":[{"id":"x","type":"and"}],"events":[{"id":"x","type":"end"},{"id":"y","type":"start"}],"flows":[{"id":"x","source":"x","target":"y"}]}`,
		// message flow inside one pool
		`{"version":2,"pools":[{"id":"p","name":"Shop"},{"id":"c","name":"Customer","collapsed":true}],"activities":[{"id":"a","name":"Sell"},{"id":"b","name":"Ship"}],"message_flows":[{"id":"m","source":"a","target":"b"},{"id":"m2","source":"c","target":"a"}]}`,
		// boundary event on a gateway
		`{"version":2,"activities":[{"id":"a","name":"Check"}],"gateways":[{"id":"g","type":"xor","name":"OK?"}],"events":[{"id":"b","type":"boundary","trigger":"timer","name":"2 days","attached_to":"g"}],"flows":[{"source":"a","target":"g"},{"source":"g","target":"b"}]}`,
		// a cycle of sub-process parents
		`{"version":2,"activities":[{"id":"x","type":"subprocess","parent":"z"},{"id":"y","type":"subprocess","parent":"x"},{"id":"z","type":"subprocess","parent":"y"},{"id":"t","parent":"t"}],"events":[{"id":"s","type":"start","parent":"y"}]}`,
		// ids colliding across pools
		`{"version":2,"pools":[{"id":"p","name":"A"},{"id":"p","name":"B"},{"id":"t1","name":"C"}],"activities":[{"id":"t1","pool":"p"},{"id":"t1","pool":"B"},{"id":"t2","pool":"B"}],"flows":[{"id":"t1","source":"t2","target":"t1"}],"message_flows":[{"id":"t2","source":"t1","target":"t1"}],"data":[{"id":"t1","name":"Form"}],"data_associations":[{"id":"t1","source":"t1","target":"t1"}]}`,
		// sequence flow across pools and levels, data and annotations astray
		`{"version":2,"pools":[{"id":"p","name":"A"},{"id":"q","name":"B"}],"activities":[{"id":"a","pool":"p"},{"id":"s","type":"transaction","pool":"q"},{"id":"c","parent":"s"}],"events":[{"id":"e","type":"boundary","attached_to":"c"}],"flows":[{"source":"a","target":"c","default":true},{"source":"c","target":"a"},{"source":"e","target":"s"}],"data":[{"id":"d","kind":"db","parent":"a"}],"data_associations":[{"source":"d","target":"e"},{"source":"d","target":"d"}],"annotations":[{"id":"n","text":"x","attached_to":"zz"},{"text":""}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte("\x05\x03\x02\x07\x01\x09\x04\x02\x08\x06\x03\x01\x00\x05\x0b\x02\x07\x03"))
}

// small reports whether a decoded input is small enough to repair quickly
// under the fuzzer: the deep-nesting seed passes (its 10,000 activities
// have no flows), inputs with hundreds of flows and gateways do not.
func small(m *Model) bool {
	return len(m.Activities) <= 10001 &&
		len(m.Gateways)+len(m.Events)+len(m.Flows)+len(m.MessageFlows)+len(m.DataAssociations)+len(m.Pools)+len(m.Participants) <= 300
}

// FuzzRepair feeds arbitrary model JSON through Decode and Repair (input
// that is not JSON builds a model through generate): it must not panic,
// must be idempotent, and must leave no problem it claims to fix (only an
// empty process stays unfixable).
func FuzzRepair(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			m = generate(data) // not JSON: read the bytes as choices instead
		}
		if !small(m) {
			return
		}
		ps := Repair(m)
		for _, p := range ps {
			if p.Code != ProblemNoActivities {
				t.Fatalf("unrepaired %v in %.2000s", ps, data)
			}
		}
		if again := m.Validate(); len(again) != len(ps) {
			t.Fatalf("Repair returned %v but Validate says %v", ps, again)
		}
		_ = FormattedText(m)
		assertIdempotent(t, *m)
	})
}

// FuzzValidate feeds arbitrary model JSON to Validate and to everything
// that renders a model without repairing it first (stored models): none
// may panic, and every problem has a code and a message.
func FuzzValidate(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			m = generate(data)
		}
		if !small(m) {
			return
		}
		for _, p := range m.Validate() {
			if p.Code == "" || strings.TrimSpace(p.Message) == "" {
				t.Fatalf("problem without code or message: %+v", p)
			}
		}
		_ = FormattedText(m)
		_ = SIPOCTable(m)
		_ = Ordered(m)
	})
}

// byteSource reads choices from fuzz input, zero once it runs out.
type byteSource struct {
	b []byte
	i int
}

func (s *byteSource) next(n int) int {
	if n <= 0 || s.i >= len(s.b) {
		return 0
	}
	v := int(s.b[s.i]) % n
	s.i++
	return v
}

func (s *byteSource) pick(vs ...string) string { return vs[s.next(len(vs))] }

// generate builds a model from arbitrary bytes, drawing ids, pools,
// parents, types and links from small sets so that collisions, cycles,
// links across pools and levels and misplaced events are frequent: the
// structures JSON mutation rarely reaches.
func generate(data []byte) *Model {
	s := &byteSource{b: data}
	id := func() string {
		return s.pick("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "p0", "p1", "d0", "")
	}
	m := &Model{Version: Version, ProcessName: s.pick("", "Claims")}
	for i, n := 0, s.next(4); i < n; i++ {
		m.Pools = append(m.Pools, Pool{ID: s.pick("p0", "p1", "p2", "n1", ""), Name: s.pick("Shop", "Customer", "", "shop"), Collapsed: s.next(3) == 0})
	}
	pool := func() string { return s.pick("", "", "p0", "p1", "Customer", "Bank") }
	for i, n := 0, s.next(4); i < n; i++ {
		m.Participants = append(m.Participants, Participant{Name: s.pick("Clerk", "clerk", "Manager", "Customer", ""), Pool: pool(), Parent: s.pick("", "Clerk", "Manager")})
	}
	for i, n := 0, 1+s.next(12); i < n; i++ {
		switch s.next(3) {
		case 0:
			m.Activities = append(m.Activities, Activity{ID: id(), Name: s.pick("Check", "Pay", ""), Pool: pool(), Parent: id(),
				Type:      s.pick("", "task", "subprocess", "adhoc_subprocess", "event_subprocess", "user", "call_activity", "transaction"),
				Marker:    s.pick("", "loop", "parallel", "sequential", "weird"),
				Performer: s.pick("", "Clerk", "Manager", "Customer", "Shop")})
		case 1:
			m.Gateways = append(m.Gateways, Gateway{ID: id(), Type: s.pick("xor", "and", "or", "event_based", "complex"), Pool: pool(), Parent: id()})
		default:
			m.Events = append(m.Events, Event{ID: id(), Type: s.pick("start", "end", "intermediate", "boundary", "timer", "intermediateThrowEvent"),
				Trigger: s.pick("", "timer", "message", "terminate", "bogus"), Name: s.pick("", "2 days"), Timer: s.pick("", "P1D"),
				AttachedTo: s.pick("", "n0", "n1", "n2", "n3"), Pool: pool(), Parent: id(), Throw: s.next(2) == 0, NonInterrupting: s.next(2) == 0})
		}
	}
	for i, n := 0, s.next(16); i < n; i++ {
		m.Flows = append(m.Flows, Flow{ID: s.pick("f0", "f1", "", "n0"), Source: id(), Target: id(), Condition: s.pick("", "Yes"), Default: s.next(3) == 0})
	}
	for i, n := 0, s.next(5); i < n; i++ {
		m.MessageFlows = append(m.MessageFlows, MessageFlow{ID: s.pick("m0", "f0", ""), Source: id(), Target: id()})
	}
	for i, n := 0, s.next(3); i < n; i++ {
		m.Data = append(m.Data, Data{ID: s.pick("d0", "d1", "n0", ""), Name: s.pick("Form", ""), Kind: s.pick("object", "store", "db"), Pool: pool(), Parent: id()})
	}
	for i, n := 0, s.next(4); i < n; i++ {
		m.DataAssociations = append(m.DataAssociations, DataAssociation{ID: s.pick("a0", ""), Source: id(), Target: id()})
	}
	for i, n := 0, s.next(2); i < n; i++ {
		m.Annotations = append(m.Annotations, Annotation{ID: s.pick("t0", "n0", ""), Text: s.pick("", "Note"), AttachedTo: id()})
	}
	return m
}
