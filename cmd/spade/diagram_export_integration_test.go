package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/api"
)

// TestDiagramPictureExport: GET /api/bpmn/{id}/diagram.svg and .png draw
// the stored diagram on the server; a scale out of range is a 400 that
// says the range, another account's or a missing analysis a 404.
func TestDiagramPictureExport(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	checkContract(t, s)
	code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != 202 {
		t.Fatalf("upload %d %s", code, body)
	}
	s.waitFor(v.ID, 30*time.Second, finished)

	res, svg := s.do(http.MethodGet, "/api/bpmn/"+v.ID+"/diagram.svg", nil, "")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(svg, []byte("<svg ")) || !bytes.Contains(svg, []byte("<text ")) {
		t.Fatalf("svg: %d %s %.200s", res.StatusCode, res.Header.Get("Content-Type"), svg)
	}
	if !strings.Contains(res.Header.Get("Content-Disposition"), ".svg") {
		t.Errorf("svg disposition %q", res.Header.Get("Content-Disposition"))
	}
	res, pic := s.do(http.MethodGet, "/api/bpmn/"+v.ID+"/diagram.png?scale=2", nil, "")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get(api.PNGScaleHeader) != "2" {
		t.Fatalf("png: %d %s scale %q %.200s", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get(api.PNGScaleHeader), pic)
	}
	if _, err := png.Decode(bytes.NewReader(pic)); err != nil {
		t.Fatalf("png: %v", err)
	}
	// a diagram too wide for a PNG at scale 4 is drawn smaller, and says so
	code, w, body := s.upload("/api/bpmn/analyze", "wide.bpmn", []byte(wideBPMN))
	if code != 202 {
		t.Fatalf("upload wide: %d %s", code, body)
	}
	s.waitFor(w.ID, 30*time.Second, finished)
	res, pic = s.do(http.MethodGet, "/api/bpmn/"+w.ID+"/diagram.png?scale=4", nil, "")
	if res.StatusCode != 200 || res.Header.Get(api.PNGScaleHeader) == "4" || !strings.Contains(res.Header.Get(api.PNGNoteHeader), "Download the SVG") {
		t.Errorf("wide png: %d scale %q note %q", res.StatusCode, res.Header.Get(api.PNGScaleHeader), res.Header.Get(api.PNGNoteHeader))
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(pic)); err != nil || cfg.Width > 16384 {
		t.Errorf("wide png: %+v %v", cfg, err)
	}
	for _, tc := range []struct {
		path   string
		status int
		detail string
	}{
		{"/api/bpmn/" + v.ID + "/diagram.png?scale=10", 400, "between 0.25 and 4"},
		{"/api/bpmn/" + v.ID + "/diagram.png?scale=big", 400, "between 0.25 and 4"},
		{"/api/bpmn/nope/diagram.svg", 404, "not found"},
		{"/api/bpmn/nope/diagram.png", 404, "not found"},
	} {
		res, body := s.do(http.MethodGet, tc.path, nil, "")
		var d struct{ Detail string }
		if err := json.Unmarshal(body, &d); err != nil || res.StatusCode != tc.status || !strings.Contains(strings.ToLower(d.Detail), tc.detail) {
			t.Errorf("%s: %d %s", tc.path, res.StatusCode, body)
		}
	}
}

// wideBPMN draws two tasks 60,000 px apart.
const wideBPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="D" targetNamespace="http://example.com">
  <process id="P" name="Wide">
    <task id="A" name="Start here"/><task id="B" name="Far away"/>
    <sequenceFlow id="F" sourceRef="A" targetRef="B"/>
  </process>
  <bpmndi:BPMNDiagram id="Dg"><bpmndi:BPMNPlane id="Pl" bpmnElement="P">
    <bpmndi:BPMNShape id="A_di" bpmnElement="A"><dc:Bounds x="0" y="0" width="100" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="B_di" bpmnElement="B"><dc:Bounds x="60000" y="0" width="100" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F_di" bpmnElement="F"><di:waypoint x="100" y="40"/><di:waypoint x="60000" y="40"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`
