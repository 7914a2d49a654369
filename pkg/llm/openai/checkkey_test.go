package openai

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

func TestCheckKey(t *testing.T) {
	tests := []struct {
		name     string
		key      string
		status   int
		body     string
		sentinel error // nil: the key works
		detail   string
		requests int
	}{
		{name: "good key", key: " sk-good ", status: 200, body: `{"object":"list","data":[{"id":"gpt-4o-mini","object":"model","owned_by":"system"}]}`, requests: 1},
		{name: "bad key", key: "sk-wrong", status: 401,
			body:     `{"error":{"message":"Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`,
			sentinel: llm.ErrAuth, detail: "The AI provider rejected this key: Incorrect API key provided: sk-wrong", requests: 1},
		{name: "server busy", key: "sk-good", status: 503, body: `{"error":{"message":"overloaded"}}`, sentinel: llm.ErrUnavailable, detail: llm.DetailUnavailable, requests: 1},
		{name: "blank key", key: " ", sentinel: llm.ErrAuth, detail: "Please enter an API key."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []*http.Request
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = append(got, r)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			p, err := New(Config{BaseURL: srv.URL, Timeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			err = p.CheckKey(context.Background(), tc.key)
			if tc.sentinel == nil && err != nil || tc.sentinel != nil && !errors.Is(err, tc.sentinel) {
				t.Fatalf("err = %v, want %v", err, tc.sentinel)
			}
			if d, _ := failure.Detail(err); d != tc.detail {
				t.Errorf("detail %q, want %q", d, tc.detail)
			}
			if len(got) != tc.requests {
				t.Fatalf("%d requests, want %d", len(got), tc.requests)
			}
			if tc.requests > 0 && (got[0].Method != http.MethodGet || got[0].URL.Path != "/v1/models" || got[0].Header.Get("Authorization") != "Bearer sk-good" && tc.name != "bad key") {
				t.Errorf("request %s %s auth %q", got[0].Method, got[0].URL.Path, got[0].Header.Get("Authorization"))
			}
		})
	}
}
