package worker

import (
	"errors"
	"fmt"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

func TestNotUsersFault(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"provider unreachable", fmt.Errorf("call: %w", llm.ErrUnavailable), true},
		{"rate limited", fmt.Errorf("call: %w", llm.ErrRateLimited), true},
		{"key rejected", llm.ErrAuth, true},
		{"server fault", errors.New("database is locked"), true},
		{"unreadable file", failure.Permanent("This PDF cannot be read.", nil), false},
		{"content refused", llm.ErrRefused, false},
		{"request the provider cannot process", llm.ErrInvalidRequest, false},
	}
	for _, tt := range tests {
		if got := notUsersFault(tt.err); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
