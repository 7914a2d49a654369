package tomodel

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// nodeFacts are what a model says about each node, keyed by id. Names
// compare with white space folded (the builder draws a name on one line)
// and the main pool of a model without pools is the first pool of one
// with (the builder always draws a pool).
func nodeFacts(m *process.Model) map[string]string {
	out := map[string]string{}
	main := ""
	for _, p := range m.Pools {
		if !p.Collapsed {
			main = p.ID
			break
		}
	}
	for i := range m.Activities {
		m.Activities[i].Name = strings.Join(strings.Fields(m.Activities[i].Name), " ")
		if m.Activities[i].Pool == main {
			m.Activities[i].Pool = ""
		}
	}
	for i := range m.Events {
		m.Events[i].Name = strings.Join(strings.Fields(m.Events[i].Name), " ")
		if m.Events[i].Pool == main {
			m.Events[i].Pool = ""
		}
	}
	for i := range m.Gateways {
		m.Gateways[i].Name = strings.Join(strings.Fields(m.Gateways[i].Name), " ")
		if m.Gateways[i].Pool == main {
			m.Gateways[i].Pool = ""
		}
	}
	for _, a := range m.Activities {
		out[a.ID] = fmt.Sprintf("activity %q type=%s marker=%s parent=%s pool=%s lane=%s collapsed=%v", a.Name, a.Type, a.Marker, a.Parent, a.Pool, a.Performer, a.Collapsed)
	}
	for _, e := range m.Events {
		out[e.ID] = fmt.Sprintf("event %q type=%s trigger=%s throw=%v timer=%s on=%s nonint=%v parent=%s pool=%s lane=%s", e.Name, e.Type, e.Trigger, e.Throw, e.Timer, e.AttachedTo, e.NonInterrupting, e.Parent, e.Pool, e.Performer)
	}
	for _, g := range m.Gateways {
		out[g.ID] = fmt.Sprintf("gateway %q type=%s parent=%s pool=%s lane=%s", g.Name, g.Type, g.Parent, g.Pool, g.Performer)
	}
	for _, d := range m.Data {
		out[d.ID] = fmt.Sprintf("data %q kind=%s collection=%v state=%s", strings.Join(strings.Fields(d.Name), " "), d.Kind, d.Collection, d.State)
	}
	for _, f := range m.MessageFlows {
		out[f.ID] = fmt.Sprintf("message %s→%s", f.Source, f.Target)
	}
	return out
}

// TestModelRoundTrip converts a file, draws the model and converts the
// drawing again: every node, data and message flow comes back with the
// same facts. This is the loop an edit in the modeller goes through (the
// diagram SPADE drew, saved unchanged, must give the same model).
func TestModelRoundTrip(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(testenv.MIWGDir(t), "*.bpmn"))
	dev, _ := filepath.Glob(filepath.Join(testenv.RepoRoot(t), "bench", "roundtrip", "testdata", "*.bpmn"))
	for _, f := range append(files, dev...) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m1, err := FromXML(data)
			if err != nil {
				t.Fatal(err)
			}
			out, err := bpmn.Build(m1)
			if err != nil {
				t.Fatal(err)
			}
			m2, err := FromXML(out)
			if err != nil {
				t.Fatal(err)
			}
			// the builder names unnamed events and splits (bpmnlint
			// label-required)
			for i, e := range m1.Events {
				if e.Name == "" {
					for _, e2 := range m2.Events {
						if e2.ID == e.ID {
							m1.Events[i].Name = e2.Name
						}
					}
				}
			}
			for i, g := range m1.Gateways {
				if g.Name == "" {
					for _, g2 := range m2.Gateways {
						if g2.ID == g.ID {
							m1.Gateways[i].Name = g2.Name
						}
					}
				}
			}
			a, b := nodeFacts(m1), nodeFacts(m2)
			for id, fa := range a {
				if fb := b[id]; fb != fa {
					t.Errorf("%s:\n file  %s\n again %s", id, fa, fb)
				}
			}
			// Known, reported to bpmn-out: the builder rewrites some
			// calledElement values; logged, not failed.
			called := map[string]string{}
			for _, x := range m2.Activities {
				called[x.ID] = x.CalledElement
			}
			for _, x := range m1.Activities {
				if x.CalledElement != called[x.ID] {
					t.Logf("%s: calledElement %q drawn as %q", x.ID, x.CalledElement, called[x.ID])
				}
			}
		})
	}
}
