package parse_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// miwgDir finds ../shared/testdata/bpmn/miwg-reference relative to the
// module root (the directory holding go.mod).
func miwgDir(t testing.TB) string { return testenv.MIWGDir(t) }

func miwgFiles(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(miwgDir(t), "*.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 21 {
		t.Fatalf("want the 21 MIWG reference models, found %d", len(files))
	}
	return files
}

// rawScan counts start tags by local name, independently of the parser:
// it uses RawToken (no namespace resolution by the decoder) and resolves
// prefixes itself, so that the parser's namespace handling is checked
// rather than repeated. Bytes are passed through unchanged whatever the
// declared encoding; element names are ASCII in every MIWG file.
type rawCounts struct {
	model      map[string]int // BPMN model namespace, by local name
	byNS       map[string]int // "ns local" for BPMNDI/DC/DI elements
	attrRefs   map[string]int // model elements carrying a given attribute
	waypoints  int
	flowNodeIn int // text of <flowNodeRef> elements that are non-empty
}

const (
	diNS  = "http://www.omg.org/spec/BPMN/20100524/DI"
	dcNS  = "http://www.omg.org/spec/DD/20100524/DC"
	ddiNS = "http://www.omg.org/spec/DD/20100524/DI"
)

func rawScan(t *testing.T, data []byte) rawCounts {
	t.Helper()
	c := rawCounts{model: map[string]int{}, byNS: map[string]int{}, attrRefs: map[string]int{}}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	type frame struct{ ns map[string]string }
	stack := []frame{{ns: map[string]string{}}}
	lookup := func(prefix string) string {
		for i := len(stack) - 1; i >= 0; i-- {
			if v, ok := stack[i].ns[prefix]; ok {
				return v
			}
		}
		return ""
	}
	var inFlowNodeRef bool
	foreign := 0 // depth inside elements of other namespaces (extensions)
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("raw scan: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			f := frame{ns: map[string]string{}}
			for _, a := range tk.Attr {
				if a.Name.Space == "xmlns" {
					f.ns[a.Name.Local] = a.Value
				} else if a.Name.Space == "" && a.Name.Local == "xmlns" {
					f.ns[""] = a.Value
				}
			}
			stack = append(stack, f)
			ns := lookup(tk.Name.Space)
			if foreign > 0 || (ns != parse.ModelNS && ns != diNS && ns != dcNS && ns != ddiNS) {
				// BPMN-namespace elements nested in vendor extensions are
				// extension content, not part of the model.
				foreign++
				continue
			}
			switch ns {
			case parse.ModelNS:
				c.model[tk.Name.Local]++
				for _, a := range tk.Attr {
					if a.Name.Space == "" {
						c.attrRefs[tk.Name.Local+"@"+a.Name.Local]++
					}
				}
				inFlowNodeRef = tk.Name.Local == "flowNodeRef"
			case diNS, dcNS, ddiNS:
				c.byNS[tk.Name.Local]++
				if tk.Name.Local == "waypoint" {
					c.waypoints++
				}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if foreign > 0 {
				foreign--
			}
			inFlowNodeRef = false
		case xml.CharData:
			if inFlowNodeRef && strings.TrimSpace(string(tk)) != "" {
				c.flowNodeIn++
			}
		}
	}
	return c
}

