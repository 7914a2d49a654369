package bpmn

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/bench/layout/graphgen"
	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// moduleRoot walks up from the package directory to go.mod.
func moduleRoot(t testing.TB) string { return testenv.RepoRoot(t) }

// schemaPath finds the BPMN 2.0 XSD in the shared test data beside the
// repository.
func schemaPath(t testing.TB) string {
	t.Helper()
	p := filepath.Join(moduleRoot(t), "..", "shared", "testdata", "xsd", "BPMN20.xsd")
	testenv.Require(t, p, "the BPMN 2.0 schema: "+testenv.HintSharedData)
	return p
}

// ValidateXSD runs xmllint against the OMG schema.
func validateXSD(t *testing.T, files ...string) {
	t.Helper()
	xmllint := testenv.LookPath(t, "xmllint", testenv.HintXmllint)
	args := append([]string{"--noout", "--schema", schemaPath(t)}, files...)
	out, err := exec.Command(xmllint, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint: %v\n%s", err, out)
	}
}

// doc is the part of a BPMN document the tests look at.
type doc struct {
	Process struct {
		Lanes []struct {
			ID    string   `xml:"id,attr"`
			Name  string   `xml:"name,attr"`
			Nodes []string `xml:"flowNodeRef"`
		} `xml:"laneSet>lane"`
		Elements []struct {
			XMLName xml.Name
			ID      string `xml:"id,attr"`
			Name    string `xml:"name,attr"`
			Default string `xml:"default,attr"`
			Source  string `xml:"sourceRef,attr"`
			Target  string `xml:"targetRef,attr"`
			Cond    *struct {
				Text string `xml:",chardata"`
			} `xml:"conditionExpression"`
			Incoming []string `xml:"incoming"`
			Outgoing []string `xml:"outgoing"`
			Children []struct {
				XMLName xml.Name
			} `xml:",any"`
		} `xml:",any"`
	} `xml:"process"`
	Shapes []struct {
		Element string `xml:"bpmnElement,attr"`
		Bounds  bounds `xml:"Bounds"`
		Label   *struct {
			Bounds bounds `xml:"Bounds"`
		} `xml:"BPMNLabel"`
	} `xml:"BPMNDiagram>BPMNPlane>BPMNShape"`
	Edges []struct {
		Element string `xml:"bpmnElement,attr"`
		Points  []struct {
			X float64 `xml:"x,attr"`
			Y float64 `xml:"y,attr"`
		} `xml:"waypoint"`
		Label *struct {
			Bounds bounds `xml:"Bounds"`
		} `xml:"BPMNLabel"`
	} `xml:"BPMNDiagram>BPMNPlane>BPMNEdge"`
}

type bounds struct {
	X float64 `xml:"x,attr"`
	Y float64 `xml:"y,attr"`
	W float64 `xml:"width,attr"`
	H float64 `xml:"height,attr"`
}

func (a bounds) overlaps(b bounds) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func parseDoc(t *testing.T, b []byte) *doc {
	t.Helper()
	var d doc
	if err := xml.Unmarshal(b, &d); err != nil {
		t.Fatalf("generated XML does not parse: %v", err)
	}
	return &d
}

func isFlowNode(local string) bool {
	return strings.HasSuffix(local, "Task") || local == "task" || strings.HasSuffix(local, "Event") || strings.HasSuffix(local, "Gateway")
}

