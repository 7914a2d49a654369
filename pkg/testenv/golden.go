package testenv

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update is the one -update flag of every package whose tests compare with
// golden files (`go test ./pkg/bpmn/... -update`). It is a package-level
// flag because `go test` parses the command line before any test runs, so
// the flag has to exist when the test binary starts; defining it here, once,
// is what lets every package use it without redefining it.
var update = flag.Bool("update", false, "rewrite golden files under testdata/ instead of comparing with them")

// Golden compares got with the file at path, or with -update writes got to
// it (creating its folder). A missing file or a difference fails t, naming
// the first line that differs; the fix, after checking the change is
// intended, is `go test -update`.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("golden %s: %v", path, err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("golden %s: %v", path, err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test -update to create it)", path, err)
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run go test -update if the change is intended): %s", path, firstDifference(string(got), string(want)))
	}
}

// GoldenJSON is Golden for JSON documents (request bodies): both sides are
// compared normalised, keys sorted and indented, so the file stays
// readable and a change of key order in the code is not a difference.
func GoldenJSON(t testing.TB, path string, body []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("golden %s: not JSON: %v", path, err)
	}
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatalf("golden %s: %v", path, err)
	}
	Golden(t, path, append(got, '\n'))
}

// firstDifference describes where got and want first part, line by line.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
	return "same lines, different bytes"
}
