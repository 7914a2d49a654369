package scenario

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzParse feeds the scenario loader arbitrary bytes: it never panics, a
// spec it accepts is checked on a model without panicking, and writing it
// back gives the same spec.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"tasks": [["check", "document"], ["ask|request", "complet|document"]], "pools": ["applicant"], "timers": 0, "message_flows": 5}`,
		`{"never": [[["refus"], ["issu", "permit"]]], "loop": [[["test"], ["repair", "device"]]]}`,
		`{"lanes": ["change manager", "implementation"], "not_lanes": ["consultant"]}`,
		`{"exclusive": [[["implement"], ["reject"]]], "parallel": [[["a"], ["b"]]], "multi_instance": ["review"]}`,
		`{"multi_instance": [["review"], ["send", "offer"]], "reach": [[["x y"], ["z"]]]}`,
		`{"tasks": [["é|ß"]]}`, `{}`, `null`, `{"timers": 1e3}`,
	} {
		f.Add([]byte(s))
	}
	d := load(f, "claim.bpmn")
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		Check(d, s)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("marshal %+v: %v", s, err)
		}
		back, err := Parse(b)
		if err != nil {
			t.Fatalf("read back %s: %v", b, err)
		}
		if !reflect.DeepEqual(normal(s), normal(back)) {
			t.Fatalf("round trip changed the spec:\n%+v\n%+v", s, back)
		}
	})
}

// normal makes empty lists nil, as omitempty writes them back.
func normal(s *Spec) Spec {
	n := *s
	for _, l := range []*[]Pattern{&n.Tasks, &n.Pools, &n.NotLanes, &n.Lanes} {
		if len(*l) == 0 {
			*l = nil
		}
	}
	for _, l := range []*[]Pair{&n.Never, &n.Reach, &n.Loop, &n.Exclusive, &n.Parallel} {
		if len(*l) == 0 {
			*l = nil
		}
	}
	if len(n.MultiInstance) == 0 {
		n.MultiInstance = nil
	}
	return n
}
