package bpmn

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
)

// modellerModel is what a modeller's file holds and bpmnlint would flag:
// a task splitting implicitly on conditions (with a default), a task
// merging two flows without a gateway, unnamed start, end and gateway,
// a flow whose condition expression differs from its name, an unnamed
// conditional flow, and a throw event that reads a data object.
func modellerModel(verbatim bool) *process.Model {
	return &process.Model{
		Version:     process.Version,
		ProcessName: "Claims",
		Verbatim:    verbatim,
		Activities: []process.Activity{
			{ID: "check", Name: "Check claim"},
			{ID: "pay", Name: "Pay claim"},
			{ID: "reject", Name: "Reject claim"},
			{ID: "file", Name: "File claim"},
		},
		Gateways: []process.Gateway{{ID: "g", Type: process.GatewayParallel}},
		Events: []process.Event{
			{ID: "s", Type: process.EventStart},
			{ID: "tell", Type: process.EventIntermediate, Trigger: process.TriggerSignal, Throw: true, Name: "Claim closed"},
			{ID: "e", Type: process.EventEnd},
		},
		Data: []process.Data{{ID: "claim", Name: "Claim", Kind: process.DataObject}},
		DataAssociations: []process.DataAssociation{
			{ID: "read", Source: "claim", Target: "tell"},
		},
		Flows: []process.Flow{
			{ID: "f1", Source: "s", Target: "check"},
			{ID: "f2", Source: "check", Target: "pay", Condition: "covered", Conditional: true, Expression: "amount <= limit"},
			{ID: "f3", Source: "check", Target: "reject", Condition: "amount > limit", Conditional: true, Expression: "amount > limit", Unnamed: true},
			{ID: "f4", Source: "check", Target: "g", Default: true},
			{ID: "f5", Source: "g", Target: "file"},
			{ID: "f6", Source: "g", Target: "file"},
			{ID: "f7", Source: "pay", Target: "file"},
			{ID: "f8", Source: "reject", Target: "file"},
			{ID: "f9", Source: "file", Target: "tell"},
			{ID: "f10", Source: "tell", Target: "e"},
		},
	}
}

