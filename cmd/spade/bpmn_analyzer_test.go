package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestBPMNAnalyzerMIWG uploads the 21 MIWG reference models through
// POST /api/bpmn/analyze: each completes, its inventory counts match the
// file, and the score, issues and every report section are present.
func TestBPMNAnalyzerMIWG(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testenv.SharedTestdata(t), "bpmn", "miwg-reference")
	files, _ := filepath.Glob(filepath.Join(dir, "*.bpmn"))
	if len(files) != 21 {
		t.Fatalf("want 21 MIWG models, found %d", len(files))
	}
	s := setup(t, stackOptions{SignIn: true, Env: map[string]string{
		"SPADE_DAILY_LIMIT": "50", // one upload per model
	}})
	count := func(data []byte, names ...string) int {
		re := regexp.MustCompile(`<([A-Za-z0-9_.-]+:)?(` + strings.Join(names, "|") + `)[\s/>]`)
		return len(re.FindAll(data, -1))
	}
	ids := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code, v, body := s.upload("/api/bpmn/analyze", filepath.Base(f), data)
		if code != http.StatusOK && code != http.StatusAccepted && code != http.StatusCreated {
			t.Fatalf("%s: upload %d %s", filepath.Base(f), code, body)
		}
		ids[f] = v.ID
	}
	for _, f := range files {
		name := filepath.Base(f)
		data, _ := os.ReadFile(f)
		v := s.waitFor(ids[f], 60*time.Second, finished)
		if v.Status != analysis.StatusCompleted {
			t.Errorf("%s: status %s (%s)", name, v.Status, v.Detail)
			continue
		}
		inv := v.Metadata.ElementInventoryData
		for cat, want := range map[string]int{
			"tasks":       count(data, "task", "userTask", "serviceTask", "sendTask", "receiveTask", "manualTask", "businessRuleTask", "scriptTask"),
			"gateways":    count(data, "exclusiveGateway", "parallelGateway", "inclusiveGateway", "eventBasedGateway", "complexGateway"),
			"events":      count(data, "startEvent", "endEvent", "intermediateCatchEvent", "intermediateThrowEvent", "boundaryEvent"),
			"lanes":       count(data, "lane"),
			"transitions": count(data, "sequenceFlow"),
		} {
			c, _ := inv[cat].(map[string]any)
			if got, _ := c["count"].(float64); int(got) != want {
				t.Errorf("%s: %s count %v, file holds %d", name, cat, c["count"], want)
			}
		}
		if pcd := v.Metadata.ProcessComplexity; pcd["score_denominator"] != float64(10) || pcd["rating"] == nil {
			t.Errorf("%s: process_complexity_data %v", name, pcd)
		}
		q, _ := v.Metadata.Quality.(map[string]any)
		score, _ := q["score"].(map[string]any)
		if score["overall"] == nil || score["label"] == nil {
			t.Errorf("%s: no quality score in metadata: %v", name, q)
		}
		issues, _ := q["issues"].([]any)
		lintSummary, _ := q["lint"].(map[string]any)
		if n, _ := lintSummary["errors"].(float64); n > 0 && len(issues) == 0 {
			t.Errorf("%s: lint errors but no issues", name)
		}
		for _, sec := range quality.Sections {
			if !strings.Contains(v.FormattedText, "=== "+sec+" ===") {
				t.Errorf("%s: formatted_text lacks section %q", name, sec)
			}
		}
		for _, sec := range process.Sections {
			if !strings.Contains(v.FormattedText, sec) {
				t.Errorf("%s: formatted_text lacks the process section %q", name, sec)
			}
		}
		res, xml := s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, "")
		if res.StatusCode != http.StatusOK || len(xml) != len(data) {
			t.Errorf("%s: GET /api/bpmn: %d, %d bytes (uploaded %d)", name, res.StatusCode, len(xml), len(data))
		}
		// the converted model is the analysis' model: what SIPOC, Process
		// Items and Details read
		res, body := s.do(http.MethodGet, "/api/graph/"+v.ID, nil, "")
		m, err := process.Decode(body)
		if res.StatusCode != http.StatusOK || err != nil || len(m.Activities) != count(data, "task", "userTask", "serviceTask", "sendTask", "receiveTask",
			"manualTask", "businessRuleTask", "scriptTask", "subProcess", "callActivity", "transaction", "adHocSubProcess") {
			t.Errorf("%s: GET /api/graph: %d, %v, %d activities", name, res.StatusCode, err, len(m.Activities))
		}
		// what the model cannot hold is said, not dropped silently
		note, _ := v.Metadata.Extra["conversion_note"].(string)
		if groups := count(data, "group"); groups > 0 && !strings.Contains(note, fmt.Sprintf("%d group", groups)) {
			t.Errorf("%s: %d groups, conversion note %q", name, groups, note)
		}
		if d, _ := v.Metadata.Extra["diagram"].(string); d != "file" {
			t.Errorf("%s: metadata.extra.diagram = %q, want file", name, d)
		}
		res, relaid := s.do(http.MethodGet, "/api/bpmn/"+v.ID+"?layout=spade", nil, "")
		if res.StatusCode != http.StatusOK || !strings.Contains(string(relaid), "BPMNShape") || string(relaid) == string(data) {
			t.Errorf("%s: GET /api/bpmn?layout=spade: %d %.200s", name, res.StatusCode, relaid)
		}
		// the re-layout says what the conversion dropped, as the upload did
		if got := res.Header.Get(api.ConversionNoteHeader); note != "" && got == "" {
			t.Errorf("%s: re-layout without the conversion note %q", name, note)
		}
	}
	res, body := s.do(http.MethodGet, "/api/bpmn/"+ids[files[0]]+"?layout=sideways", nil, "")
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "layout must be spade") {
		t.Errorf("unknown layout: %d %s", res.StatusCode, body)
	}
}