// checkDoc verifies references, lanes and the diagram of a built document.
func checkDoc(t *testing.T, m *process.Model, b []byte) {
	t.Helper()
	d := parseDoc(t, b)
	shapes := map[string]int{}
	for i, s := range d.Shapes {
		shapes[s.Element] = i
	}
	edges := map[string]bool{}
	for _, e := range d.Edges {
		edges[e.Element] = true
		if len(e.Points) < 2 {
			t.Errorf("edge %s has %d waypoints", e.Element, len(e.Points))
		}
	}
	laneOf := map[string]string{}
	for _, l := range d.Process.Lanes {
		for _, n := range l.Nodes {
			if prev, dup := laneOf[n]; dup {
				t.Errorf("node %s in lanes %s and %s", n, prev, l.ID)
			}
			laneOf[n] = l.ID
		}
	}
	ids := map[string]bool{}
	nodes := map[string]bool{}
	for _, e := range d.Process.Elements {
		if ids[e.ID] {
			t.Errorf("duplicate id %s", e.ID)
		}
		ids[e.ID] = true
		local := e.XMLName.Local
		switch {
		case isFlowNode(local):
			nodes[e.ID] = true
			if _, ok := shapes[e.ID]; !ok {
				t.Errorf("%s has no shape", e.ID)
			}
			if len(d.Process.Lanes) > 0 {
				lane, ok := laneOf[e.ID]
				if !ok {
					t.Errorf("%s is in no lane", e.ID)
				} else {
					checkInside(t, d, e.ID, lane, shapes)
				}
			}
			if strings.TrimSpace(e.Name) == "" && !strings.HasSuffix(local, "Gateway") {
				t.Errorf("%s %s has no name", local, e.ID)
			}
		case local == "sequenceFlow":
			if !edges[e.ID] {
				t.Errorf("flow %s has no edge", e.ID)
			}
			if e.Cond != nil && strings.TrimSpace(e.Name) == "" {
				t.Errorf("conditional flow %s has no name", e.ID)
			}
		}
	}
	for _, e := range d.Process.Elements {
		if e.XMLName.Local == "sequenceFlow" && (!nodes[e.Source] || !nodes[e.Target]) {
			t.Errorf("flow %s references %s -> %s", e.ID, e.Source, e.Target)
		}
	}
	lintLike(t, d, b)
	// labels stay clear of flow nodes (their own shape aside)
	var labels []bounds
	var owners []string
	for _, s := range d.Shapes {
		if s.Label != nil {
			labels, owners = append(labels, s.Label.Bounds), append(owners, s.Element)
		}
	}
	for _, e := range d.Edges {
		if e.Label != nil {
			labels, owners = append(labels, e.Label.Bounds), append(owners, e.Element)
		}
	}
	for i, lb := range labels {
		for _, s := range d.Shapes {
			if nodes[s.Element] && s.Element != owners[i] && lb.overlaps(s.Bounds) {
				t.Errorf("label of %s %v overlaps %s %v", owners[i], lb, s.Element, s.Bounds)
			}
		}
	}
	// lanes follow the performers
	if len(m.Participants) > 0 && len(d.Process.Lanes) < len(m.Participants) {
		t.Errorf("%d lanes for %d participants", len(d.Process.Lanes), len(m.Participants))
	}
}

// lintLike checks in Go what bpmnlint's recommended rules report as
// errors, so that fuzzing finds models the builder fails to repair.
func lintLike(t *testing.T, d *doc, b []byte) {
	t.Helper()
	kind := map[string]string{}
	cond := map[string]bool{}
	for _, e := range d.Process.Elements {
		kind[e.ID] = e.XMLName.Local
		if e.XMLName.Local == "sequenceFlow" {
			cond[e.ID] = e.Cond != nil
		}
	}
	blankStarts := 0
	starts, ends := 0, 0
	for _, e := range d.Process.Elements {
		local := e.XMLName.Local
		if !isFlowNode(local) {
			continue
		}
		in, out := len(e.Incoming), len(e.Outgoing)
		gateway := strings.HasSuffix(local, "Gateway")
		switch local {
		case "startEvent":
			starts++
			defs := 0
			for _, c := range e.Children {
				if strings.HasSuffix(c.XMLName.Local, "EventDefinition") {
					defs++
				}
			}
			if defs == 0 {
				blankStarts++
			}
			if in > 0 {
				t.Errorf("start event %s has incoming flows", e.ID)
			}
		case "endEvent":
			ends++
			if out > 0 {
				t.Errorf("end event %s has outgoing flows", e.ID)
			}
		}
		// a boundary event starts from the activity it is attached to
		if in == 0 && local != "startEvent" && local != "boundaryEvent" {
			t.Errorf("%s %s is an implicit start", local, e.ID)
		}
		if out == 0 && local != "endEvent" {
			t.Errorf("%s %s is an implicit end", local, e.ID)
		}
		if !gateway && out > 1 {
			t.Errorf("%s %s is an implicit split", local, e.ID)
		}
		if !gateway && in > 1 {
			t.Errorf("%s %s is a fake join", local, e.ID)
		}
		if gateway && in > 1 && out > 1 {
			t.Errorf("gateway %s joins and forks", e.ID)
		}
		if (local == "exclusiveGateway" || local == "inclusiveGateway") && out > 1 {
			if strings.TrimSpace(e.Name) == "" {
				t.Errorf("forking gateway %s has no name", e.ID)
			}
			for _, f := range e.Outgoing {
				if !cond[f] && f != e.Default {
					t.Errorf("flow %s out of %s has no condition and is not the default", f, e.ID)
				}
			}
		}
		if local == "eventBasedGateway" {
			if out < 2 {
				t.Errorf("event-based gateway %s has %d outgoing flows", e.ID, out)
			}
			for _, f := range e.Outgoing {
				if cond[f] {
					t.Errorf("flow %s out of event-based gateway is conditional", f)
				}
			}
		}
	}
	if starts == 0 || ends == 0 {
		t.Errorf("%d start and %d end events", starts, ends)
	}
	// One blank start per process (bpmnlint single-blank-start-event); the
	// doc decodes the processes of every pool into one list.
	if procs := strings.Count(string(b), "<bpmn:process "); blankStarts > max(procs, 1) {
		t.Errorf("%d blank start events in %d processes", blankStarts, procs)
	}
}

