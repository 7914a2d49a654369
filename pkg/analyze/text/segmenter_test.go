package text

import (
	"testing"
)

// TestSegmenterPhases checks each phase of the line reader on its own:
// which lines it takes and what block it leaves.
func TestSegmenterPhases(t *testing.T) {
	tests := []struct {
		name  string
		phase string // "marked", "apart" or "prose"
		prior string // text of an open paragraph before the line, if any
		line  string
		taken bool
		kind  int
		text  string
	}{
		{"markdown heading", "marked", "", "## Scope", true, blockHeading, "Scope"},
		{"wiki heading", "marked", "", "== Steps ==", true, blockHeading, "Steps"},
		{"checkbox", "marked", "", "[ ] Post the goods receipt", true, blockItem, "Post the goods receipt"},
		{"numbered item", "marked", "", "3. The clerk signs the form.", true, blockItem, "The clerk signs the form."},
		{"emoji step", "marked", "The clerk files it.", "📦 Assistant prepares the medication", true, blockPara, "Assistant prepares the medication"},
		{"plain line", "marked", "", "The clerk signs the form.", false, 0, ""},
		{"case after sentence", "apart", "The company decides:", "Approved → coordinator books the workshop", true, blockItem, "Approved → coordinator books the workshop"},
		{"link", "apart", "The clerk files it.", "https://example.org/form", true, blockPara, "https://example.org/form"},
		{"prose line", "apart", "The clerk files it.", "The manager signs it.", false, 0, ""},
		{"heading in prose", "prose", "", "Goods Receipt", true, blockHeading, "Goods Receipt"},
		{"new paragraph", "prose", "", "The clerk signs the form.", true, blockPara, "The clerk signs the form."},
		{"continuation", "prose", "The clerk checks and signs the", "form and files it.", true, blockPara, "The clerk checks and signs the form and files it."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := []string{tt.line}
			if tt.prior != "" {
				lines = []string{tt.prior, tt.line}
			}
			s := newSegmenter(lines)
			if tt.prior != "" {
				s.prose(0, tt.prior)
			}
			i := len(lines) - 1
			taken := true
			switch tt.phase {
			case "marked":
				taken = s.marked(i, tt.line)
			case "apart":
				taken = s.apart(tt.line, tt.line)
			default:
				s.prose(i, tt.line)
			}
			if taken != tt.taken {
				t.Fatalf("taken = %v, want %v", taken, tt.taken)
			}
			if !taken {
				return
			}
			bs := s.blocks()
			last := bs[len(bs)-1]
			if last.kind != tt.kind || last.text != tt.text {
				t.Errorf("last block = %d %q, want %d %q (all: %+v)", last.kind, last.text, tt.kind, tt.text, bs)
			}
		})
	}
}
