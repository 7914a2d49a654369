package export

import "unicode"

// Arabic letters change shape with their neighbours: a letter joined on
// both sides draws its medial form, one joined only to the letter before it
// its final form, and so on. The PDF writer draws one glyph per character
// id, so shaping here replaces each letter with its contextual form from
// Unicode's Arabic Presentation Forms (U+FB50–U+FEFC), which DejaVu Sans
// draws, and lam followed by alef with their ligature. The ToUnicode map
// (unshape) turns the forms back into the letters typed, so copying and
// searching the PDF give the original text.
//
// The ligature is one glyph for two letters. Mapped to both, pdftotext
// (poppler) reverses it with the rest of the right-to-left line and copies
// alef-lam. So the ligature stands for its alef only and is preceded by
// lamMark, an invisible character id that stands for the lam: each glyph
// is one letter, and every extractor puts them in the right order.
//
// Presentation forms cover the letters of Arabic and Persian; a full
// OpenType shaper (go-text/typesetting, a HarfBuzz port) would also do the
// marks' positions and the rarer letters of Urdu or Sindhi, but it yields
// glyph ids, not characters, which would replace the writer's
// one-id-per-code-point encoding and its measuring with a second text
// pipeline for one family of scripts.

// Joining types (Unicode's ArabicShaping.txt), as the table below spells
// them: D joins on both sides, R only to the letter before it, U never, C
// causes joining without changing shape itself (tatweel, ZWJ), T is
// transparent (marks: shaping looks through them).
const (
	joinU = 'U'
	joinD = 'D'
	joinR = 'R'
	joinC = 'C'
	joinT = 'T'
)

// arabicJoining lists the joining types of U+0621 … U+064A; '-' marks the
// unassigned U+063B … U+063F. Presentation Forms-B give the letters their
// forms in the same order, one slot for U, two for R, four for D.
const arabicJoining = "URRRRDRDRDDDDDRRRRDDDDDDDD-----CDDDDDDDRRD"

// lamMark is the invisible character id that carries the lam of a lam-alef
// ligature: the first of the writer's own ids (internalIDs).
const lamMark = internalIDs

// formsB is the first presentation form of U+0621 (ARABIC LETTER HAMZA
// ISOLATED FORM); the other letters' forms follow it.
const formsB = 0xFE80

// persian are the letters outside U+0621 … U+064A that Persian needs, with
// their joining type and first form in Presentation Forms-A.
func persian(r rune) (join rune, first rune, ok bool) {
	switch r {
	case 0x067E: // peh
		return joinD, 0xFB56, true
	case 0x0686: // tcheh
		return joinD, 0xFB7A, true
	case 0x0698: // jeh
		return joinR, 0xFB8A, true
	case 0x06A9: // keheh
		return joinD, 0xFB8E, true
	case 0x06AF: // gaf
		return joinD, 0xFB92, true
	case 0x06CC: // farsi yeh
		return joinD, 0xFBFC, true
	}
	return 0, 0, false
}

// arabicLetter returns r's joining type and its first presentation form
// (isolated; final, initial and medial follow for the types that have
// them), or ok false when r has no forms.
func arabicLetter(r rune) (join rune, first rune, ok bool) {
	if r >= 0x0621 && r <= 0x064A {
		slot := rune(formsB)
		for i, t := range arabicJoining {
			if rune(0x0621+i) == r {
				if t == '-' || t == joinC {
					return rune(t), 0, false
				}
				return rune(t), slot, true
			}
			switch t {
			case joinU:
				slot++
			case joinR:
				slot += 2
			case joinD:
				slot += 4
			}
		}
	}
	return persian(r)
}

// joining returns the joining type of any character.
func joining(r rune) rune {
	if t, _, ok := arabicLetter(r); ok {
		return t
	}
	switch {
	case r == 0x0640 || r == 0x200D: // tatweel, zero width joiner
		return joinC
	case unicode.Is(unicode.Mn, r) || r == 0x200B:
		return joinT
	}
	return joinU
}

