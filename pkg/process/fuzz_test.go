package process

import (
	"encoding/json"
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
	deep, _ := json.Marshal(nested(10000))
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
}

// small reports whether a decoded input is small enough to repair quickly
// under the fuzzer: the deep-nesting seed passes (its 10,000 activities
// have no flows), inputs with hundreds of flows and gateways do not.
func small(m *Model) bool {
	return len(m.Activities) <= 10001 &&
		len(m.Gateways)+len(m.Events)+len(m.Flows)+len(m.MessageFlows)+len(m.DataAssociations)+len(m.Pools)+len(m.Participants) <= 300
}

// FuzzRepair feeds arbitrary model JSON through Decode and Repair: it must
// not panic, must be idempotent, and must leave no problem it claims to
// fix (only an empty process stays unfixable).
func FuzzRepair(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil || !small(m) {
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
		if err != nil || !small(m) {
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
