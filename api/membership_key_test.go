package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

func TestKeyCheckOutcome(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		err     error
		status  int    // 0: stored
		detail  string // of the refusal
		warning string // part of the warning when stored
	}{
		{name: "key works", err: nil},
		{name: "key rejected", err: failure.Permanent("Gemini rejected this key: API key not valid", fmt.Errorf("%w: 400", llm.ErrAuth)),
			status: http.StatusBadRequest, detail: "Gemini rejected this key: API key not valid"},
		{name: "rejection without detail", err: llm.ErrAuth, status: http.StatusBadRequest, detail: "The AI provider rejected this key."},
		{name: "unreachable", err: failure.Transient(llm.DetailUnreachable, llm.ErrUnreachable), warning: "could not be reached"},
		{name: "rate limited", err: failure.Transient(llm.DetailRateLimited, llm.ErrRateLimited), warning: "busy (rate limit)"},
		{name: "server error", err: failure.Transient(llm.DetailUnavailable, llm.ErrUnavailable), warning: "did not answer properly"},
		{name: "request gone", ctx: cancelled, err: errors.New("canceled"), status: -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			warning, refused := keyCheckOutcome(ctx, tc.err)
			switch {
			case tc.status == 0:
				if refused != nil {
					t.Fatalf("refused: %v", refused)
				}
				if tc.warning == "" && warning != "" || !strings.Contains(warning, tc.warning) {
					t.Errorf("warning = %q, want it to contain %q", warning, tc.warning)
				}
			case tc.status < 0:
				if refused == nil {
					t.Fatal("a cancelled request stored the key")
				}
			default:
				st, detail, _ := statusOf(refused)
				if st != tc.status || detail != tc.detail {
					t.Errorf("refusal = %d %q, want %d %q", st, detail, tc.status, tc.detail)
				}
			}
		})
	}
}
