package testenv

import (
	"fmt"
	"strings"
	"testing"
)

// recorder stands in for a test, recording how Missing ends it.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Fatalf(f string, args ...any) { r.fatal = fmt.Sprintf(f, args...) }
func (r *recorder) Skipf(f string, args ...any)  { r.skip = fmt.Sprintf(f, args...) }

// TestMissing: a missing tool fails the test with its install hint, and
// only SPADE_TEST_ALLOW_SKIP=1 turns that into a skip.
func TestMissing(t *testing.T) {
	tests := []struct {
		allow      string
		fail, skip bool
	}{
		{"", true, false},
		{"0", true, false},
		{"1", false, true},
	}
	for _, tt := range tests {
		t.Run("allow="+tt.allow, func(t *testing.T) {
			t.Setenv("SPADE_TEST_ALLOW_SKIP", tt.allow)
			r := &recorder{TB: t}
			Missing(r, "xmllint", HintXmllint)
			if tt.fail && (r.skip != "" || !strings.Contains(r.fatal, "libxml2-utils")) {
				t.Errorf("want a failure naming the install hint; fatal %q skip %q", r.fatal, r.skip)
			}
			if tt.skip && !strings.Contains(r.skip, "libxml2-utils") {
				t.Errorf("want a skip naming the install hint; skip %q", r.skip)
			}
		})
	}
}
