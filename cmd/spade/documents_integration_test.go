package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

var formattedSections = []string{
	"=== Process Purpose ===", "=== Participants ===", "=== Process Flow Summary ===",
	"=== Sequential Activities with SIPOC ===", "=== SIPOC Summary ===", "=== Gateway Specifications ===",
}

func utf16TXT(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

const transcript = `[00:00:05] Maria: Thanks for joining. Let's walk through how a purchase request gets approved.
[00:00:12] Tom: Sure. I submit the purchase request in the portal, usually in about 10 minutes.
[00:00:30] Maria: Then I review the request. If the budget is available, I approve it in SAP.
[00:00:48] Tom: Otherwise Maria rejects it and sends me an e-mail.
[00:01:02] Lena: After approval I create the purchase order and send it to the supplier, which takes about 2 hours.
[00:01:20] Lena: The supplier usually confirms within 2 days.
`

// TestDocumentsThroughAPI analyses real and generated documents of every
// supported format through the HTTP API with the builtin analyzer and checks
// the answer a user gets: completed, a name, all six sections, a SIPOC, and
// a diagram that is XSD-valid and clean for bpmn-moddle and bpmnlint (in CI
// the tools are installed by the Taskfile, so bpmntest's skips do not apply).
func TestDocumentsThroughAPI(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	docs := map[string][]byte{}
	appn := filepath.Join(testenv.SharedTestdata(t), "docs", "appn")
	entries, err := os.ReadDir(appn)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); ext == ".pdf" || ext == ".docx" {
			b, err := os.ReadFile(filepath.Join(appn, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			docs[e.Name()] = b
		}
	}
	docs["purchase.doc"] = extracttest.DOC([]extracttest.DocPiece{{Text: "Purchase approval\r" + strings.ReplaceAll(sampleTXT, "\n", "\r")}}, extracttest.DOCOptions{})
	docs["invoice-utf16.txt"] = utf16TXT(sampleTXT)
	docs["discovery-call.txt"] = []byte(transcript)

	diagrams := map[string][]byte{}
	for name, data := range docs {
		t.Run(name, func(t *testing.T) {
			code, v, body := s.upload("/api/analyze", name, data)
			if code != http.StatusAccepted {
				t.Fatalf("upload: %d %s", code, body)
			}
			done := s.waitFor(v.ID, 3*time.Minute, finished)
			if done.Status != analysis.StatusCompleted || done.Graph.Status != analysis.GraphCompleted {
				t.Fatalf("status %s graph %s detail %q", done.Status, done.Graph.Status, done.Detail)
			}
			if strings.TrimSpace(done.ProcessName) == "" {
				t.Error("empty process name")
			}
			for _, sec := range formattedSections {
				if !strings.Contains(done.FormattedText, sec) {
					t.Errorf("formatted_text lacks %s", sec)
				}
			}
			res, b := s.do(http.MethodGet, "/api/graph/"+v.ID, nil, "")
			if res.StatusCode != 200 {
				t.Fatalf("graph: %d %s", res.StatusCode, b)
			}
			var view api.ModelView
			if err := json.Unmarshal(b, &view); err != nil {
				t.Fatal(err)
			}
			m := view.Model
			if len(m.Activities) == 0 {
				t.Fatal("no activities")
			}
			// Process Details shows the server's names: one for every
			// activity and gateway, never empty (merges the formatted
			// text leaves out are named by position too).
			for _, id := range nodeIDs(&m) {
				if view.DisplayNames[id] == "" {
					t.Errorf("activity or gateway %s has no display name", id)
				}
			}
			sipoc := process.SIPOCTable(&m)
			if name == "M3M-Fieldbook.pdf" {
				// This "fieldbook" only says its procedures are coming
				// soon: the honest answer is that it holds no process.
				if !strings.Contains(done.ProcessPurpose, "No process steps found") {
					t.Errorf("a document without steps got the purpose %q", done.ProcessPurpose)
				}
			} else if len(sipoc.Inputs) == 0 || len(sipoc.Processes) == 0 {
				t.Errorf("SIPOC lacks inputs or processes: %+v", sipoc)
			}
			// The generated documents name several people handing work
			// to each other, so every column has entries; the real SOPs
			// are mostly one performer's checklists.
			if !strings.HasPrefix(name, "APPN") && !strings.HasSuffix(name, ".pdf") &&
				(len(sipoc.Outputs) == 0 || len(sipoc.Suppliers) == 0 || len(sipoc.Customers) == 0 || len(sipoc.Systems) == 0) {
				t.Errorf("SIPOC has an empty column: %+v", sipoc)
			}
			if name == "discovery-call.txt" {
				if got := strings.Join(done.Metadata.Speakers, ","); got != "Maria,Tom,Lena" {
					t.Errorf("speakers = %q", got)
				}
			}
			res, xml := s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, "")
			if res.StatusCode != 200 {
				t.Fatalf("bpmn: %d", res.StatusCode)
			}
			diagrams[strings.ReplaceAll(name, ".", "_")+".bpmn"] = xml
		})
	}
	// XSD, bpmn-moddle import warnings and bpmnlint errors, all at once.
	bpmntest.Check(t, diagrams)
}

// TestImageThroughAPI draws a diagram, uploads it as PNG and expects the
// activities to be named from its labels (offline OCR).
func TestImageThroughAPI(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	png, err := testenv.RenderDiagram([]testenv.Box{
		{Text: "Start", X: 20, Y: 200}, {Text: "Receive Order", X: 330, Y: 200}, {Text: "Check Stock", X: 640, Y: 200},
		{Text: "Ship Goods", X: 950, Y: 200}, {Text: "Send Invoice", X: 1260, Y: 200}, {Text: "End", X: 1570, Y: 200},
	})
	if err != nil {
		t.Fatal(err)
	}
	code, v, body := s.upload("/api/image/analyze", "order-process.png", png)
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	done := s.waitFor(v.ID, time.Minute, finished)
	if done.Status != analysis.StatusCompleted {
		t.Fatalf("status %s detail %q", done.Status, done.Detail)
	}
	res, b := s.do(http.MethodGet, "/api/image/document/"+v.ID, nil, "")
	if res.StatusCode != 200 {
		t.Fatalf("image document: %d", res.StatusCode)
	}
	var img analysis.View
	if err := json.Unmarshal(b, &img); err != nil {
		t.Fatalf("image document: %v\n%s", err, b)
	}
	if img.ID != v.ID || img.Status != analysis.StatusCompleted || img.OriginalFilename != "order-process.png" {
		t.Errorf("image document = id %q status %q file %q, want %q completed order-process.png", img.ID, img.Status, img.OriginalFilename, v.ID)
	}
	_, b = s.do(http.MethodGet, "/api/graph/"+v.ID, nil, "")
	var m process.Model
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range m.Activities {
		names = append(names, a.Name)
	}
	for _, want := range []string{"Receive Order", "Check Stock", "Ship Goods", "Send Invoice"} {
		found := false
		for _, n := range names {
			if strings.EqualFold(n, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("activity %q not found in %v", want, names)
		}
	}
}

// nodeIDs are the ids of the model's activities and gateways.
func nodeIDs(m *process.Model) []string {
	var ids []string
	for _, a := range m.Activities {
		ids = append(ids, a.ID)
	}
	for _, g := range m.Gateways {
		ids = append(ids, g.ID)
	}
	return ids
}
