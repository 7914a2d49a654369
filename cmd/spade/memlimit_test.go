package main

import (
	"log/slog"
	"math"
	"runtime/debug"
	"testing"

	"github.com/spade-bpmn/spade/pkg/config"
)

// TestApplyMemoryLimit: SPADE_MEMORY_LIMIT becomes the runtime's soft
// memory limit at start; unset leaves the limit as it was.
func TestApplyMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	for _, tc := range []struct {
		name string
		env  string
		want int64
	}{
		{"unset", "", before},
		{"1500MiB", "1500MiB", 1500 << 20},
		{"2GiB", "2GiB", 2 << 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			debug.SetMemoryLimit(before)
			cfg, err := config.LoadFrom(func(k string) string {
				if k == "SPADE_MEMORY_LIMIT" {
					return tc.env
				}
				return ""
			}, "text")
			if err != nil {
				t.Fatal(err)
			}
			applyMemoryLimit(cfg, slog.New(slog.DiscardHandler))
			if got := debug.SetMemoryLimit(-1); got != tc.want {
				t.Fatalf("memory limit %d, want %d", got, tc.want)
			}
		})
	}
	if before != math.MaxInt64 {
		t.Logf("GOMEMLIMIT was set in the environment: %d", before)
	}
}
