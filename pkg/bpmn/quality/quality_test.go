package quality_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func miwgDir(t testing.TB) string { return testenv.MIWGDir(t) }

func analyzeMIWG(t *testing.T, name string) (*quality.Report, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(miwgDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := quality.AnalyzeFile(data, name)
	if err != nil {
		t.Fatalf("AnalyzeFile(%s): %v", name, err)
	}
	return r, data
}

// rawCount counts start tags of the given local names with a regular
// expression over the file text: a check on the inventory that shares no
// code with the parser.
func rawCount(data []byte, names ...string) int {
	re := regexp.MustCompile(`<([A-Za-z0-9_.-]+:)?(` + strings.Join(names, "|") + `)[\s/>]`)
	return len(re.FindAll(data, -1))
}

func distinctRefs(data []byte, attr string) int {
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(attr+`="([^"]+)"`).FindAllSubmatch(data, -1) {
		seen[string(m[1])] = true
	}
	return len(seen)
}

var (
	taskNames    = []string{"task", "userTask", "serviceTask", "sendTask", "receiveTask", "manualTask", "businessRuleTask", "scriptTask"}
	gatewayNames = []string{"exclusiveGateway", "parallelGateway", "inclusiveGateway", "eventBasedGateway", "complexGateway"}
	eventNames   = []string{"startEvent", "endEvent", "intermediateCatchEvent", "intermediateThrowEvent", "boundaryEvent"}
)

// TestMIWGReports analyses all 21 reference models: inventory counts match
// the files, every section is present in order, scores and labels agree
// with their bands, and the text is deterministic.
func TestMIWGReports(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(miwgDir(t), "*.bpmn"))
	if len(files) != 21 {
		t.Fatalf("want 21 MIWG models, found %d", len(files))
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, data := analyzeMIWG(t, name)
			inv := r.ElementInventoryData()
			checks := []struct {
				cat  string
				want int
			}{
				{"tasks", rawCount(data, taskNames...)},
				{"gateways", rawCount(data, gatewayNames...)},
				{"events", rawCount(data, eventNames...)},
				{"lanes", rawCount(data, "lane")},
				{"pools", rawCount(data, "participant")},
				{"transitions", rawCount(data, "sequenceFlow")},
				// references, plus global data stores no reference draws
				{"data_stores", rawCount(data, "dataStoreReference") + rawCount(data, "dataStore") - distinctRefs(data, "dataStoreRef")},
			}
			for _, c := range checks {
				if got := inv[c.cat].(map[string]any)["count"]; got != c.want {
					t.Errorf("%s count = %v, file holds %d", c.cat, got, c.want)
				}
			}
			text := r.FormattedText()
			pos := 0
			for _, s := range quality.Sections {
				i := strings.Index(text[pos:], "=== "+s+" ===\n")
				if i < 0 {
					t.Fatalf("section %q missing or out of order", s)
				}
				pos += i
			}
			if r.Score.Overall < 0 || r.Score.Overall > 100 || len(r.Score.Categories) != 4 {
				t.Errorf("score %+v out of shape", r.Score)
			}
			sum := 0.0
			weights := 0
			for _, c := range r.Score.Categories {
				lost := 0.0
				for _, d := range c.Deductions {
					if d.Source == "" || d.Points <= 0 {
						t.Errorf("deduction without a named source or points: %+v", d)
					}
					lost += d.Points
				}
				if want := max(0, c.Total-lost); abs(c.Score-want) > 0.05 {
					t.Errorf("%s: score %.1f, total %.0f minus deductions %.1f", c.Key, c.Score, c.Total, lost)
				}
				sum += c.Score
				weights += c.WeightPercent
			}
			if weights != 100 || abs(float64(r.Score.Overall)-sum) > 0.5 {
				t.Errorf("overall %d is not the sum of categories %.1f (weights %d)", r.Score.Overall, sum, weights)
			}
			if len(r.Lint.Findings) > 0 && len(r.Issues) == 0 {
				t.Error("findings but no issues")
			}
			again, _ := analyzeMIWG(t, name)
			if again.FormattedText() != text {
				t.Error("report is not deterministic")
			}
		})
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestGoldenReports pins the full text of a few models
// (testdata/<model>.txt; -update rewrites them after review).
func TestGoldenReports(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"A.1.0.bpmn", "B.2.0.bpmn", "C.6.0.bpmn", "C.8.1.bpmn"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, _ := analyzeMIWG(t, name)
			meta, err := json.MarshalIndent(map[string]any{
				"element_inventory_data":  r.ElementInventoryData(),
				"process_complexity_data": r.ProcessComplexityData(),
			}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got := r.FormattedText() + "\n--- metadata ---\n" + string(meta) + "\n"
			testenv.Golden(t, filepath.Join("testdata", strings.TrimSuffix(name, ".bpmn")+".txt"), []byte(got))
		})
	}
}

