package pipeline

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
)

// TestProviderChoice: an analysis runs on the user's own key when they
// have one (never for the demo), else on the system provider; the lookup
// is given to the choice when it is built, so nothing sets it later.
func TestProviderChoice(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.DiscardHandler)
	cfg := &config.Config{LLMProvider: providers.Builtin, LLMModel: "m"}
	bi := analyze.New(analyze.Options{Logger: log})
	system, err := providers.New(SystemProviderConfig(cfg, log), bi)
	if err != nil {
		t.Fatal(err)
	}
	user, err := providers.New(UserKeyConfig(cfg, log), bi)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{"u-key": "AIzaOwn", "u-none": ""}
	lookup := func(_ context.Context, id string) (string, error) {
		if id == "u-broken" {
			return "", errors.New("database down")
		}
		return keys[id], nil
	}
	tests := []struct {
		name     string
		lookup   func(context.Context, string) (string, error)
		an       analysis.Analysis
		want     llm.Provider
		wantKey  string
		wantSrc  string
		wantErr  bool
		wantModl string
	}{
		{"own key", lookup, analysis.Analysis{UserID: "u-key"}, user, "AIzaOwn", llm.KeyUser, false, ""},
		{"no own key", lookup, analysis.Analysis{UserID: "u-none"}, system, "", llm.KeyBuiltin, false, "m"},
		{"demo never uses a key", lookup, analysis.Analysis{UserID: "u-key", IsDemo: true}, system, "", llm.KeyBuiltin, false, "m"},
		{"anonymous", lookup, analysis.Analysis{}, system, "", llm.KeyBuiltin, false, "m"},
		{"no lookup wired", nil, analysis.Analysis{UserID: "u-key"}, system, "", llm.KeyBuiltin, false, "m"},
		{"lookup fails", lookup, analysis.Analysis{UserID: "u-broken"}, nil, "", "", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &ProviderChoice{cfg: cfg, system: system, user: user, userKey: tt.lookup}
			p, in, src, err := c.Choose(context.Background(), &tt.an)
			if tt.wantErr {
				if err == nil {
					t.Fatal("want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p != tt.want || in.APIKey != tt.wantKey || src != tt.wantSrc || in.Model != tt.wantModl {
				t.Fatalf("got %s key %q source %q model %q; want %s key %q source %q model %q",
					p.Name(), in.APIKey, src, in.Model, tt.want.Name(), tt.wantKey, tt.wantSrc, tt.wantModl)
			}
		})
	}
}
