package export

import (
	"slices"
	"testing"
)

// TestShapeArabic: letters take the form their neighbours call for, lam
// and alef become one ligature, marks and tatweel are looked through.
func TestShapeArabic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     []rune
	}{
		{"beh yeh teh", "بيت", []rune{0xFE91, 0xFEF4, 0xFE96}},
		{"right-joining letters break the word", "دار", []rune{0xFEA9, 0xFE8D, 0xFEAD}},
		{"lam alef alone", "لا", []rune{lamMark, 0xFEFB}},
		{"lam alef after seen", "سلام", []rune{0xFEB3, lamMark, 0xFEFC, 0xFEE1}},
		{"lam hamza alef", "لأ", []rune{lamMark, 0xFEF7}},
		{"hamza never joins", "ءب", []rune{0xFE80, 0xFE8F}},
		{"tatweel joins", "\u0640ب", []rune{0x0640, 0xFE90}},
		{"marks are transparent", "بَت", []rune{0xFE91, 0x064E, 0xFE96}},
		{"persian gaf and farsi yeh", "گی", []rune{0xFB94, 0xFBFD}},
		{"words do not join across spaces", "ب ب", []rune{0xFE8F, ' ', 0xFE8F}},
		{"latin is untouched", "abc", []rune("abc")},
	}
	have := func(r rune) bool { return metrics(fontRegular).gid[r] != 0 }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := shapeArabic([]rune(tt.in), have); !slices.Equal(got, tt.want) {
				t.Errorf("shapeArabic(%q) = %U, want %U", tt.in, got, tt.want)
			}
		})
	}
}

// TestUnshapeEveryForm: every presentation form shaping can produce maps
// back to the letter it came from, so the PDF's text copies as typed.
func TestUnshapeEveryForm(t *testing.T) {
	t.Parallel()
	for r := rune(0x0621); r <= 0x06CC; r++ {
		j, first, ok := arabicLetter(r)
		if !ok {
			continue
		}
		n := map[rune]rune{joinU: 1, joinR: 2, joinD: 4}[j]
		for k := range n {
			if got := unshape(first + k); !slices.Equal(got, []rune{r}) {
				t.Errorf("unshape(%U) = %U, want %U", first+k, got, r)
			}
		}
	}
	if got := unshape(0xFEFC); !slices.Equal(got, []rune{0x0627}) {
		t.Errorf("unshape(lam-alef final) = %U, want alef", got)
	}
	if got := unshape(lamMark); !slices.Equal(got, []rune{0x0644}) {
		t.Errorf("unshape(lamMark) = %U, want lam", got)
	}
}

// TestShapeArabicMissingForms: what the font lacks is left as typed: a
// form becomes its letter, a missing ligature (or lamMark) leaves lam and
// alef in their joined forms.
func TestShapeArabicMissingForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		lacks    rune
		want     []rune
	}{
		{"no medial yeh", "بيت", 0xFEF4, []rune{0xFE91, 0x064A, 0xFE96}},
		{"no lam-alef ligature", "لا", 0xFEFB, []rune{0xFEDF, 0xFE8E}},
		{"no lam mark", "سلام", lamMark, []rune{0xFEB3, 0xFEE0, 0xFE8E, 0xFEE1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			have := func(r rune) bool { return r != tt.lacks }
			if got := shapeArabic([]rune(tt.in), have); !slices.Equal(got, tt.want) {
				t.Errorf("shapeArabic(%q) = %U, want %U", tt.in, got, tt.want)
			}
		})
	}
}
