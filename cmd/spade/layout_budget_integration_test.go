package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn"
)

// denseBPMN is a BPMN file of n tasks with every pair connected (the
// attack of issue 27, row 1), with one BPMNShape when shape is set (row 2:
// the file keeps its own diagram, and layout=spade redraws it in the api).
func denseBPMN(n int, shape bool) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="D" targetNamespace="http://example.com">
<process id="P" name="Dense">`)
	for i := range n {
		fmt.Fprintf(&b, `<task id="T%d" name="Task %d"/>`, i, i)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			fmt.Fprintf(&b, `<sequenceFlow id="F%d_%d" sourceRef="T%d" targetRef="T%d"/>`, i, j, i, j)
		}
	}
	b.WriteString(`</process>`)
	if shape {
		b.WriteString(`<bpmndi:BPMNDiagram id="DI"><bpmndi:BPMNPlane id="PL" bpmnElement="P"><bpmndi:BPMNShape id="S0" bpmnElement="T0"><dc:Bounds x="0" y="0" width="100" height="80"/></bpmndi:BPMNShape></bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`)
	}
	b.WriteString(`</definitions>`)
	return []byte(b.String())
}

// TestDenseBPMNWithinBudget: dense BPMN files are drawn within the
// layout's work budget, in the worker (no diagram interchange) and in the
// api (layout=spade), with a note when the drawing is the simple layout or
// the file's own diagram.
func TestDenseBPMNWithinBudget(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	for _, tc := range []struct {
		name  string
		tasks int
		shape bool
		// worker: the metadata's layout note; api: the header of
		// layout=spade
		workerNote, apiNote string
	}{
		{"small, no diagram", 20, false, "", ""},
		{"over the work budget, no diagram", 75, false, bpmn.SimplifiedNote, ""},
		{"over the work budget, own diagram", 75, true, "", bpmn.SimplifiedNote},
		{"over the element cap, own diagram", 110, true, "", "This diagram has 6105 elements; SPADE redraws diagrams of up to 5000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, v, body := s.upload("/api/bpmn/analyze", "dense.bpmn", denseBPMN(tc.tasks, tc.shape))
			if code != http.StatusAccepted {
				t.Fatalf("upload %d %s", code, body)
			}
			v = s.waitFor(v.ID, 3*time.Minute, finished)
			if v.Status != analysis.StatusCompleted {
				t.Fatalf("status %s (%s)", v.Status, v.Detail)
			}
			note, _ := v.Metadata.Extra["layout_note"].(string)
			if note != tc.workerNote {
				t.Errorf("worker's layout note %q, want %q", note, tc.workerNote)
			}
			if !tc.shape {
				return
			}
			res, out := s.do(http.MethodGet, "/api/bpmn/"+v.ID+"?layout=spade", nil, "")
			if res.StatusCode != http.StatusOK || !strings.Contains(string(out), "<definitions") && !strings.Contains(string(out), ":definitions") {
				t.Fatalf("layout=spade: %d %.200s", res.StatusCode, out)
			}
			if got := res.Header.Get(api.LayoutNoteHeader); !strings.HasPrefix(got, tc.apiNote) || (tc.apiNote == "") != (got == "") {
				t.Errorf("layout=spade note %q, want %q", got, tc.apiNote)
			}
		})
	}
}

// TestUTF16BPMNUpload: a BPMN file saved as UTF-16 (with its byte order
// mark) is analysed like its UTF-8 twin (it was refused as the wrong
// type); one cut off in half a character is refused with that reason.
func TestUTF16BPMNUpload(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	doc := `<?xml version="1.0" encoding="UTF-16"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="http://example.com">
<process id="P" name="Prüfung"><startEvent id="S"/><task id="T" name="Rechnung prüfen"/><endEvent id="E"/>
<sequenceFlow id="F1" sourceRef="S" targetRef="T"/><sequenceFlow id="F2" sourceRef="T" targetRef="E"/></process></definitions>`
	enc := func(s string) []byte {
		out := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			out = append(out, byte(u), byte(u>>8))
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		data   []byte
		status int
		want   string
	}{
		{"UTF-16 LE", enc(doc), http.StatusAccepted, "Rechnung prüfen"},
		{"cut off", enc(doc)[:101], http.StatusBadRequest, "ends in half a character"},
	} {
		code, v, body := s.upload("/api/bpmn/analyze", "model.bpmn", tc.data)
		if code != tc.status {
			t.Fatalf("%s: upload %d %s", tc.name, code, body)
		}
		if code != http.StatusAccepted {
			if !strings.Contains(string(body), tc.want) {
				t.Errorf("%s: %s, want %q", tc.name, body, tc.want)
			}
			continue
		}
		v = s.waitFor(v.ID, time.Minute, finished)
		if v.Status != analysis.StatusCompleted || !strings.Contains(v.FormattedText, tc.want) {
			t.Errorf("%s: %s (%s) %.200s", tc.name, v.Status, v.Detail, v.FormattedText)
		}
	}
}
