package config

import (
	"testing"
	"time"
)

// TestValidateDetails pins each message of validate, one broken setting
// at a time on the defaults, and that several are reported together in
// order.
func TestValidateDetails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(c *Config)
		want   string
	}{
		{"defaults", func(*Config) {}, ""},
		{"provider", func(c *Config) { c.LLMProvider = "claude" }, `SPADE_LLM_PROVIDER="claude": want builtin, gemini or openai`},
		{"gemini without key", func(c *Config) { c.LLMProvider = "gemini" }, "SPADE_LLM_PROVIDER=gemini needs GEMINI_API_KEY"},
		{"gemini with key", func(c *Config) { c.LLMProvider, c.GeminiAPIKey = "gemini", "k" }, ""},
		{"openai without key or server", func(c *Config) { c.LLMProvider = "openai" },
			"SPADE_LLM_PROVIDER=openai needs OPENAI_API_KEY or SPADE_LLM_BASE_URL (a local server)"},
		{"openai with a local server", func(c *Config) { c.LLMProvider, c.LLMBaseURL = "openai", "http://127.0.0.1:11434/v1" }, ""},
		{"public url scheme", func(c *Config) { c.PublicURL = "ftp://spade.example" }, `SPADE_PUBLIC_URL="ftp://spade.example": want an absolute http(s) URL`},
		{"public url host", func(c *Config) { c.PublicURL = "https://" }, `SPADE_PUBLIC_URL="https://": want an absolute http(s) URL`},
		{"redis scheme", func(c *Config) { c.RedisURL = "http://x" },
			`SPADE_REDIS_URL="http://x": want redis://host:port/db or redis-sentinel://host:port,host:port?master=name`},
		{"rediss", func(c *Config) { c.RedisURL = "rediss://x:6380/1" }, ""},
		{"sentinel without master", func(c *Config) { c.RedisURL = "redis-sentinel://a:1,b:2" },
			`SPADE_REDIS_URL="redis-sentinel://a:1,b:2": a redis-sentinel URL needs ?master=NAME`},
		{"blob url", func(c *Config) { c.BlobURL = "gs://uploads" }, `SPADE_BLOB_URL="gs://uploads": want file:///path or s3://bucket?endpoint=…&region=…`},
		{"concurrency", func(c *Config) { c.WorkerConcurrency = 1001 }, "SPADE_WORKER_CONCURRENCY=1001: want 1..1000"},
		{"heavy", func(c *Config) { c.WorkerHeavy = -1 }, "SPADE_WORKER_HEAVY=-1: want 0 (one per core) to 1000"},
		{"rate budget", func(c *Config) { c.LLMRPM = -1 }, "SPADE_LLM_RPM=-1, SPADE_LLM_TPM=0: want 0 (no limit) or more"},
		{"daily limit", func(c *Config) { c.DailyLimit = 0 }, "SPADE_DAILY_LIMIT=0: want at least 1"},
		{"intervals", func(c *Config) { c.SweepInterval = 0 }, "SPADE_TASK_CHECK_INTERVAL and SPADE_SWEEP_INTERVAL must be positive"},
		{"log format", func(c *Config) { c.LogFormat = "xml" }, `SPADE_LOG_FORMAT="xml": want text or json`},
		{"cookie option", func(c *Config) { c.CookieSecureOption = "sometimes" }, `SPADE_COOKIE_SECURE="sometimes": want auto, always or never`},
		{"several, in order", func(c *Config) {
			c.CookieSecureOption, c.LLMProvider, c.TaskCheckInterval, c.WorkerConcurrency = "x", "gemini", -time.Second, 0
		}, "SPADE_LLM_PROVIDER=gemini needs GEMINI_API_KEY\nSPADE_WORKER_CONCURRENCY=0: want 1..1000\n" +
			"SPADE_TASK_CHECK_INTERVAL and SPADE_SWEEP_INTERVAL must be positive\nSPADE_COOKIE_SECURE=\"x\": want auto, always or never"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, err := LoadFrom(func(string) string { return "" }, "text")
			if err != nil {
				t.Fatal(err)
			}
			tt.change(c)
			got := ""
			if err := c.validate(); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Fatalf("validate() = %q, want %q", got, tt.want)
			}
		})
	}
}
