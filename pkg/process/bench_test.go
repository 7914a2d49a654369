package process

import (
	"encoding/json"
	"testing"
)

// BenchmarkRepairNested repairs 10,000 nested sub-processes (flattened
// below MaxNesting), the bad input of the model v2 issue.
func BenchmarkRepairNested(b *testing.B) {
	raw, _ := json.Marshal(nested(10000))
	for i := 0; i < b.N; i++ {
		m, _ := Decode(raw)
		Repair(m)
	}
}

// BenchmarkRepairShop repairs the small collaboration used by the tests,
// for comparison with BenchmarkRepairNested.
func BenchmarkRepairShop(b *testing.B) {
	raw, _ := json.Marshal(shop())
	for i := 0; i < b.N; i++ {
		m, _ := Decode(raw)
		Repair(m)
	}
}

// BenchmarkFormattedTextNested renders the repaired 10,000 sub-processes.
func BenchmarkFormattedTextNested(b *testing.B) {
	m := nested(10000)
	Repair(&m)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = FormattedText(&m)
	}
}
