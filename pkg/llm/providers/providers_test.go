package providers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/llm"
)

type stubBuiltin struct{}

func (stubBuiltin) Name() string { return Builtin }
func (stubBuiltin) Analyze(context.Context, llm.Input) (*llm.Result, error) {
	return &llm.Result{ModelName: Builtin}, nil
}

func TestNew(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		builtin  llm.Provider
		wantName string
		wantErr  string
	}{
		{name: "default is builtin", builtin: stubBuiltin{}, wantName: Builtin},
		{name: "builtin by name", cfg: Config{Provider: " Builtin "}, builtin: stubBuiltin{}, wantName: Builtin},
		{name: "builtin missing", cfg: Config{Provider: "builtin"}, wantErr: "not available"},
		{name: "gemini with key", cfg: Config{Provider: "gemini", GeminiAPIKey: "k"}, wantName: Gemini},
		{name: "gemini without key", cfg: Config{Provider: "gemini", OpenAIAPIKey: "k"}, wantErr: "set GEMINI_API_KEY"},
		{name: "gemini with user keys only", cfg: Config{Provider: "gemini", UserKeysOnly: true}, wantName: Gemini},
		{name: "openai with key", cfg: Config{Provider: "openai", OpenAIAPIKey: "k"}, wantName: OpenAI},
		{name: "openai local server without key", cfg: Config{Provider: "openai", BaseURL: "http://localhost:11434"}, wantName: OpenAI},
		{name: "openai with nothing", cfg: Config{Provider: "openai"}, wantErr: "OPENAI_API_KEY, or SPADE_LLM_BASE_URL"},
		{name: "openai bad base URL", cfg: Config{Provider: "openai", BaseURL: "localhost:11434"}, wantErr: "not an http(s) URL"},
		{name: "openai bad JSON mode", cfg: Config{Provider: "openai", OpenAIAPIKey: "k", OpenAIJSONMode: "yaml"}, wantErr: "JSON mode"},
		{name: "unknown", cfg: Config{Provider: "claude"}, builtin: stubBuiltin{}, wantErr: `"claude" is not one of builtin, gemini, openai`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.cfg, tc.builtin)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Name() != tc.wantName {
				t.Fatalf("name = %q, want %q", p.Name(), tc.wantName)
			}
		})
	}
}

// TestConfigReachesVendor checks the registry hands model, base URL and
// key to the vendor package: the fake sees them on the wire.
func TestConfigReachesVendor(t *testing.T) {
	var path, auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, auth = r.URL.Path, r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"model":"llama3.2","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"{\"process_name\":\"P\"}"}}],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}`))
	}))
	defer srv.Close()
	p, err := New(Config{Provider: "openai", Model: "llama3.2", BaseURL: srv.URL, OpenAIAPIKey: "ollama", Timeout: 30 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Analyze(context.Background(), llm.Input{Text: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if path != "/v1/chat/completions" || auth != "Bearer ollama" || res.ModelName != "llama3.2" || res.Usage.TotalTokens != 5 {
		t.Fatalf("path %q auth %q result %+v", path, auth, res)
	}
}

func TestKeySource(t *testing.T) {
	gem, _ := New(Config{Provider: "gemini", GeminiAPIKey: "k"}, nil)
	tests := []struct {
		p    llm.Provider
		in   llm.Input
		want string
	}{
		{stubBuiltin{}, llm.Input{APIKey: "user"}, llm.KeyBuiltin},
		{gem, llm.Input{}, llm.KeySystem},
		{gem, llm.Input{APIKey: "user"}, llm.KeyUser},
	}
	for _, tc := range tests {
		if got := KeySource(tc.p, tc.in); got != tc.want {
			t.Errorf("KeySource(%s, key %q) = %q, want %q", tc.p.Name(), tc.in.APIKey, got, tc.want)
		}
	}
	if DefaultModel(Gemini) != "gemini-2.0-flash" || DefaultModel(OpenAI) != "gpt-4o-mini" {
		t.Error("default models changed")
	}
}
