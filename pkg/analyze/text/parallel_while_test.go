package text

import "testing"

// TestParallelWhileLead covers a spoken lead of parallel work: "while
// that's going on" is "meanwhile".
func TestParallelWhileLead(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"While that's going on we also create the send-out request.", true},
		{"While this happens, the clerk books the room.", true},
		{"Meanwhile the clerk books the room.", true},
		{"While the lab test runs, the engineer opens a report.", false},
		{"The clerk books the room while that is going on.", false},
	}
	for _, tt := range tests {
		if got := parallelStartRe.MatchString(tt.in); got != tt.want {
			t.Errorf("parallelStartRe(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
