package text

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestAnalyzeIsDeterministic reads texts whose models once depended on map
// order (an outside party's copied gateways were numbered in it) several
// times: one text gives one model.
func TestAnalyzeIsDeterministic(t *testing.T) {
	for _, name := range []string{
		"bank-payment-recall-call",
		"hc-preauth-insurer-narrative",
		"ins-repair-shop-estimate-narrative",
		"mfg-8d-complaint-supplier-email",
		"pub-vat-refund-email",
		"t14-pub-tree-felling-letter",
	} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "..", "..", "bench", "quality", "scenarios", "dev", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			first, err := json.Marshal(Analyze(context.Background(), string(data), name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			for run := 2; run <= 4; run++ {
				again, err := json.Marshal(Analyze(context.Background(), string(data), name+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				if string(again) != string(first) {
					t.Fatalf("run %d gave another model than run 1", run)
				}
			}
		})
	}
}
