package tomodel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// nested returns a process with n sub-processes nested in each other.
func nested(n int) []byte {
	var b strings.Builder
	b.WriteString(head + `<process id="P">`)
	for i := 0; i < n; i++ {
		b.WriteString(`<subProcess id="S` + itoa(i) + `">`)
	}
	b.WriteString(`<task id="T" name="Deep"/>`)
	for i := 0; i < n; i++ {
		b.WriteString(`</subProcess>`)
	}
	b.WriteString(`</process></definitions>`)
	return []byte(b.String())
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

// hostile are files a careless or malicious modeller could upload.
var hostile = map[string]string{
	"boundary on a gateway":               `<process id="P"><exclusiveGateway id="G"/><boundaryEvent id="B" attachedToRef="G"/><task id="T"/><sequenceFlow id="F" sourceRef="B" targetRef="T"/></process>`,
	"boundary on itself":                  `<process id="P"><boundaryEvent id="B" attachedToRef="B"/></process>`,
	"call activity calls its own process": `<process id="P"><callActivity id="C" calledElement="P"/></process>`,
	"lane names a sub-process child": `<process id="P"><laneSet><lane id="L" name="X"><flowNodeRef>Inner</flowNodeRef><flowNodeRef>P</flowNodeRef></lane></laneSet>
<subProcess id="S"><task id="Inner"/></subProcess></process>`,
	"processRef cycle": `<collaboration id="C"><participant id="PA" processRef="PA"/><participant id="PB" processRef="C"/><messageFlow id="M" sourceRef="PA" targetRef="PA"/></collaboration><process id="P"><task id="T"/></process>`,
	"ids colliding across pools": `<collaboration id="C"><participant id="X" processRef="A"/><participant id="X" processRef="B"/></collaboration>
<process id="A"><task id="X"/><sequenceFlow id="F" sourceRef="X" targetRef="X"/></process><process id="B"><task id="X"/><laneSet><lane id="X"/></laneSet></process>`,
	"default names a task":        `<process id="P"><exclusiveGateway id="G" default="T"/><task id="T"/></process>`,
	"association to nothing":      `<process id="P"><task id="T"/><textAnnotation id="N"/><association id="A" sourceRef="N" targetRef="Nope"/><association id="A2" sourceRef="T" targetRef="T"/></process>`,
	"data association loops":      `<process id="P"><task id="T"><dataInputAssociation><sourceRef>T</sourceRef></dataInputAssociation><dataOutputAssociation><targetRef>P</targetRef></dataOutputAssociation></task></process>`,
	"event definition references": `<signal id="Sig"/><process id="P"><intermediateCatchEvent id="E"><eventDefinitionRef>Sig</eventDefinitionRef><eventDefinitionRef>E</eventDefinitionRef></intermediateCatchEvent></process>`,
	"empty ids":                   `<process id=""><task id=""/><task id=""/><sequenceFlow id="" sourceRef="" targetRef=""/></process>`,
}

func TestHostileFiles(t *testing.T) {
	t.Parallel()
	for name, body := range hostile {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := ConvertXML(wrap(body))
			if err != nil {
				if _, ok := failure.Detail(err); !ok {
					t.Fatalf("error without a detail: %v", err)
				}
				return
			}
			checkModel(t, r)
		})
	}
	t.Run("10,000 nested sub-processes are refused with a detail", func(t *testing.T) {
		_, err := FromXML(nested(10_000))
		if d, ok := failure.Detail(err); !ok || !strings.Contains(d, "levels deep") {
			t.Fatalf("err = %v, want the depth refusal", err)
		}
	})
	t.Run("100 nested sub-processes convert", func(t *testing.T) {
		m, err := FromXML(nested(100))
		if err != nil {
			t.Fatal(err)
		}
		if a := activity(m, "T"); a.Parent != "S99" {
			t.Errorf("deep task parent = %q", a.Parent)
		}
	})
}

// checkModel asserts what every converted model keeps: unique node ids,
// and flows and boundary events naming nodes of the model.
func checkModel(t *testing.T, r *Result) {
	t.Helper()
	m := r.Model
	ids := map[string]bool{}
	for _, id := range nodeIDs(m) {
		if id == "" || ids[id] {
			t.Fatalf("node id %q empty or twice", id)
		}
		ids[id] = true
	}
	for _, f := range m.Flows {
		if !ids[f.Source] || !ids[f.Target] {
			t.Fatalf("flow %s names %s → %s, not both nodes", f.ID, f.Source, f.Target)
		}
	}
	_ = r.Note()
}

// FuzzFromXML: any bytes give a model that keeps its invariants or an
// error with a user-facing detail; never a panic.
func FuzzFromXML(f *testing.F) {
	// Only the small MIWG models (TestMIWG converts all of them): the
	// fuzzer spends its default 60 s minimising each large interesting
	// input, showing 0 execs/s meanwhile. Run it with
	// -fuzzminimizetime 2s.
	files, _ := filepath.Glob(filepath.Join(testenv.MIWGDir(f), "*.bpmn"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 20_000 {
			f.Add(b)
		}
	}
	for _, body := range hostile {
		f.Add(wrap(body))
	}
	f.Add(nested(50))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ConvertXML(data)
		if err != nil {
			if _, ok := failure.Detail(err); !ok {
				t.Fatalf("error without a detail: %v", err)
			}
			return
		}
		checkModel(t, r)
	})
}
