package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestComposeFile checks compose.yaml with Debian 12's docker-compose 1.29
// (no daemon, no image pulled): it is valid, api and workers keep uploads
// in the S3-compatible store with no shared volume, and a missing
// SPADE_SECRET_KEY stops it with a message naming the variable.
func TestComposeFile(t *testing.T) {
	bin := testenv.LookPath(t, "docker-compose", "Debian package docker-compose (scripts/ensure-system.sh installs it)")
	file := filepath.Join(testenv.RepoRoot(t), "compose.yaml")
	run := func(env []string, args ...string) (string, error) {
		cmd := exec.Command(bin, append([]string{"-f", file}, args...)...)
		// The caller's SPADE_SECRET_KEY must not leak in; exec keeps the
		// last of duplicate variables, so env overrides this.
		cmd.Env = append(os.Environ(), "SPADE_SECRET_KEY=")
		cmd.Env = append(cmd.Env, env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	key := []string{"SPADE_SECRET_KEY=" + strings.Repeat("ab", 32)}
	if out, err := run(key, "config", "-q"); err != nil {
		t.Fatalf("docker-compose config -q: %v\n%s", err, out)
	}
	out, err := run(nil, "config", "-q")
	if err == nil || !strings.Contains(out, "SPADE_SECRET_KEY") {
		t.Fatalf("without SPADE_SECRET_KEY: %v\n%s", err, out)
	}

	out, err = run(key, "config")
	if err != nil {
		t.Fatalf("docker-compose config: %v\n%s", err, out)
	}
	var cfg struct {
		Services map[string]struct {
			Environment map[string]string `yaml:"environment"`
			Volumes     []any             `yaml:"volumes"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal([]byte(out), &cfg); err != nil {
		t.Fatalf("resolved compose file: %v", err)
	}
	for _, name := range []string{"api", "worker"} {
		s, ok := cfg.Services[name]
		if !ok {
			t.Fatalf("no %s service", name)
		}
		if !strings.HasPrefix(s.Environment["SPADE_BLOB_URL"], "s3://") {
			t.Errorf("%s: SPADE_BLOB_URL = %q, want s3://…", name, s.Environment["SPADE_BLOB_URL"])
		}
		if len(s.Volumes) != 0 {
			t.Errorf("%s mounts %v: api and workers must share no disk", name, s.Volumes)
		}
	}
	for _, name := range []string{"minio", "minio-init"} {
		if _, ok := cfg.Services[name]; !ok {
			t.Errorf("no %s service", name)
		}
	}
}
