package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// TestOwnKeyProviderFailureCostsNothing: an analysis on the user's own key
// whose provider cannot be reached, or refuses the key, fails with a
// detail that speaks to the user (key kept, try again or remove the key),
// never names an operator's setting, and uses none of the day's calls.
func TestOwnKeyProviderFailureCostsNothing(t *testing.T) {
	// a local server speaking Gemini: the key checks out (models.get) but
	// generating refuses it, as a key revoked after it was saved
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet && !strings.Contains(r.URL.Path, ":") {
			_, _ = io.WriteString(w, `{"name":"models/gemini-2.0-flash","displayName":"Gemini 2.0 Flash"}`)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}`)
	}))
	t.Cleanup(refusing.Close)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	_ = l.Close()

	for _, tc := range []struct {
		name, baseURL, detail string
	}{
		{"unreachable", closed, "Your AI provider could not be reached"},
		{"key refused", refusing.URL, "Your AI provider refused your API key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newAuthStack(t, stackOptions{Env: map[string]string{"SPADE_DAILY_LIMIT": "5",
				"SPADE_LLM_PROVIDER": "gemini", "GEMINI_API_KEY": "system-key", "SPADE_LLM_BASE_URL": tc.baseURL}})
			_, sid, acct := s.session("own-key-" + strings.ReplaceAll(tc.name, " ", "-") + "@example.com")
			st, b := s.call(http.MethodPost, "/api/user-settings/api-key", req{cookie: sid, body: strings.NewReader(`{"api_key":"AIzaOwnKey9876"}`), ctype: "application/json"})
			if st != http.StatusOK {
				t.Fatalf("save key: %d %s", st, b)
			}
			body, ct := fileBody(t, "p.txt", []byte(sampleTXT), nil)
			st, b = s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct})
			if st != http.StatusAccepted {
				t.Fatalf("upload: %d %s", st, b)
			}
			var v analysis.View
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(60 * time.Second)
			for v.Status != analysis.StatusFailed && v.Status != analysis.StatusCompleted && time.Now().Before(deadline) {
				time.Sleep(200 * time.Millisecond)
				_, b = s.call(http.MethodGet, "/api/document/"+v.ID, req{cookie: sid, account: acct})
				_ = json.Unmarshal(b, &v)
			}
			if v.Status != analysis.StatusFailed {
				t.Fatalf("status %s, want failed: %s", v.Status, b)
			}
			for _, want := range []string{tc.detail, "used none of today's analyses", "key is kept", "remove the key", "built-in analyzer"} {
				if !strings.Contains(v.Detail, want) {
					t.Errorf("detail %q lacks %q", v.Detail, want)
				}
			}
			if strings.Contains(v.Detail, "SPADE_") || strings.Contains(v.Detail, "administrator") {
				t.Errorf("detail speaks to the operator: %q", v.Detail)
			}
			st, b = s.call(http.MethodGet, "/api/membership/usage", req{cookie: sid, account: acct})
			if st != http.StatusOK || !strings.Contains(string(b), `"usage_today":0`) || !strings.Contains(string(b), `"remaining_calls":5`) {
				t.Errorf("usage after the failure: %d %s, want no call used", st, b)
			}
		})
	}
}
