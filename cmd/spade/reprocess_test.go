package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestReprocessFlags(t *testing.T) {
	t.Setenv("SPADE_DATA_DIR", t.TempDir())
	t.Setenv("SPADE_DATABASE_URL", "sqlite://"+filepath.Join(t.TempDir(), "r.db"))
	t.Setenv("SPADE_REDIS_URL", "")
	t.Setenv("SPADE_LOG_LEVEL", "error")
	for _, tc := range []struct {
		args []string
		want string // in the error, or in the output when ok
		ok   bool
	}{
		{nil, "--stage is required", false},
		{[]string{"--stage", "model"}, `Unknown stage "model"`, false},
		{[]string{"--stage", "graph", "--analyzer", "pdf"}, `Unknown analyzer "pdf"`, false},
		{[]string{"--stage", "graph", "--since", "yesterday"}, "Cannot read the date", false},
		{[]string{"--stage", "graph", "--since", "2026-02-02", "--until", "2026-02-01"}, "end date must be after", false},
		{[]string{"--stage", "graph", "--rate", "fast"}, "Cannot read the rate", false},
		{[]string{"--stage", "graph", "--dry-run"}, "0 analyses match; 0 would be enqueued", true},
		{[]string{"--stage", "analysis", "--account", "nobody", "--dry-run"}, "0 analyses match", true},
		{[]string{"--stage", "graph"}, "SPADE_REDIS_URL is unset", false},
		{[]string{"-h"}, "usage: spade reprocess", true},
	} {
		var out bytes.Buffer
		err := runReprocess(context.Background(), tc.args, &out)
		got := out.String()
		if err != nil {
			got = err.Error()
		}
		if (err == nil) != tc.ok || !strings.Contains(got, tc.want) {
			t.Errorf("spade reprocess %v: err=%v out=%q, want ok=%v with %q", tc.args, err, out.String(), tc.ok, tc.want)
		}
	}
}
