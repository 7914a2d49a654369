package quality_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/quality"
)

// diamonds builds a process of n exclusive split/join diamonds in a row:
// 2^n start-to-end paths, the worst case for path counting.
func diamonds(n int) []byte {
	var b strings.Builder
	b.WriteString(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" name="Diamonds"><startEvent id="s" name="Start"/>`)
	prev := "s"
	flow := 0
	f := func(src, tgt string) {
		flow++
		fmt.Fprintf(&b, `<sequenceFlow id="f%d" sourceRef="%s" targetRef="%s"/>`, flow, src, tgt)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<exclusiveGateway id="x%d" name="Choice %d?"/><task id="a%d" name="A %d"/><task id="b%d" name="B %d"/><exclusiveGateway id="j%d"/>`, i, i, i, i, i, i, i)
		f(prev, fmt.Sprintf("x%d", i))
		f(fmt.Sprintf("x%d", i), fmt.Sprintf("a%d", i))
		f(fmt.Sprintf("x%d", i), fmt.Sprintf("b%d", i))
		f(fmt.Sprintf("a%d", i), fmt.Sprintf("j%d", i))
		f(fmt.Sprintf("b%d", i), fmt.Sprintf("j%d", i))
		prev = fmt.Sprintf("j%d", i)
	}
	b.WriteString(`<endEvent id="e" name="End"/>`)
	f(prev, "e")
	b.WriteString(`</process></definitions>`)
	return []byte(b.String())
}

func TestPathCountIsBounded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n       int
		paths   int
		bounded bool
	}{
		{3, 8, false},
		{10, 1024, false},
		{60, 10_000, true},
	}
	for _, tt := range tests {
		r, err := quality.AnalyzeFile(diamonds(tt.n), "d.bpmn")
		if err != nil {
			t.Fatal(err)
		}
		c := r.Complexity
		if c.Paths != tt.paths || c.PathsBounded != tt.bounded {
			t.Errorf("%d diamonds: paths %d bounded %v, want %d %v", tt.n, c.Paths, c.PathsBounded, tt.paths, tt.bounded)
		}
		if tt.n == 60 {
			tr := r.ElementInventoryData()["transitions"].(map[string]any)
			if tr["count"] != 301 || len(tr["names"].([]string)) != 301 || tr["truncated"] != nil {
				t.Errorf("transitions metadata: count %v, %d names, truncated %v", tr["count"], len(tr["names"].([]string)), tr["truncated"])
			}
		}
		if tt.n == 60 && (c.Label != quality.ComplexityHigh || c.GatewayMismatch != 0 || c.CFC != 120) {
			t.Errorf("60 diamonds: %+v", c)
		}
	}
}

func BenchmarkAnalyzeFile(b *testing.B) {
	big := diamonds(500) // 2,002 flow nodes
	b.Run("diamonds-500", func(b *testing.B) {
		for b.Loop() {
			if _, err := quality.AnalyzeFile(big, "d.bpmn"); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The worst case of no-negative-to-positive: 500 rejection branches,
	// each searched to the payment at the end.
	rejects := strings.ReplaceAll(strings.ReplaceAll(string(big), `name="B `, `name="Reject item `), `name="End"`, `name="Invoice paid"`)
	b.Run("diamonds-500-rejections", func(b *testing.B) {
		for b.Loop() {
			if _, err := quality.AnalyzeFile([]byte(rejects), "d.bpmn"); err != nil {
				b.Fatal(err)
			}
		}
	})
	data, err := os.ReadFile(filepath.Join(miwgDir(b), "B.2.0.bpmn"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("miwg-B.2.0", func(b *testing.B) {
		for b.Loop() {
			if _, err := quality.AnalyzeFile(data, "B.2.0.bpmn"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestInventoryMetadataIsBounded(t *testing.T) {
	t.Parallel()
	r, err := quality.AnalyzeFile(diamonds(120), "d.bpmn") // 482 nodes, 601 sequence flows, no diagram
	if err != nil {
		t.Fatal(err)
	}
	tr := r.ElementInventoryData()["transitions"].(map[string]any)
	if tr["count"] != 601 || len(tr["names"].([]string)) != 500 || tr["truncated"] != true {
		t.Errorf("transitions metadata: count %v, %d names, truncated %v", tr["count"], len(tr["names"].([]string)), tr["truncated"])
	}
	for _, is := range r.Issues {
		if is.Rule == "no-bpmndi" && (is.ElementCount != 1083 || len(is.Elements) != 200) {
			t.Errorf("no-bpmndi issue: %d elements, %d listed", is.ElementCount, len(is.Elements))
		}
	}
}