const modelJSON = `{
  "process_name": "Invoice approval",
  "process_purpose": "Pay correct invoices on time.",
  "participants": [{"name": "Clerk"}, {"name": "Manager"}],
  "activities": [
    {"id": "a1", "name": "Check invoice", "performer": "Clerk"},
    {"id": "a2", "name": "Approve invoice", "performer": "Manager"},
    {"id": "a3", "name": "Pay invoice", "performer": "Clerk"}
  ],
  "gateways": [{"id": "g1", "type": "exclusive", "name": "Invoice correct?", "performer": "Clerk"}],
  "events": [
    {"id": "s", "type": "start", "name": "Invoice received", "performer": "Clerk"},
    {"id": "e1", "type": "end", "name": "Invoice paid", "performer": "Clerk"},
    {"id": "e2", "type": "end", "name": "Invoice rejected", "performer": "Clerk"}
  ],
  "flows": [
    {"id": "f1", "source": "s", "target": "a1"},
    {"id": "f2", "source": "a1", "target": "g1"},
    {"id": "f3", "source": "g1", "target": "a2", "condition": "yes"},
    {"id": "f4", "source": "g1", "target": "e2", "condition": "no"},
    {"id": "f5", "source": "a2", "target": "a3"},
    {"id": "f6", "source": "a3", "target": "e1"}
  ]
}`

func TestAnalyzeFileJSONModel(t *testing.T) {
	t.Parallel()
	r, err := quality.AnalyzeFile([]byte(modelJSON), "invoice.json")
	if err != nil {
		t.Fatalf("AnalyzeFile: %v", err)
	}
	if r.ProcessName != "Invoice approval" {
		t.Errorf("process name = %q", r.ProcessName)
	}
	if len(r.Inventory.Tasks) != 3 || len(r.Inventory.Lanes) != 2 || len(r.Inventory.Gateways) != 1 {
		t.Errorf("inventory = %d tasks, %d lanes, %d gateways", len(r.Inventory.Tasks), len(r.Inventory.Lanes), len(r.Inventory.Gateways))
	}
	if r.Lint.Errors != 0 {
		t.Errorf("generated BPMN has lint errors: %+v", r.Lint.Findings)
	}
	if !r.FromModelJSON || !strings.Contains(string(r.XML), "Check invoice") {
		t.Error("the drawn BPMN is not kept on the report")
	}
}

func TestAnalyzeFileRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, data, detail string
	}{
		{"broken json", "m.json", `{"process_name": `, "not a SPADE process model"},
		{"json of the wrong shape", "m.json", `{"activities": 3}`, "not a SPADE process model"},
		{"json of another kind", "m.json", `{"process_name": "x", "steps": []}`, "none of the fields"},
		{"empty model", "m.json", `{"process_name": "x", "activities": []}`, "nothing to draw"},
		{"not bpmn", "m.xml", `<html><body/></html>`, "not a BPMN 2.0 model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := quality.AnalyzeFile([]byte(tt.data), tt.file)
			if err == nil {
				t.Fatal("want an error")
			}
			d, ok := failure.Detail(err)
			if !ok || !failure.IsPermanent(err) || !strings.Contains(d, tt.detail) {
				t.Fatalf("error %v: detail %q, want permanent mentioning %q", err, d, tt.detail)
			}
		})
	}
}

func TestEmptyModelScoresLow(t *testing.T) {
	t.Parallel()
	r, err := quality.AnalyzeFile([]byte(`<definitions xmlns="`+parse.ModelNS+`"><collaboration id="c"><participant id="p" name="Customer"/></collaboration></definitions>`), "empty.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	if r.Score.Overall >= 50 || r.Score.Categories[0].Deductions[0].Source != "metric:size" {
		t.Errorf("empty model scored %d (%+v)", r.Score.Overall, r.Score.Categories[0])
	}
}

