package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// errRecorder stands in for a test, recording how Golden reports.
type errRecorder struct {
	testing.TB
	fatal, err string
}

func (r *errRecorder) Helper()                      {}
func (r *errRecorder) Fatalf(f string, args ...any) { r.fatal = fmt.Sprintf(f, args...) }
func (r *errRecorder) Errorf(f string, args ...any) { r.err = fmt.Sprintf(f, args...) }

// TestGolden: equal output passes, a difference names its first differing
// line and the -update fix, a missing file says how to create it, and
// -update writes the file (and its folder) instead of comparing.
func TestGolden(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.golden")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, got string
		fatal, err      string // substrings wanted; "" wants none
	}{
		{"equal", path, "one\ntwo\n", "", ""},
		{"different line", path, "one\nthree\n", "", `line 2`},
		{"longer", path, "one\ntwo\nthree", "", `line 3`},
		{"missing file", filepath.Join(dir, "none.golden"), "x", "go test -update", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &errRecorder{TB: t}
			Golden(r, tt.path, []byte(tt.got))
			for _, c := range []struct{ got, want, kind string }{{r.fatal, tt.fatal, "fatal"}, {r.err, tt.err, "error"}} {
				if (c.want == "") != (c.got == "") || !strings.Contains(c.got, c.want) {
					t.Errorf("%s = %q, want one containing %q", c.kind, c.got, c.want)
				}
			}
			if tt.err != "" && !strings.Contains(r.err, "-update") {
				t.Errorf("difference %q does not name -update", r.err)
			}
		})
	}

	t.Run("update", func(t *testing.T) {
		*update = true
		defer func() { *update = false }()
		p := filepath.Join(dir, "new", "b.json")
		GoldenJSON(t, p, []byte(`{"b":1,"a":[true]}`))
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := "{\n  \"a\": [\n    true\n  ],\n  \"b\": 1\n}\n"; string(got) != want {
			t.Errorf("written %q, want %q", got, want)
		}
	})
}