// TestBuildVerbatim: a model converted from a file is drawn as the file
// said (no gateway, event or label added; conditions, defaults and
// expressions as they were), while the same model from an analyzer is
// made bpmnlint-clean as before.
func TestBuildVerbatim(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		verbatim bool
		// gateways, events: ids in the drawing
		gateways, events string
		// flows: id → "source>target name [expression]"
		flows map[string]string
		// unnamed lists nodes that must have no name
		unnamed []string
		// defaults: node → its default flow
		defaults map[string]string
	}{
		{
			name: "verbatim", verbatim: true,
			gateways: "g", events: "e s tell",
			flows: map[string]string{
				"f1": "s>check", "f2": "check>pay covered [amount <= limit]", "f3": "check>reject [amount > limit]",
				"f4": "check>g", "f5": "g>file", "f6": "g>file", "f7": "pay>file", "f8": "reject>file",
				"f9": "file>tell", "f10": "tell>e",
			},
			unnamed:  []string{"s", "e", "g"},
			defaults: map[string]string{"check": "f4"},
		},
		{
			name: "from an analyzer", verbatim: false,
			// a split after "check", a merge before "file"
			gateways: "Gateway_Merge_file Gateway_Split_check g", events: "e s tell",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out, err := Build(modellerModel(tt.verbatim))
			if err != nil {
				t.Fatal(err)
			}
			d, err := parse.Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			var gws, evs []string
			flows := map[string]string{}
			d.Walk(func(e *parse.Element) bool {
				switch {
				case parse.IsGateway(e.Kind):
					gws = append(gws, e.ID)
				case parse.IsEvent(e.Kind):
					evs = append(evs, e.ID)
				case e.Kind == "sequenceFlow":
					s := e.Source.ID + ">" + e.Target.ID
					if e.Name != "" {
						s += " " + e.Name
					}
					if c := e.Condition(); c != nil {
						s += " [" + strings.TrimSpace(c.Text) + "]"
					}
					flows[e.ID] = s
				}
				return true
			})
			sort.Strings(gws)
			sort.Strings(evs)
			if got := strings.Join(gws, " "); got != tt.gateways {
				t.Errorf("gateways = %s, want %s", got, tt.gateways)
			}
			if got := strings.Join(evs, " "); got != tt.events {
				t.Errorf("events = %s, want %s", got, tt.events)
			}
			for id, want := range tt.flows {
				if flows[id] != want {
					t.Errorf("flow %s = %q, want %q", id, flows[id], want)
				}
			}
			if tt.flows != nil && len(flows) != len(tt.flows) {
				t.Errorf("%d flows drawn, want %d: %v", len(flows), len(tt.flows), flows)
			}
			for _, id := range tt.unnamed {
				if e := d.ByID(id); e == nil || e.Name != "" {
					t.Errorf("%s: named %q, want no name", id, e.Name)
				}
			}
			for node, f := range tt.defaults {
				if e := d.ByID(node); e == nil || e.Default == nil || e.Default.ID != f {
					t.Errorf("%s: default flow is not %s", node, f)
				}
			}
			// the throw event reads the claim through a data input of its own
			tell := d.ByID("tell")
			in := tell.Child("dataInputAssociation")
			if in == nil || in.Child("sourceRef") == nil || strings.TrimSpace(in.Child("sourceRef").Text) != "claim" {
				t.Fatalf("throw event lost its data input: %s", out)
			}
			if target := strings.TrimSpace(in.Child("targetRef").Text); d.ByID(target) == nil || d.ByID(target).Kind != "dataInput" {
				t.Errorf("data input association ends at %q, not at a data input of the event", target)
			}
			checkDiagram(t, out)
			f := filepath.Join(t.TempDir(), "verbatim.bpmn")
			if err := os.WriteFile(f, out, 0o644); err != nil {
				t.Fatal(err)
			}
			validateXSD(t, f)
		})
	}
}

// TestRoundTripDefinitions: a file's event definitions come back as the
// file gave them: a multiple event's own triggers, and a timer's time
// element even without text.
func TestRoundTripDefinitions(t *testing.T) {
	t.Parallel()
	src := []byte(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="http://example.com">
  <process id="P">
    <startEvent id="S" name="Order or hourly"><messageEventDefinition id="S1"/><timerEventDefinition id="S2"><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></startEvent>
    <intermediateCatchEvent id="W" name="Deadline"><timerEventDefinition id="W1"><timeDate/></timerEventDefinition></intermediateCatchEvent>
    <endEvent id="E" name="Done"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="W"/>
    <sequenceFlow id="F2" sourceRef="W" targetRef="E"/>
  </process>
</definitions>`)
	m, err := tomodel.FromXML(src)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Build(m)
	if err != nil {
		t.Fatal(err)
	}
	d, err := parse.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id, want string // definitions, each with its time element
	}{
		{"S", "messageEventDefinition timerEventDefinition/timeCycle=R3/PT1H"},
		{"W", "timerEventDefinition/timeDate="},
	}
	for _, tt := range tests {
		e := d.ByID(tt.id)
		if e == nil {
			t.Fatalf("%s missing", tt.id)
		}
		var got []string
		for _, def := range e.EventDefinitions {
			s := def.Kind
			for _, k := range []string{"timeDuration", "timeDate", "timeCycle"} {
				if x := def.Child(k); x != nil {
					s += "/" + k + "=" + strings.TrimSpace(x.Text)
				}
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: definitions %q, want %q", tt.id, strings.Join(got, " "), tt.want)
		}
	}
	f := filepath.Join(t.TempDir(), "defs.bpmn")
	if err := os.WriteFile(f, out, 0o644); err != nil {
		t.Fatal(err)
	}
	validateXSD(t, f)
}