func TestMIWGElementCounts(t *testing.T) {
	t.Parallel()
	for _, f := range miwgFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			raw := rawScan(t, data)
			defs, err := parse.Parse(data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}

			// Every model element in the file is in the tree, by kind.
			got := map[string]int{}
			defs.Walk(func(e *parse.Element) bool { got[e.Kind]++; return true })
			for k, n := range raw.model {
				if got[k] != n {
					t.Errorf("%s: parsed %d, file holds %d", k, got[k], n)
				}
			}
			for k, n := range got {
				if raw.model[k] == 0 {
					t.Errorf("%s: parsed %d, file holds none", k, n)
				}
			}

			// Links: every sequence flow is attached at both ends, once.
			var out, in, flows, lanesRefs, withProcess int
			defs.Walk(func(e *parse.Element) bool {
				out += len(e.Outgoing)
				in += len(e.Incoming)
				lanesRefs += len(e.FlowNodeRefs)
				if e.Kind == "sequenceFlow" {
					flows++
					if e.Source == nil || e.Target == nil {
						t.Errorf("sequence flow %s has an unresolved end", e.ID)
					}
				}
				if e.Kind == "participant" && e.ProcessRef != nil {
					withProcess++
				}
				return true
			})
			if flows != raw.model["sequenceFlow"] || out != flows || in != flows {
				t.Errorf("sequence flows: %d parsed, %d outgoing, %d incoming; file holds %d", flows, out, in, raw.model["sequenceFlow"])
			}
			if lanesRefs != raw.flowNodeIn {
				t.Errorf("lane flowNodeRefs: %d resolved, file holds %d", lanesRefs, raw.flowNodeIn)
			}
			if withProcess != raw.attrRefs["participant@processRef"] {
				t.Errorf("participants with a process: %d, file holds %d processRef attributes", withProcess, raw.attrRefs["participant@processRef"])
			}

			// DI: shapes, edges and waypoints.
			var shapes, edges, wps, noBounds int
			for _, dg := range defs.Diagrams {
				shapes += len(dg.Shapes)
				edges += len(dg.Edges)
				for _, e := range dg.Edges {
					wps += len(e.Waypoints)
				}
				for _, s := range dg.Shapes {
					if s.Bounds == nil {
						noBounds++
					}
				}
			}
			if len(defs.Diagrams) != raw.byNS["BPMNDiagram"] || shapes != raw.byNS["BPMNShape"] ||
				edges != raw.byNS["BPMNEdge"] || wps != raw.waypoints {
				t.Errorf("DI: %d diagrams %d shapes %d edges %d waypoints; file holds %d %d %d %d",
					len(defs.Diagrams), shapes, edges, wps, raw.byNS["BPMNDiagram"], raw.byNS["BPMNShape"], raw.byNS["BPMNEdge"], raw.waypoints)
			}
			if noBounds != 0 {
				t.Errorf("%d shapes without readable bounds", noBounds)
			}
		})
	}
}

// TestMIWGHandCounted pins a few counts taken by hand (grep) from the files,
// so that the raw scan above cannot agree with the parser by sharing a bug.
func TestMIWGHandCounted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file                                     string
		tasks, flows, lanes, participants, msgFl int
		shapes                                   int
		unresolved                               int
	}{
		{"A.1.0.bpmn", 3, 4, 0, 0, 0, 5, 0},
		{"A.4.0.bpmn", 6, 13, 2, 1, 2, 20, 0},
		{"B.2.0.bpmn", 22, 85, 2, 2, 2, 99, 0},
		{"C.4.0.bpmn", 0, 41, 2, 4, 0, 53, 0},
		{"C.8.1.bpmn", 0, 16, 0, 1, 0, 25, 3},
	}
	dir := miwgDir(t)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defs, err := parse.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			n := map[string]int{}
			defs.Walk(func(e *parse.Element) bool { n[e.Kind]++; return true })
			shapes := 0
			for _, d := range defs.Diagrams {
				shapes += len(d.Shapes)
			}
			got := []int{n["task"], n["sequenceFlow"], n["lane"], n["participant"], n["messageFlow"], shapes, len(defs.Unresolved)}
			want := []int{tt.tasks, tt.flows, tt.lanes, tt.participants, tt.msgFl, tt.shapes, tt.unresolved}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("counts (task, sequenceFlow, lane, participant, messageFlow, shape, unresolved) = %v, want %v", got, want)
					break
				}
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("<bpmn:extensionElements>", 10000)
	deep = `<bpmn:definitions xmlns:bpmn="` + parse.ModelNS + `">` + deep
	laughs := `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<definitions xmlns="` + parse.ModelNS + `"><process id="p" name="&lol3;"/></definitions>`
	tests := []struct {
		name   string
		data   []byte
		detail string
	}{
		{"too large", bytes.Repeat([]byte(" "), parse.MaxSize+1), "limit is 10 MB"},
		{"too deep", []byte(deep), "levels deep"},
		{"too many elements", []byte(`<definitions xmlns="` + parse.ModelNS + `">` + strings.Repeat("<a/>", parse.MaxElements) + `</definitions>`), "XML elements"},
		{"billion laughs", []byte(laughs), "DTD"},
		{"not xml", []byte("just some text"), "holds no XML element"},
		{"pdf", []byte("%PDF-1.7 binary"), "This file is a PDF"},
		{"visio", []byte("PK\x03\x04\x14\x00visio/document.xml"), "ZIP archive"},
		{"binary with a tag", []byte("\x00<a\x00"), "not well-formed XML"},
		{"empty", []byte(""), "empty"},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>`), "This file is not a BPMN 2.0 model: its root element is <svg>"},
		{"definitions of another language", []byte(`<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/"/>`), "not a BPMN 2.0 model"},
		{"unclosed", []byte(`<definitions xmlns="` + parse.ModelNS + `"><process id="p">`), "not well-formed XML"},
		{"unknown entity", []byte(`<definitions xmlns="` + parse.ModelNS + `"><process name="&x;"/></definitions>`), "not well-formed XML"},
		{"unknown encoding", []byte(`<?xml version="1.0" encoding="x-klingon"?><definitions xmlns="` + parse.ModelNS + `"/>`), "encoding"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := parse.Parse(tt.data)
			if err == nil {
				t.Fatal("Parse succeeded, want an error")
			}
			if !failure.IsPermanent(err) {
				t.Fatalf("error %v is not permanent", err)
			}
			detail, _ := failure.Detail(err)
			if !strings.Contains(detail, tt.detail) {
				t.Fatalf("detail %q does not mention %q", detail, tt.detail)
			}
		})
	}
}