func checkInside(t *testing.T, d *doc, id, lane string, shapes map[string]int) {
	t.Helper()
	li, ok := shapes[lane]
	if !ok {
		t.Errorf("lane %s has no shape", lane)
		return
	}
	n, l := d.Shapes[shapes[id]].Bounds, d.Shapes[li].Bounds
	if n.X < l.X || n.Y < l.Y || n.X+n.W > l.X+l.W || n.Y+n.H > l.Y+l.H {
		t.Errorf("%s %v lies outside its lane %s %v", id, n, lane, l)
	}
}

func TestBuild(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var files []string
	names := make([]string, 0)
	models := testModels()
	for name := range models {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m := models[name]
		t.Run(name, func(t *testing.T) {
			b, err := Build(m)
			if err != nil {
				t.Fatal(err)
			}
			checkDoc(t, m, b)
			checkDiagram(t, b)
			again, _ := Build(m)
			if !bytes.Equal(b, again) {
				t.Error("Build is not deterministic")
			}
			f := filepath.Join(dir, name+".bpmn")
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
			if d := os.Getenv("SPADE_BPMN_DUMP"); d != "" {
				// lets a developer look at the drawings (bench/layout/svgdump)
				_ = os.WriteFile(filepath.Join(d, name+".bpmn"), b, 0o644)
			}
		})
	}
	validateXSD(t, files...)
}

