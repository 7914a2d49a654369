package extract

import "testing"

// TestNormalizeText: line ends, paragraph separators, spaces, invisible,
// control and private-use characters, and composition.
func TestNormalizeText(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"line ends", "a\r\nb\rc\nd", "a\nb\nc\nd"},
		{"empty lines fold to one", "a\n\n\n\nb", "a\n\nb"},
		{"page break ends a paragraph", "a\fb", "a\n\nb"},
		{"line separator ends a paragraph", "a\u2028b\u2029c\vd", "a\n\nb\n\nc\n\nd"},
		{"spaces fold", "a \t\u00A0\u3000 b", "a b"},
		{"no leading or trailing blanks", "  \n a  \n\n ", "a"},
		{"space before a line end is dropped", "a  \nb", "a\nb"},
		{"invisible characters", "so\u00ADft \uFEFFzero\u200Bwidth\u2060 \uFFFCobj", "soft zerowidth obj"},
		{"controls", "a\u0000b\u0007c\u007F", "abc"},
		{"private use", "a\uE000b\U000F0000c", "abc"},
		{"composed", "e\u0301", "é"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := normalizeText(tt.in); got != tt.want {
				t.Errorf("normalizeText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
