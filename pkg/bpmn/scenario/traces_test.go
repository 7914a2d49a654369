package scenario

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// proc wraps flow elements in a one-process BPMN document.
func proc(t *testing.T, body string) *parse.Definitions {
	t.Helper()
	d, err := parse.Parse([]byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="x"><process id="P">` + body + `</process></definitions>`))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// chain writes sequence flows a→b→c… for "a b c".
func chain(ids ...string) string {
	var b strings.Builder
	for i := 1; i < len(ids); i++ {
		fmt.Fprintf(&b, `<sequenceFlow id="f_%s_%s" sourceRef="%s" targetRef="%s"/>`, ids[i-1], ids[i], ids[i-1], ids[i])
	}
	return b.String()
}

func show(ts [][]string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = strings.Join(t, ">")
	}
	slices.Sort(out)
	return out
}

func TestTraces(t *testing.T) {
	tasks := `<task id="a" name="A"/><task id="b" name="B"/><task id="c" name="C"/><task id="d" name="D"/>`
	tests := []struct {
		name string
		d    *parse.Definitions
		lim  TraceLimits
		want []string
	}{
		{"event-based choice", load(t, "quote.bpmn"), TraceLimits{},
			[]string{"Send repair quote>Repair device", "Send repair quote>Return device unrepaired"}},
		{"the first pool's process: loop at most twice, boundary timer, sub-process, exclusive and parallel splits",
			load(t, "claim.bpmn"), TraceLimits{}, []string{
				"Register claim>Inspect vehicle>Score credit risk>Approve claim>Pay repair shop>Notify customer>Close claim",
				"Register claim>Inspect vehicle>Score credit risk>Reject claim>Send rejection letter",
				"Register claim>Request missing documents",
				"Register claim>Request missing documents>Register claim>Inspect vehicle>Score credit risk>Approve claim>Pay repair shop>Notify customer>Close claim",
				"Register claim>Request missing documents>Register claim>Inspect vehicle>Score credit risk>Reject claim>Send rejection letter",
				"Register claim>Request missing documents>Register claim>Request missing documents",
				"Register claim>Request missing documents>Register claim>Request missing documents>Register claim>Inspect vehicle>Score credit risk>Approve claim>Pay repair shop>Notify customer>Close claim",
				"Register claim>Request missing documents>Register claim>Request missing documents>Register claim>Inspect vehicle>Score credit risk>Reject claim>Send rejection letter",
				"Register claim>Request missing documents>Register claim>Request missing documents>Register claim>Request missing documents",
			}},
		{"loop taken once with MaxVisits 2", proc(t, `<startEvent id="s"/>`+tasks+`<exclusiveGateway id="g"/><endEvent id="e"/>`+
			chain("s", "a", "b", "g", "c", "e")+chain("g", "a")), TraceLimits{MaxVisits: 2},
			[]string{"A>B>A>B>C", "A>B>C"}},
		{"an exclusive choice closed by a parallel join does not deadlock", proc(t, `<startEvent id="s"/>`+tasks+
			`<exclusiveGateway id="g"/><parallelGateway id="j"/><endEvent id="e"/>`+
			chain("s", "g", "a", "j", "c", "e")+chain("g", "b", "j")), TraceLimits{},
			[]string{"A>C", "B>C"}},
		{"parallel branches in document order, joined once", proc(t, `<startEvent id="s"/>`+tasks+
			`<parallelGateway id="g"/><parallelGateway id="j"/><endEvent id="e"/>`+
			chain("s", "g", "b", "j", "d", "e")+chain("g", "a", "j")), TraceLimits{},
			[]string{"A>B>D"}},
		{"a terminate end event ends every branch", proc(t, `<startEvent id="s"/><endEvent id="t"><terminateEventDefinition id="td"/></endEvent>`+tasks+
			`<parallelGateway id="g"/><endEvent id="e"/>`+
			chain("s", "g", "a", "t")+chain("g", "b", "c", "e")), TraceLimits{},
			[]string{"A"}},
		{"an endless loop keeps its prefixes", proc(t, `<startEvent id="s"/>`+tasks+chain("s", "a", "b", "a")), TraceLimits{},
			[]string{"A>B>A>B>A>B"}},
		{"the cap on traces", proc(t, `<startEvent id="s"/>`+tasks+`<exclusiveGateway id="g"/><endEvent id="e"/>`+
			chain("s", "g", "a", "e")+chain("g", "b", "e")+chain("g", "c", "e")), TraceLimits{MaxTraces: 2},
			[]string{"A", "B"}},
		{"no process", func() *parse.Definitions {
			d, _ := parse.Parse([]byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D"/>`))
			return d
		}(), TraceLimits{}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := Traces(tt.d, tt.lim)
			if g := show(got); !slices.Equal(g, tt.want) {
				t.Errorf("traces:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestTracesTruncated(t *testing.T) {
	d := proc(t, `<startEvent id="s"/><task id="a" name="A"/><task id="b" name="B"/><exclusiveGateway id="g"/><endEvent id="e"/>`+
		chain("s", "g", "a", "e")+chain("g", "b", "e"))
	if _, trunc := Traces(d, TraceLimits{MaxTraces: 1}); !trunc {
		t.Error("one trace of two kept: want truncated")
	}
	if _, trunc := Traces(d, TraceLimits{}); trunc {
		t.Error("all traces kept: want not truncated")
	}
}