// TestBPMNAnalyzerWithoutDI uploads a BPMN file that has no diagram
// interchange: the stored diagram is SPADE's layout of the converted model
// (a viewer could draw nothing otherwise), with lanes for its lanes.
func TestBPMNAnalyzerWithoutDI(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	file := []byte(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="http://example.com">
  <process id="P" name="Approve leave">
    <laneSet id="LS"><lane id="L1" name="Employee"><flowNodeRef>S</flowNodeRef><flowNodeRef>T1</flowNodeRef></lane>
      <lane id="L2" name="Manager"><flowNodeRef>T2</flowNodeRef><flowNodeRef>E</flowNodeRef></lane></laneSet>
    <startEvent id="S" name="Leave needed"/>
    <userTask id="T1" name="Request leave"/>
    <userTask id="T2" name="Approve request"/>
    <endEvent id="E" name="Leave approved"/>
    <sequenceFlow id="F1" sourceRef="S" targetRef="T1"/>
    <sequenceFlow id="F2" sourceRef="T1" targetRef="T2"/>
    <sequenceFlow id="F3" sourceRef="T2" targetRef="E"/>
  </process>
</definitions>`)
	usage := func() int {
		t.Helper()
		res, b := s.do(http.MethodGet, "/api/membership/usage", nil, "")
		var u struct {
			UsageToday int `json:"usage_today"`
		}
		if err := json.Unmarshal(b, &u); res.StatusCode != http.StatusOK || err != nil {
			t.Fatalf("usage: %d %v %s", res.StatusCode, err, b)
		}
		return u.UsageToday
	}
	before := usage()
	// Opened in the editor (purpose=edit): the same analysis, no daily analysis used.
	code, v, body := s.upload("/api/bpmn/analyze?purpose=edit", "leave.bpmn", file)
	if code != http.StatusAccepted {
		t.Fatalf("upload %d %s", code, body)
	}
	if n := usage(); n != before {
		t.Errorf("opening a file in the editor used a daily analysis: usage %d → %d", before, n)
	}
	for path, want := range map[string]string{"/api/bpmn/analyze?purpose=sideways": "purpose must be", "/api/analyze?purpose=edit": "purpose=edit is for BPMN files"} {
		if code, _, body := s.upload(path, "leave.bpmn", file); code != http.StatusBadRequest || !strings.Contains(body, want) {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
	if n := usage(); n != before {
		t.Errorf("refused uploads used a daily analysis: usage %d → %d", before, n)
	}
	v = s.waitFor(v.ID, 60*time.Second, finished)
	if v.Status != analysis.StatusCompleted {
		t.Fatalf("status %s (%s)", v.Status, v.Detail)
	}
	s.waitFor(v.ID, 30*time.Second, func(v analysis.View) bool { return v.Graph.Status == analysis.GraphCompleted })
	res, xml := s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(string(xml), "BPMNShape") || !strings.Contains(string(xml), `name="Manager"`) ||
		!strings.Contains(string(xml), `name="Approve request"`) {
		t.Errorf("stored diagram: %d %.300s", res.StatusCode, xml)
	}
	bpmntest.Check(t, map[string][]byte{"leave": xml})

	// the editor's Re-layout lays out what the editor holds (an unsaved
	// task here), stores nothing, and refuses what is not BPMN
	edited := strings.Replace(string(file), `<userTask id="T2"`, `<task id="T3" name="Check calendar"/><userTask id="T2"`, 1)
	edited = strings.Replace(edited, `<sequenceFlow id="F2" sourceRef="T1" targetRef="T2"/>`,
		`<sequenceFlow id="F2" sourceRef="T1" targetRef="T3"/><sequenceFlow id="F4" sourceRef="T3" targetRef="T2"/>`, 1)
	edited = strings.Replace(edited, `<flowNodeRef>T1</flowNodeRef>`, `<flowNodeRef>T1</flowNodeRef><flowNodeRef>T3</flowNodeRef>`, 1)
	req, _ := json.Marshal(api.LayoutRequest{BPMNXML: edited})
	res, out := s.do(http.MethodPost, "/api/analyses/"+v.ID+"/layout", bytes.NewReader(req), echo.MIMEApplicationJSON)
	var laid api.LayoutAnswer
	if err := json.Unmarshal(out, &laid); res.StatusCode != http.StatusOK || err != nil || !strings.Contains(laid.BPMNXML, `name="Check calendar"`) ||
		!strings.Contains(laid.BPMNXML, `bpmnElement="T3"`) || laid.LayoutNote != "" {
		t.Errorf("POST layout of the edited diagram: %d %v %.300s", res.StatusCode, err, out)
	}
	bpmntest.Check(t, map[string][]byte{"relaid-edit": []byte(laid.BPMNXML)})
	if res, stored := s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, ""); res.StatusCode != http.StatusOK || strings.Contains(string(stored), "Check calendar") {
		t.Errorf("the layout was stored: %d %.200s", res.StatusCode, stored)
	}
	for _, bad := range []struct {
		body string
		code int
		want string
	}{
		{`{"bpmn_xml": "  "}`, http.StatusBadRequest, "bpmn_xml is empty"},
		{`{"bpmn_xml": "<html>not a diagram</html>"}`, http.StatusUnprocessableEntity, "BPMN"},
		{``, http.StatusBadRequest, "body is empty"},
	} {
		res, out := s.do(http.MethodPost, "/api/analyses/"+v.ID+"/layout", strings.NewReader(bad.body), echo.MIMEApplicationJSON)
		if res.StatusCode != bad.code || !strings.Contains(string(out), bad.want) {
			t.Errorf("POST layout %q: %d %s, want %d %q", bad.body, res.StatusCode, out, bad.code, bad.want)
		}
	}
	if res, out := s.do(http.MethodPost, "/api/analyses/no-such-id/layout", bytes.NewReader(req), echo.MIMEApplicationJSON); res.StatusCode != http.StatusNotFound {
		t.Errorf("POST layout of an unknown analysis: %d %s", res.StatusCode, out)
	}

	// pools without any process: the quality report is there, SPADE's
	// layout has nothing to draw and says so
	empty := []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D2" targetNamespace="http://example.com">
  <collaboration id="C"><participant id="P1" name="Customer"/><participant id="P2" name="Supplier"/></collaboration>
</definitions>`)
	code, e, body := s.upload("/api/bpmn/analyze", "pools.bpmn", empty)
	if code != http.StatusAccepted {
		t.Fatalf("upload %d %s", code, body)
	}
	if n := usage(); n != before+1 {
		t.Errorf("a BPMN analysis counts one daily analysis: usage %d → %d", before, n)
	}
	e = s.waitFor(e.ID, 60*time.Second, finished)
	if e.Status != analysis.StatusCompleted {
		t.Fatalf("pools only: status %s (%s)", e.Status, e.Detail)
	}
	res, out = s.do(http.MethodGet, "/api/bpmn/"+e.ID+"?layout=spade", nil, "")
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(out), "nothing to draw") {
		t.Errorf("layout=spade of pools only: %d %s", res.StatusCode, out)
	}
	if !strings.Contains(v.FormattedText, "Request leave") || !strings.Contains(v.FormattedText, process.SectionSIPOC) {
		t.Errorf("formatted_text: %.400s", v.FormattedText)
	}
}
