package gemini

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"google.golang.org/genai"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestMapError pins what each SDK error becomes, for the system key and
// a user's key: the error, the detail the user reads, whether it is
// permanent, the wait a 429 asks for and which llm sentinels it wraps.
// The golden file was written by the code before mapError was split.
func TestMapError(t *testing.T) {
	quota := map[string]any{"@type": "type.googleapis.com/google.rpc.QuotaFailure",
		"violations": []any{map[string]any{"quotaId": "GenerateRequestsPerDayPerProjectPerModel-FreeTier"}}}
	retry := map[string]any{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "40s"}
	badKey := map[string]any{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}
	api := func(code int, status, msg string, details ...map[string]any) error {
		return genai.APIError{Code: code, Status: status, Message: msg, Details: details}
	}
	tests := []struct {
		name      string
		err       error
		cancelled bool
	}{
		{"caller gave up", errors.New("request aborted"), true},
		{"time-out", fmt.Errorf("post: %w", context.DeadlineExceeded), false},
		{"connection refused", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, false},
		{"no answer", errors.New("EOF"), false},
		{"daily quota", api(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", quota), false},
		{"daily quota by status", api(0, "RESOURCE_EXHAUSTED", "Quota exceeded.", quota), false},
		{"rate limited with a delay", api(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted.", retry), false},
		{"rate limited", api(429, "", "Too many requests."), false},
		{"401", api(401, "UNAUTHENTICATED", "Invalid credentials."), false},
		{"403", api(403, "", "Forbidden."), false},
		{"permission denied", api(0, "PERMISSION_DENIED", "No."), false},
		{"key not valid", api(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", badKey), false},
		{"key expired", api(400, "INVALID_ARGUMENT", "API key expired. Please renew the API key."), false},
		{"404", api(404, "NOT_FOUND", "models/x is not found."), false},
		{"not found by status", api(0, "NOT_FOUND", "models/x is not found."), false},
		{"408", api(408, "", "Request timeout."), false},
		{"500", api(500, "INTERNAL", "Internal error."), false},
		{"unavailable by status", api(0, "UNAVAILABLE", "Overloaded."), false},
		{"deadline by status", api(0, "DEADLINE_EXCEEDED", "Deadline."), false},
		{"context too long", api(400, "INVALID_ARGUMENT", "The input token count (2000000) exceeds the maximum number of tokens allowed (1048576)."), false},
		{"rejected", api(400, "INVALID_ARGUMENT", "Request contains an invalid argument."), false},
		{"rejected without a reason", api(400, "INVALID_ARGUMENT", "  "), false},
		{"rejected at length", api(400, "INVALID_ARGUMENT", strings.Repeat("é", 400)), false},
		{"pointer to an API error", fmt.Errorf("wrapped: %w", &genai.APIError{Code: 503, Status: "UNAVAILABLE", Message: "Busy."}), false},
	}
	sentinels := []struct {
		name string
		err  error
	}{
		{"auth", llm.ErrAuth}, {"user key", llm.ErrUserKey}, {"rate limited", llm.ErrRateLimited}, {"unavailable", llm.ErrUnavailable},
		{"unreachable", llm.ErrUnreachable}, {"invalid request", llm.ErrInvalidRequest}, {"model not found", llm.ErrModelNotFound},
		{"context length", llm.ErrContextLength}, {"deadline", context.DeadlineExceeded},
	}
	var out strings.Builder
	for _, tt := range tests {
		for _, userKey := range []bool{false, true} {
			ctx, cancel := context.WithCancel(context.Background())
			if tt.cancelled {
				cancel()
			}
			err := mapError(ctx, tt.err, userKey, "gemini-2.0-flash")
			cancel()
			detail, _ := failure.Detail(err)
			wait, _ := llm.RetryAfter(err)
			var is []string
			for _, s := range sentinels {
				if errors.Is(err, s.err) {
					is = append(is, s.name)
				}
			}
			fmt.Fprintf(&out, "== %s (user key %v)\nerror: %v\ndetail: %q\npermanent: %v, retry after: %v, is: %v\n",
				tt.name, userKey, err, detail, failure.IsPermanent(err), wait, is)
		}
	}
	testenv.Golden(t, filepath.Join("testdata", "maperror.txt"), []byte(out.String()))
}