func TestParseEncodings(t *testing.T) {
	t.Parallel()
	body := `<definitions xmlns="` + parse.ModelNS + `"><process id="p"><task id="t" name="Prüfen café"/></process></definitions>`
	latin1 := []byte(`<?xml version="1.0" encoding="ISO-8859-1"?>`)
	for _, r := range body {
		latin1 = append(latin1, byte(r)) // every rune of body is < 256
	}
	win := bytes.Replace(latin1, []byte("ISO-8859-1"), []byte("windows-1252"), 1)
	var utf16 []byte
	utf16 = append(utf16, 0xFF, 0xFE)
	for _, r := range `<?xml version="1.0" encoding="UTF-16"?>` + body {
		utf16 = append(utf16, byte(r), byte(r>>8))
	}
	utf16be := []byte{0xFE, 0xFF}
	for _, r := range body {
		utf16be = append(utf16be, byte(r>>8), byte(r))
	}
	bom := append([]byte{0xEF, 0xBB, 0xBF}, []byte(body)...)
	label := func(enc string, data []byte) []byte {
		return append([]byte(`<?xml version="1.0" encoding="`+enc+`"?>`), data...)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"iso-8859-1", latin1},
		{"windows-1252", win},
		{"utf-16le with BOM", utf16},
		{"utf-16be with BOM, no declaration", utf16be},
		{"utf-8 with BOM", bom},
		{"label latin1", label("latin1", latin1[len(`<?xml version="1.0" encoding="ISO-8859-1"?>`):])},
		{"label UTF8 without dash", label("UTF8", []byte(body))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			defs, err := parse.Parse(tt.data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := defs.ByID("t").Name; got != "Prüfen café" {
				t.Fatalf("name = %q, want %q", got, "Prüfen café")
			}
		})
	}
}

const linked = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:vendor="urn:vendor" xmlns:tns="urn:tns"
  id="defs" targetNamespace="urn:tns">
  <bpmn:message id="m1" name="Order"/>
  <bpmn:collaboration id="c">
    <bpmn:participant id="pool1" name="Shop" processRef="tns:p1"/>
    <bpmn:participant id="pool2" name="Customer"/>
    <bpmn:messageFlow id="mf" sourceRef="pool2" targetRef="start" messageRef="m1"/>
  </bpmn:collaboration>
  <bpmn:process id="p1" isExecutable="false" vendor:color="red">
    <bpmn:extensionElements><vendor:props><vendor:prop key="a">1</vendor:prop></vendor:props></bpmn:extensionElements>
    <bpmn:laneSet id="ls">
      <bpmn:lane id="l1" name="Sales">
        <bpmn:flowNodeRef>start</bpmn:flowNodeRef>
        <bpmn:childLaneSet id="ls2">
          <bpmn:lane id="l11" name="Desk"><bpmn:flowNodeRef>sub</bpmn:flowNodeRef></bpmn:lane>
        </bpmn:childLaneSet>
      </bpmn:lane>
    </bpmn:laneSet>
    <bpmn:startEvent id="start"><bpmn:messageEventDefinition messageRef="m1"/></bpmn:startEvent>
    <bpmn:transaction id="sub" default="f3">
      <bpmn:startEvent id="s2"/>
      <bpmn:subProcess id="inner" triggeredByEvent="true"><bpmn:startEvent id="s3"><bpmn:timerEventDefinition/></bpmn:startEvent></bpmn:subProcess>
    </bpmn:transaction>
    <bpmn:boundaryEvent id="b1" attachedToRef="sub" cancelActivity="false"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
    <bpmn:endEvent id="end"/>
    <bpmn:dataObject id="do"/>
    <bpmn:dataObjectReference id="dor" dataObjectRef="do"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="sub"/>
    <bpmn:sequenceFlow id="f3" sourceRef="tns:sub" targetRef="end"><bpmn:conditionExpression>x &gt; 1</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f4" sourceRef="b1" targetRef="missing"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="pl" bpmnElement="c">
    <bpmndi:BPMNShape id="s_start" bpmnElement="start"><dc:Bounds x="1" y="2" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s_sub" bpmnElement="sub" isExpanded="true"><dc:Bounds x="100" y="0" width="300" height="200"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="e_f1" bpmnElement="f1"><di:waypoint x="37" y="20"/><di:waypoint x="100" y="20"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`

