package bpmn

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/bench/layout/graphgen"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestLayoutGolden pins the drawings of generated processes and
// collaborations (many of them folded into rows) and of the development
// BPMN files (round-trip set, MIWG A and B; never the held-back C files)
// by a hash per case, so that a refactoring or a speed-up of the layout
// shows at once when it changes any drawing (go test -update after an
// intended change).
func TestLayoutGolden(t *testing.T) {
	t.Parallel()
	type tc struct {
		name  string
		model func() (*process.Model, error)
	}
	var cases []tc
	for _, n := range []int{30, 50, 120, 200, 400} {
		for seed := uint64(1); seed <= 3; seed++ {
			cases = append(cases,
				tc{fmt.Sprintf("process %d seed %d", n, seed), func() (*process.Model, error) { return graphgen.Model(n, seed), nil }},
				tc{fmt.Sprintf("collaboration %d seed %d", n, seed), func() (*process.Model, error) { return graphgen.Collaboration(n, seed), nil }})
		}
	}
	var files []string
	dev, _ := filepath.Glob(filepath.Join("..", "..", "bench", "roundtrip", "testdata", "*.bpmn"))
	files = append(files, dev...)
	miwg, _ := filepath.Glob(filepath.Join(testenv.MIWGDir(t), "[AB].*.bpmn"))
	files = append(files, miwg...)
	for _, f := range files {
		for _, verbatim := range []bool{true, false} {
			cases = append(cases, tc{fmt.Sprintf("%s verbatim=%v", filepath.Base(f), verbatim), func() (*process.Model, error) {
				src, err := os.ReadFile(f)
				if err != nil {
					return nil, err
				}
				m, err := tomodel.FromXML(src)
				if err != nil {
					return nil, err
				}
				m.Verbatim = verbatim
				return m, nil
			}})
		}
	}
	var out strings.Builder
	for _, c := range cases {
		m, err := c.model()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, err := Build(m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		fmt.Fprintf(&out, "%x %s\n", sha256.Sum256(b), c.name)
	}
	testenv.Golden(t, filepath.Join("testdata", "layout-golden.txt"), []byte(out.String()))
}