// lamAlef returns the isolated form of the ligature of lam with the alef
// r; its final form follows it.
func lamAlef(r rune) (rune, bool) {
	switch r {
	case 0x0622:
		return 0xFEF5, true
	case 0x0623:
		return 0xFEF7, true
	case 0x0625:
		return 0xFEF9, true
	case 0x0627:
		return 0xFEFB, true
	}
	return 0, false
}

// hasArabic reports whether rs holds a letter shaping changes.
func hasArabic(rs []rune) bool {
	for _, r := range rs {
		if r >= 0x0621 && r <= 0x06CC {
			return true
		}
	}
	return false
}

// shapeArabic replaces Arabic letters in rs (logical order) with their
// contextual presentation forms, as far as have(form) says the font draws
// them; a letter whose form the font lacks stays as typed.
func shapeArabic(rs []rune, have func(rune) bool) []rune {
	if !hasArabic(rs) {
		return rs
	}
	w := newArabicWord(rs)
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		t, first, ok := arabicLetter(r)
		if !ok {
			out = append(out, r)
			continue
		}
		before, after := w.joins(i, t)
		if lig, ok := w.lamAlefAt(i, before, have); ok {
			out = append(out, lamMark, lig)
			i++
			continue
		}
		out = append(out, contextualForm(r, first, before, after, have))
	}
	return out
}

// arabicWord is text being shaped with the joining type of each
// character.
type arabicWord struct{ rs, types []rune }

func newArabicWord(rs []rune) arabicWord {
	types := make([]rune, len(rs))
	for i, r := range rs {
		types[i] = joining(r)
	}
	return arabicWord{rs: rs, types: types}
}

// neighbour returns the index of the nearest non-transparent character
// in direction step, or -1.
func (w arabicWord) neighbour(i, step int) int {
	for j := i + step; j >= 0 && j < len(w.rs); j += step {
		if w.types[j] != joinT {
			return j
		}
	}
	return -1
}

// joins reports whether the letter at i, of joining type t, joins the
// character before it and the one after it.
func (w arabicWord) joins(i int, t rune) (before, after bool) {
	p, n := w.neighbour(i, -1), w.neighbour(i, 1)
	before = (t == joinD || t == joinR) && p >= 0 && (w.types[p] == joinD || w.types[p] == joinC)
	after = t == joinD && n >= 0 && (w.types[n] == joinD || w.types[n] == joinR || w.types[n] == joinC)
	return before, after
}

// lamAlefAt returns the lam-alef ligature (final when the lam joins the
// letter before) when a lam at i is followed by an alef and the font
// draws the ligature and lamMark.
func (w arabicWord) lamAlefAt(i int, before bool, have func(rune) bool) (rune, bool) {
	if w.rs[i] != 0x0644 || i+1 >= len(w.rs) {
		return 0, false
	}
	lig, ok := lamAlef(w.rs[i+1])
	if !ok {
		return 0, false
	}
	if before {
		lig++
	}
	return lig, have(lig) && have(lamMark)
}

// contextualForm is the form of letter r (first: its isolated form) for
// how it joins: isolated, final, initial or medial; r itself when the
// font lacks that form.
func contextualForm(r, first rune, before, after bool, have func(rune) bool) rune {
	form := first // isolated
	switch {
	case before && after:
		form += 3
	case after:
		form += 2
	case before:
		form++
	}
	if !have(form) {
		return r
	}
	return form
}

// unshape returns the text a drawn character id stands for: the letter of
// a presentation form (the alef for a lam-alef ligature), the character
// behind one of the writer's own ids (internalID), or c itself.
func unshape(c rune) []rune {
	if _, text, ok := internalID(c); ok {
		return text
	}
	if c < 0xFB50 || c > 0xFEFC {
		return []rune{c}
	}
	if c >= 0xFEF5 {
		return []rune{[...]rune{0x0622, 0x0623, 0x0625, 0x0627}[(c-0xFEF5)/2]}
	}
	for r := rune(0x0621); r <= 0x06CC; r++ {
		t, first, ok := arabicLetter(r)
		if !ok {
			continue
		}
		n := rune(4)
		switch t {
		case joinU:
			n = 1
		case joinR:
			n = 2
		}
		if c >= first && c < first+n {
			return []rune{r}
		}
	}
	return []rune{c}
}