func TestFileNameFallbackAndRuleErrors(t *testing.T) {
	t.Parallel()
	data := []byte(`<definitions xmlns="` + parse.ModelNS + `"><process id="p"><startEvent id="s" name="Go"/><endEvent id="e" name="Done"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/></process></definitions>`)
	r, err := quality.AnalyzeFile(data, "uploads/My Flow.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	if r.ProcessName != "My Flow" || r.FileName != "My Flow.bpmn" {
		t.Errorf("name %q file %q", r.ProcessName, r.FileName)
	}
	// No diagram: the whole layout category is lost, by a named metric.
	if c := r.Score.Categories[3]; c.Score != 0 || c.Deductions[0].Source != "metric:diagram" {
		t.Errorf("layout category = %+v", c)
	}
	defs, _ := parse.Parse(data)
	rep := lint.New(rules.All()...).Run(defs, lint.Recommended)
	rep.RuleErrors = append(rep.RuleErrors, lint.RuleError{Rule: "fake-join", Message: "rule crashed: boom"})
	text := quality.Analyze(defs, rep).FormattedText()
	if !strings.Contains(text, "Rule fake-join could not run (rule crashed: boom)") {
		t.Errorf("crashed rule not reported in the overview:\n%s", text)
	}
}

func TestMetadataIsJSON(t *testing.T) {
	t.Parallel()
	r, _ := analyzeMIWG(t, "C.1.1.bpmn")
	b, err := json.Marshal(r.Metadata())
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"element_inventory_data", "process_complexity_data", "quality"} {
		if back[k] == nil {
			t.Errorf("metadata lacks %s", k)
		}
	}
	if q := back["quality"].(map[string]any); q["score"] == nil || q["issues"] == nil {
		t.Errorf("quality = %v", q)
	}
	pcd := back["process_complexity_data"].(map[string]any)
	if pcd["score_denominator"] != float64(10) || pcd["rating"] == "" {
		t.Errorf("process_complexity_data = %v", pcd)
	}
	lanes := back["element_inventory_data"].(map[string]any)["lanes"].(map[string]any)
	if lanes["count"] != float64(len(r.Inventory.Lanes)) {
		t.Errorf("lanes = %v", lanes)
	}
}

func TestDigest(t *testing.T) {
	t.Parallel()
	r, _ := analyzeMIWG(t, "B.2.0.bpmn")
	d := r.Digest()
	for _, want := range []string{"Process: " + r.ProcessName, "Quality score: ", "Issue 1 (error): Missing end event", "Complexity: Moderate"} {
		if !strings.Contains(d, want) {
			t.Errorf("digest lacks %q:\n%s", want, d)
		}
	}
	if len(d) > 3000 {
		t.Errorf("digest is %d bytes; it should stay compact", len(d))
	}
}

// TestReportNamesWithoutIDs: the report a person reads names an unnamed
// element by its kind and position and a flow by its ends, never by the
// modeller's ids, in the text and in the inventory metadata.
func TestReportNamesWithoutIDs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body string
		want       []string
	}{
		{"unnamed tasks and gateway", `<process id="P"><startEvent id="StartEvent_1x"/><task id="Activity_0ab12cd"/>
<exclusiveGateway id="Gateway_0x8f3k2"/><task id="T2" name="Approve"/><task id="Activity_9zz"/><endEvent id="Event_0qq"/>
<sequenceFlow id="Flow_1" sourceRef="StartEvent_1x" targetRef="Activity_0ab12cd"/><sequenceFlow id="Flow_2" sourceRef="Activity_0ab12cd" targetRef="Gateway_0x8f3k2"/>
<sequenceFlow id="Flow_3" name="yes" sourceRef="Gateway_0x8f3k2" targetRef="T2"/><sequenceFlow id="Flow_4" sourceRef="Gateway_0x8f3k2" targetRef="Activity_9zz"/>
<sequenceFlow id="Flow_5" sourceRef="T2" targetRef="Event_0qq"/><sequenceFlow id="Flow_6" sourceRef="Activity_9zz" targetRef="Event_0qq"/></process>`,
			[]string{"the 1st unnamed task [task]; Approve [task]; the 2nd unnamed task [task]", "Gateways (1): the unnamed exclusive gateway [exclusive]",
				"the unnamed exclusive gateway → Approve (yes)", "Elements involved (1): the unnamed end event\n"}},
		{"named elements in issues", `<process id="P"><task id="Activity_0ab12cd" name="Check"/><task id="Activity_1" name="Pay"/></process>`,
			[]string{"Elements involved (2): Check; Pay\n"}},
	}
	ids := regexp.MustCompile(`\b(Activity|Gateway|Event|StartEvent|Flow)_\w+`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := quality.AnalyzeFile([]byte(`<definitions xmlns="`+parse.ModelNS+`" id="D">`+tt.body+`</definitions>`), "ids.bpmn")
			if err != nil {
				t.Fatal(err)
			}
			text := r.FormattedText()
			meta, err := json.Marshal(r.ElementInventoryData())
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{text, string(meta)} {
				if id := ids.FindString(s); id != "" {
					t.Errorf("the report shows the id %q:\n%s", id, s)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q:\n%s", w, text)
				}
			}
		})
	}
}
