package bpmn

import (
	"math"
	"strings"
	"unicode"
)

// Label fonts of bpmn-js (TextRenderer): Arial 12 px inside shapes, 11 px
// for external labels (events, gateways, flows, data), lines 1.2 em apart.
const (
	extFontPx = 11
	// labelSlack covers sub-pixel rounding and kerning differences between
	// the metrics table and the browser's text layout.
	labelSlack = 2
	// maxWordW bounds the width given to a single over-long word (a URL):
	// beyond it bpmn-js breaks the word, as it must.
	maxWordW = 240
)

// runeWidth is a character's advance in thousandths of an em.
func runeWidth(r rune) float64 {
	if i := int(r) - fontFirstRune; i >= 0 && i < len(fontWidths) && fontWidths[i] > 0 {
		return float64(fontWidths[i])
	}
	switch {
	case unicode.Is(unicode.Han, r), unicode.Is(unicode.Hangul, r), unicode.Is(unicode.Hiragana, r), unicode.Is(unicode.Katakana, r):
		return 1000
	case unicode.IsMark(r):
		return 0
	}
	// other scripts: about the widest Latin lower-case letters
	return 700
}

// textWidth is the rendered width of s in bpmn-js's label font at px
// pixels, from the font metrics table (fontwidth.go).
func textWidth(s string, px float64) float64 {
	var w float64
	for _, r := range s {
		w += runeWidth(r)
	}
	return w * px / 1000
}

// wrapLabel breaks s into lines no wider than maxW the way bpmn-js does
// (whole words, greedy); a word wider than maxW gets a line of its own.
func wrapLabel(s string, maxW, px float64) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur == "" {
			cur = w
			continue
		}
		if textWidth(cur+" "+w, px)+labelSlack <= maxW {
			cur += " " + w
			continue
		}
		lines = append(lines, cur)
		cur = w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// longestWord is the width of the widest word of s.
func longestWord(s string, px float64) float64 {
	var m float64
	for _, w := range strings.Fields(s) {
		m = math.Max(m, textWidth(w, px))
	}
	return m
}

// labelBox sizes an external label wrapped at maxW pixels: wide enough for
// its longest word (so that bpmn-js never breaks a word such as "No" into
// "N/o") and high enough for its lines, at most maxLabelLines of them.
func labelBox(s string, maxW float64) (w, h float64) {
	maxW = math.Max(maxW, math.Min(longestWord(s, extFontPx)+labelSlack, maxWordW))
	lines := wrapLabel(s, maxW, extFontPx)
	for _, l := range lines {
		w = math.Max(w, textWidth(l, extFontPx))
	}
	w = math.Min(math.Ceil(w+labelSlack), maxW)
	n := min(math.Max(1, float64(len(lines))), maxLabelLines)
	return w, n * labelLineH
}

// Task text: bpmn-js writes an activity's name inside the shape in its
// 12 px font with 7 px padding, lines 1.2 em apart.
const (
	taskFontPx = 12
	taskPad    = 7
	taskLineH  = 14.4
	taskMaxW   = 240
	taskMaxH   = 200
)

// taskSize is the size of an activity shape: the default 100 × 80, wider
// when a word of its name would not fit (bpmn-js would break it), higher
// when its lines would not.
func taskSize(name string, minW, minH float64) (w, h float64) {
	w = math.Max(minW, math.Min(math.Ceil(longestWord(name, taskFontPx)+2*taskPad+labelSlack), taskMaxW))
	lines := float64(len(wrapLabel(name, w-2*taskPad, taskFontPx)))
	h = math.Max(minH, math.Min(math.Ceil(lines*taskLineH+2*taskPad), taskMaxH))
	return w, h
}