func TestBuildDetails(t *testing.T) {
	t.Parallel()
	t.Run("exclusive labels and default", func(t *testing.T) {
		t.Parallel()
		b, err := Build(exclusiveModel())
		if err != nil {
			t.Fatal(err)
		}
		d := parseDoc(t, b)
		var yes, no bool
		for _, e := range d.Process.Elements {
			if e.XMLName.Local == "sequenceFlow" && e.Cond != nil {
				yes = yes || e.Name == "Yes" && e.Cond.Text == "Yes"
				no = no || e.Name == "No"
			}
		}
		if !yes || !no {
			t.Errorf("conditional flows Yes/No missing:\n%s", b)
		}
	})
	t.Run("inclusive otherwise becomes default", func(t *testing.T) {
		t.Parallel()
		b, _ := Build(threeLaneModel())
		d := parseDoc(t, b)
		found := false
		for _, e := range d.Process.Elements {
			if e.ID == "g" {
				found = e.Default != ""
			}
		}
		if !found {
			t.Errorf("inclusive gateway has no default flow")
		}
	})
	t.Run("annotations and task types", func(t *testing.T) {
		t.Parallel()
		b, _ := Build(linearModel())
		s := string(b)
		for _, want := range []string{"WT 10 min", "wt 1 d", "<bpmn:userTask", "<bpmn:messageEventDefinition", "<bpmn:association", "isHorizontal=\"true\""} {
			if !strings.Contains(s, want) {
				t.Errorf("output lacks %q", want)
			}
		}
	})
	t.Run("long names keep bounded labels", func(t *testing.T) {
		t.Parallel()
		m := exclusiveModel()
		m.Gateways[0].Name = strings.Repeat("very long question ", 300)
		m.Flows[2].Condition = strings.Repeat("condition ", 300)
		b, err := Build(m)
		if err != nil {
			t.Fatal(err)
		}
		d := parseDoc(t, b)
		for _, s := range d.Shapes {
			if s.Label != nil && s.Label.Bounds.H > 4*labelLineH {
				t.Errorf("label of %s is %v high", s.Element, s.Label.Bounds.H)
			}
		}
		for _, e := range d.Edges {
			if e.Label != nil && e.Label.Bounds.H > 4*labelLineH {
				t.Errorf("label of %s is %v high", e.Element, e.Label.Bounds.H)
			}
		}
		checkDoc(t, m, b)
	})
	t.Run("no performers, no lanes", func(t *testing.T) {
		t.Parallel()
		b, _ := Build(noLaneModel())
		s := string(b)
		if strings.Contains(s, "laneSet") || !strings.Contains(s, "<bpmn:startEvent") || !strings.Contains(s, "<bpmn:endEvent") {
			t.Errorf("want no lanes and added start/end events:\n%s", s)
		}
	})
	t.Run("messy model is repaired", func(t *testing.T) {
		t.Parallel()
		b, _ := Build(messyModel())
		s := string(b)
		for _, want := range []string{"<bpmn:startEvent", "<bpmn:endEvent", "<bpmn:parallelGateway", "Messy &lt;process&gt; &amp;", `name="Team A"`, `name="Team B"`} {
			if !strings.Contains(s, want) {
				t.Errorf("output lacks %q", want)
			}
		}
		if strings.Contains(s, "eventBasedGateway") {
			t.Error("event-based gateway before a task should become exclusive")
		}
		if strings.Count(s, `<bpmn:lane `) != 2 {
			t.Errorf("want 2 lanes (Team A, Team B), got %d", strings.Count(s, `<bpmn:lane `))
		}
	})
}

func TestBuildEmpty(t *testing.T) {
	t.Parallel()
	for _, m := range []*process.Model{nil, {}, {ProcessName: "x", Participants: []process.Participant{{Name: "A"}}}} {
		_, err := Build(m)
		if !errors.Is(err, ErrEmptyModel) || !failure.IsPermanent(err) {
			t.Errorf("Build(%v) err = %v, want permanent ErrEmptyModel", m, err)
		}
	}
}

func TestBuildGolden(t *testing.T) {
	t.Parallel()
	b, err := Build(exclusiveModel())
	if err != nil {
		t.Fatal(err)
	}
	testenv.Golden(t, filepath.Join("testdata", "exclusive.bpmn"), b)
}

// TestReferenceTools imports every generated diagram with bpmn-moddle and
// lints it with bpmnlint's recommended config (tools/bpmncheck, installed
// with npm ci). Random models of several sizes join the hand-written ones.
func TestReferenceTools(t *testing.T) {
	t.Parallel()
	models := testModels()
	for _, n := range []int{10, 30, 80} {
		for seed := uint64(1); seed <= 3; seed++ {
			models[filepath.Base(t.Name())+"_random_"+itoa(n)+"_"+itoa(int(seed))] = graphgen.Model(n, seed)
		}
	}
	docs := map[string][]byte{}
	for name, m := range models {
		b, err := Build(m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkDoc(t, m, b)
		checkDiagram(t, b)
		docs[name] = b
	}
	bpmntest.Check(t, docs)
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{10, 50, 500, 2000} {
		m := graphgen.Model(n, 42)
		b.Run("nodes="+itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Build(m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBuildCollaboration builds the seeded collaborations of the
// layout comparison (pools, lanes, message flows; folded from about 50
// nodes).
func BenchmarkBuildCollaboration(b *testing.B) {
	for _, n := range []int{50, 200} {
		m := graphgen.Collaboration(n, 42)
		b.Run("nodes="+itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Build(m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
