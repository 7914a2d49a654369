package tomodel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// chain is a process of n id-less tasks in a row, each reading a data
// object through an id-less association: the shape that made id
// generation quadratic.
func chain(n int) []byte {
	var b strings.Builder
	b.WriteString(head + `<process id="P"><dataObject id="DO"/><dataObjectReference id="R" dataObjectRef="DO"/>`)
	for i := 0; i < n; i++ {
		b.WriteString(`<task name="t"><dataInputAssociation><sourceRef>R</sourceRef></dataInputAssociation></task>`)
	}
	b.WriteString(`</process></definitions>`)
	return []byte(b.String())
}

func TestManyIDlessElements(t *testing.T) {
	t.Parallel()
	r, err := ConvertXML(chain(20_000))
	if err != nil {
		t.Fatal(err)
	}
	checkModel(t, r)
	if len(r.Model.Activities) != 20_000 || len(r.Model.DataAssociations) != 20_000 {
		t.Errorf("%d activities, %d data associations", len(r.Model.Activities), len(r.Model.DataAssociations))
	}
}

// BenchmarkConvert measures the conversion alone (the file parsed once),
// on the largest MIWG model and on 20,000 id-less tasks; compare ns/op per
// element between the two to see that it stays linear.
func BenchmarkConvert(b *testing.B) {
	big, err := os.ReadFile(filepath.Join(testenv.MIWGDir(b), "B.2.0.bpmn"))
	if err != nil {
		b.Fatal(err)
	}
	for name, data := range map[string][]byte{"B.2.0": big, "chain-20000": chain(20_000), "chain-5000": chain(5_000)} {
		defs, err := parse.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Convert(defs); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(defs.Elements())), "ns/element")
		})
	}
}