func TestParseLinks(t *testing.T) {
	t.Parallel()
	defs, err := parse.Parse([]byte(linked))
	if err != nil {
		t.Fatal(err)
	}
	el := defs.ByID
	if el("pool1").ProcessRef != el("p1") || el("p1").Participant != el("pool1") {
		t.Error("participant processRef with a QName prefix not resolved")
	}
	if mf := el("mf"); mf.Source != el("pool2") || mf.Target != el("start") {
		t.Error("message flow ends not resolved")
	}
	if got := el("sub").Incoming; len(got) != 1 || got[0] != el("f1") {
		t.Errorf("sub incoming = %v", got)
	}
	if el("sub").Default != el("f3") || el("f3").Condition() == nil || el("f3").Condition().Text != "x > 1" {
		t.Error("default flow or condition not read")
	}
	if b := el("b1"); b.AttachedTo != el("sub") || len(el("sub").Boundary) != 1 || b.BoolAttr("cancelActivity", true) {
		t.Error("boundary event not attached or cancelActivity misread")
	}
	if el("start").EventType() != "message" || el("b1").EventType() != "error" || el("end").EventType() != "none" {
		t.Error("event types misread")
	}
	if !el("inner").TriggeredByEvent() || el("inner").Container() != el("sub") || el("s3").Container() != el("inner") {
		t.Error("event sub-process nesting not read")
	}
	if got := el("sub").Lanes; len(got) != 1 || got[0] != el("l11") {
		t.Errorf("nested lane membership = %v", got)
	}
	if el("p1").Extensions != nil || len(el("p1").ForeignAttrs) != 1 {
		t.Error("foreign attribute not kept on the process")
	}
	ext := el("p1").Child("extensionElements")
	if ext == nil || len(ext.Extensions) != 1 || ext.Extensions[0].Children[0].Text != "1" {
		t.Error("vendor extension elements not kept")
	}
	if s := el("sub").Shape; s == nil || s.Bounds == nil || s.Bounds.Width != 300 || s.Expanded == nil || !*s.Expanded {
		t.Error("shape bounds or isExpanded not read")
	}
	if e := el("f1").Edge; e == nil || len(e.Waypoints) != 2 || e.Waypoints[1].X != 100 {
		t.Error("edge waypoints not read")
	}
	if len(defs.Unresolved) != 1 || defs.Unresolved[0].To != "missing" || defs.Unresolved[0].Attr != "targetRef" {
		t.Errorf("unresolved = %+v, want the one to 'missing'", defs.Unresolved)
	}
	if len(defs.Processes) != 1 || len(defs.Collaborations) != 1 {
		t.Error("root elements not classified")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(linked))
	f.Add([]byte(`<definitions xmlns="` + parse.ModelNS + `"><process id="p"><task id="t"/></process></definitions>`))
	f.Add([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><definitions xmlns="` + parse.ModelNS + `"/>`))
	f.Add([]byte(`<!DOCTYPE x [<!ENTITY a "b">]><definitions/>`))
	f.Add([]byte{0xFF, 0xFE, '<', 0})
	if files, err := filepath.Glob(filepath.Join(miwgDir(f), "A.*.bpmn")); err == nil {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defs, err := parse.Parse(data)
		if err != nil {
			if _, ok := failure.Detail(err); !ok {
				t.Fatalf("error without a user-facing detail: %v", err)
			}
			return
		}
		// Touch what the rules touch; nothing may panic.
		defs.Walk(func(e *parse.Element) bool {
			_ = e.EventType()
			_ = e.Container()
			for _, o := range e.Outgoing {
				if o.Source != e {
					t.Fatalf("outgoing flow %s does not start at %s", o.ID, e.ID)
				}
			}
			return true
		})
	})
}
