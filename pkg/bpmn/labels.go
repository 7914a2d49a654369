package bpmn

import (
	"math"
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
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
// 12 px font with 7 px padding, lines 1.2 em apart, each line centred and
// the block centred vertically (diagram-js Text.layoutText).
const (
	taskFontPx = 12
	taskPad    = 7
	taskLineH  = 14.4
	// taskMaxW bounds the width given to a single over-long word.
	taskMaxW = 240
	// taskFitMaxW bounds the widening for a name's lines: beyond it the
	// shape grows taller instead.
	taskFitMaxW = 160
	taskStep    = 10
	// taskMaxLines is the most lines a name gets while the shape can widen.
	taskMaxLines = 3
	taskMaxH     = 200
	// taskIconW × taskIconH is the top-left corner bpmn-js draws a typed
	// task's icon in (user, service, send, receive, manual, script,
	// business rule: all within 5..28 px of the corner).
	taskIconW = 30
	taskIconH = 27
	// taskInkTop is how far below its line's top a line's letters start
	// (Arial's cap height, 0.716 em, under a baseline 0.75 lines down).
	taskInkTop = 2
	// taskMarkerH is the band above the bottom edge where the loop,
	// multi-instance, compensation, ad-hoc and collapsed markers sit,
	// taskMarkerHalf half the width of one marker around the centre.
	taskMarkerH    = 21
	taskMarkerHalf = 9
)

// taskDeco is what bpmn-js draws inside an activity besides its name.
type taskDeco struct {
	icon    bool // a task type icon at the top left
	markers int  // markers centred at the bottom
}

// decoration is n's taskDeco.
func (n *node) decoration() taskDeco {
	var d taskDeco
	switch n.kind {
	case parse.KindUserTask, parse.KindServiceTask, parse.KindSendTask, parse.KindReceiveTask,
		parse.KindManualTask, parse.KindBusinessRuleTask, parse.KindScriptTask:
		d.icon = true
	}
	if n.marker != "" {
		d.markers++
	}
	if n.collapsed {
		d.markers++
		if n.kind == parse.KindAdHocSubProcess {
			d.markers++
		}
	}
	if n.compensation {
		d.markers++
	}
	return d
}

// textRect is a line of text inside a shape, in the shape's coordinates.
type textRect struct{ x0, y0, x1, y1 float64 }

// taskLines places name's lines in a w × h activity as bpmn-js does
// (taskLineWidths, placeLines).
func taskLines(name string, w, h float64) []textRect {
	return placeLines(taskLineWidths(name, w), w, h)
}

// taskLineWidths wraps name as bpmn-js does in an activity w wide: at w
// less the padding, a word wider than that broken over as many full
// lines as it needs; the width of each line.
func taskLineWidths(name string, w float64) []float64 {
	maxW := w - 2*taskPad
	var widths []float64
	for _, l := range wrapLabel(name, maxW, taskFontPx) {
		lw := textWidth(l, taskFontPx)
		for lw > maxW {
			widths = append(widths, maxW)
			lw -= maxW
		}
		widths = append(widths, lw)
	}
	return widths
}

// placeLines centres lines of the given widths in a w × h activity, each
// line on its own and the block vertically.
func placeLines(widths []float64, w, h float64) []textRect {
	top := (h - float64(len(widths))*taskLineH) / 2
	out := make([]textRect, len(widths))
	for k, lw := range widths {
		y := top + float64(k)*taskLineH
		out[k] = textRect{(w - lw) / 2, y, (w + lw) / 2, y + taskLineH}
	}
	return out
}

// taskFits reports whether name, drawn in a w × h activity with deco,
// stays inside the padding and off the icon and the markers.
func taskFits(name string, w, h float64, deco taskDeco) bool {
	return linesFit(taskLines(name, w, h), w, h, deco)
}

// linesFit reports whether lines placed in a w × h activity with deco
// stay inside the padding and off the icon and the markers.
func linesFit(lines []textRect, w, h float64, deco taskDeco) bool {
	if len(lines) == 0 {
		return true
	}
	if lines[0].y0 < taskPad || lines[len(lines)-1].y1 > h-taskPad {
		return false
	}
	half := taskMarkerHalf * float64(deco.markers)
	for _, r := range lines {
		if r.x0 < taskPad/2 || r.x1 > w-taskPad/2 {
			return false
		}
		if deco.icon && r.x0 < taskIconW && r.y0+taskInkTop < taskIconH {
			return false
		}
		if deco.markers > 0 && r.y1 > h-taskMarkerH && r.x0 < w/2+half && r.x1 > w/2-half {
			return false
		}
	}
	return true
}

// taskSize is the size of an activity shape: the default minW × minH when
// its name fits there in at most three lines, clear of the type icon and
// the markers; otherwise wider in steps of 10 px up to taskFitMaxW, and
// then taller. A word wider
// than the default box widens it up to taskMaxW (bpmn-js would break it).
func taskSize(name string, deco taskDeco, minW, minH float64) (w, h float64) {
	w0 := math.Max(minW, math.Min(math.Ceil(longestWord(name, taskFontPx)+2*taskPad+labelSlack), taskMaxW))
	wMax := math.Max(w0, taskFitMaxW)
	// each width is wrapped once; only the placement depends on the height
	for w = w0; w <= wMax; w += taskStep {
		widths := taskLineWidths(name, w)
		if len(widths) <= taskMaxLines && linesFit(placeLines(widths, w, minH), w, minH, deco) {
			return w, minH
		}
	}
	w = wMax
	widths := taskLineWidths(name, w)
	for h = minH; h < taskMaxH; h += 2 {
		if linesFit(placeLines(widths, w, h), w, h, deco) {
			return w, h
		}
	}
	return w, taskMaxH
}
