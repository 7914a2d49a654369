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
