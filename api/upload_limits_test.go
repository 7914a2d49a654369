package api

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/config"
)

// TestUploadKindsFollowConfig: the limits the upload routes enforce are
// the configured ones, the same fields /api/config advertises.
func TestUploadKindsFollowConfig(t *testing.T) {
	t.Parallel()
	cfg := &config.Config{MaxDocumentBytes: 3 << 20, MaxImageBytes: 4 << 20, MaxBPMNBytes: 5 << 20, MaxDemoBytes: 6 << 20}
	tests := []struct {
		name string
		cfg  *config.Config
		want [4]int64
	}{
		{"configured", cfg, [4]int64{3 << 20, 4 << 20, 5 << 20, 6 << 20}},
		{"defaults", nil, [4]int64{config.DefaultMaxDocumentBytes, config.DefaultMaxImageBytes, config.DefaultMaxBPMNBytes, config.DefaultMaxDemoBytes}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := newUploadKinds(tt.cfg)
			got := [4]int64{k.document.Limit, k.image.Limit, k.bpmn.Limit, k.demo.Limit}
			if got != tt.want {
				t.Fatalf("limits = %v, want %v", got, tt.want)
			}
			if k.document.Detect == nil || k.demo.Fields == nil {
				t.Fatal("WithLimit dropped the kind's other fields")
			}
		})
	}
	if got := DocumentUpload.WithLimit(3 << 20).LimitMB(); got != 3 {
		t.Errorf("LimitMB = %d, want 3", got)
	}
}
