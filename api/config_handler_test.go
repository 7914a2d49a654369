package api

import "testing"

func TestNewAIConfigLabel(t *testing.T) {
	tests := []struct{ provider, model, want string }{
		{"gemini", "gemini-2.0-flash", "Google Gemini 2.0 Flash"},
		{"gemini", "models/gemini-2.5-pro", "Google Gemini 2.5 Pro"},
		{"gemini", "custom", "Google Gemini Custom"},
		{"openai", "gpt-4o-mini", "gpt-4o-mini (OpenAI-compatible endpoint)"},
		{"builtin", "spade-builtin-1", "SPADE built-in analyzer (spade-builtin-1)"},
	}
	for _, tt := range tests {
		got := NewAIConfig(tt.provider, tt.model)
		if got.Label != tt.want || got.Provider != tt.provider || got.Model != tt.model {
			t.Errorf("NewAIConfig(%q, %q) = %+v, want label %q", tt.provider, tt.model, got, tt.want)
		}
	}
}
