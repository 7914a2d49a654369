package config

import (
	"os"
	"strings"
	"testing"
)

// The README's configuration table must list every variable Load reads.
func TestREADMEListsEveryVariable(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(b), "`"+v.Name+"`") {
			t.Errorf("README.md does not document %s", v.Name)
		}
	}
}

// TestLoadValidates reads each setting through LoadFrom, so the cases run
// in parallel and the developer's own SPADE_* variables play no part.
func TestLoadValidates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key, value string
		ok               bool
	}{
		{"defaults", "", "", true},
		{"bad provider", "SPADE_LLM_PROVIDER", "claude", false},
		{"gemini without key", "SPADE_LLM_PROVIDER", "gemini", false},
		{"bad concurrency", "SPADE_WORKER_CONCURRENCY", "zero", false},
		{"heavy slots", "SPADE_WORKER_HEAVY", "2", true},
		{"negative heavy slots", "SPADE_WORKER_HEAVY", "-1", false},
		{"bad redis url", "SPADE_REDIS_URL", "http://x", false},
		{"bad duration", "SPADE_SWEEP_INTERVAL", "often", false},
		{"good redis", "SPADE_REDIS_URL", "redis://127.0.0.1:6379/0", true},
		{"llm budget", "SPADE_LLM_RPM", "60", true},
		{"negative budget", "SPADE_LLM_TPM", "-1", false},
		{"sentinel", "SPADE_REDIS_URL", "redis-sentinel://127.0.0.1:26379,127.0.0.1:26380,s3?master=spade", true},
		{"sentinel without master", "SPADE_REDIS_URL", "redis-sentinel://127.0.0.1:26379", false},
		{"s3 blobs", "SPADE_BLOB_URL", "s3://uploads?endpoint=http://minio:9000&region=us-east-1&use_path_style=true", true},
		{"file blobs", "SPADE_BLOB_URL", "file:///srv/spade/uploads", true},
		{"blob url with credentials", "SPADE_BLOB_URL", "s3://key:secret@uploads", false},
		{"unknown blob scheme", "SPADE_BLOB_URL", "gs://uploads", false},
		{"memory limit", "SPADE_MEMORY_LIMIT", "1500MiB", true},
		{"memory limit in bytes", "SPADE_MEMORY_LIMIT", "2000000000", true},
		{"memory limit too small", "SPADE_MEMORY_LIMIT", "10MB", false},
		{"memory limit unit", "SPADE_MEMORY_LIMIT", "2 tons", false},
		{"trusted proxies", "SPADE_TRUSTED_PROXIES", "10.0.0.5, 192.168.1.0/24,::1", true},
		{"trusted proxy typo", "SPADE_TRUSTED_PROXIES", "10.0.0.300", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{tt.key: tt.value}
			_, err := LoadFrom(func(k string) string { return env[k] }, "text")
			if (err == nil) != tt.ok {
				t.Fatalf("LoadFrom err = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

// TestLoadReadsEnvironment: Load is LoadFrom on the process environment.
func TestLoadReadsEnvironment(t *testing.T) {
	t.Setenv("SPADE_DAILY_LIMIT", "7")
	t.Setenv("SPADE_LOG_FORMAT", "")
	c, err := Load("json")
	if err != nil {
		t.Fatal(err)
	}
	if c.DailyLimit != 7 || c.LogFormat != "json" || c.MaxDemoBytes != DefaultMaxDemoBytes {
		t.Fatalf("config %+v", c)
	}
}

func TestParseSize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1500MiB", 1500 << 20, true},
		{"2GiB", 2 << 30, true},
		{"2 GB", 2e9, true},
		{"512kib", 512 << 10, true},
		{"123", 123, true},
		{"-5MiB", 0, false},
		{"MiB", 0, false},
		{"5 PiB", 0, false},
		{"99999999999GiB", 0, false},
	} {
		got, err := ParseSize(tc.in)
		if (err == nil) != tc.ok || tc.ok && got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
