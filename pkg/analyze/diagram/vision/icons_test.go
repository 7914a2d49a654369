package vision

import (
	"image"
	"testing"
)

// TestClockFace: a timer's face is a ring round paper that its hands
// cross, the long one towards twelve; a filled symbol cut round by the
// look circle (a signal's triangle) rings the centre with ink too, but
// is ink halfway out; a ring whose strokes leave the centre downwards
// (an escalation's arrowhead, its notch at the centre) has no hand.
func TestClockFace(t *testing.T) {
	for _, tc := range []struct {
		name string
		draw func(c *canvas)
		want Icon
	}{
		{"clock", func(c *canvas) { c.clock(100, 100, 22) }, Clock},
		{"filled triangle", func(c *canvas) { c.triangle(100, 78, 44) }, NoIcon},
		{"ring, strokes down from its centre", func(c *canvas) {
			c.circle(100, 100, 22, 3)
			c.line(100, 100, 88, 116)
			c.line(100, 100, 112, 116)
		}, NoIcon},
		{"filled disc", func(c *canvas) { c.disc(100, 100, 24) }, NoIcon},
		{"envelope", func(c *canvas) { c.envelope(100, 100, 40, 28) }, Envelope},
	} {
		c := newCanvas(200, 200, 3)
		c.circle(100, 100, 50, 3)
		tc.draw(c)
		in := image.Rect(53, 53, 148, 148)
		if got := iconInk(binarize(c.g, 128), in, 3); got != tc.want {
			t.Errorf("%s: icon %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestWholeEnvelope: bpmn-js's envelope in an intermediate event at
// three-quarter scale, the node the inner ring's inside, is cut round
// at seven tenths of the radius into a ring of ink with the flap's
// point at its centre; seen within nine tenths it is an envelope. A
// clock stays a clock.
func TestWholeEnvelope(t *testing.T) {
	for _, tc := range []struct {
		name string
		icon Icon
		want Icon
	}{
		{"read as a clock", Clock, Envelope},
		{"read as none", NoIcon, NoIcon},
	} {
		c := newCanvas(60, 60, 1)
		c.circle(30, 30, 11, 1)
		c.envelope(30, 30, 14, 10)
		in := image.Rect(20, 20, 41, 41)
		if got := wholeEnvelope(binarize(c.g, 128), in, 1, tc.icon); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
	c := newCanvas(60, 60, 1)
	c.circle(30, 30, 11, 1)
	c.clock(30, 30, 8)
	if got := wholeEnvelope(binarize(c.g, 128), image.Rect(20, 20, 41, 41), 1, Clock); got != Clock {
		t.Errorf("clock: %d, want a clock", got)
	}
}

// TestSignalInk: a signal's triangle, filled (throwing) or outlined
// (catching), is read in a single ring and in a double one; a clock, an
// envelope, a disc, an escalation's arrowhead and a bolt are not
// triangles.
func TestSignalInk(t *testing.T) {
	outlined := func(c *canvas) {
		c.line(100, 80, 88, 104)
		c.line(100, 80, 112, 104)
		c.line(88, 104, 112, 104)
	}
	for _, tc := range []struct {
		name   string
		double bool
		draw   func(c *canvas)
		want   bool
	}{
		{"filled triangle", false, func(c *canvas) { c.triangle(100, 80, 26) }, true},
		{"outlined triangle", false, outlined, true},
		{"outlined triangle, double ring", true, outlined, true},
		{"clock", false, func(c *canvas) { c.clock(100, 100, 14) }, false},
		{"envelope", false, func(c *canvas) { c.envelope(100, 100, 28, 20) }, false},
		{"disc", false, func(c *canvas) { c.disc(100, 100, 12) }, false},
		{"arrowhead", false, func(c *canvas) {
			c.line(93, 112, 100, 84)
			c.line(100, 84, 107, 112)
			c.line(93, 112, 100, 104)
			c.line(100, 104, 107, 112)
		}, false},
		{"bolt", false, func(c *canvas) { c.bolt(100, 100, 12) }, false},
	} {
		c := newCanvas(200, 200, 2)
		c.circle(100, 100, 30, 2)
		in := image.Rect(72, 72, 129, 129)
		if tc.double {
			c.circle(100, 100, 26, 2)
			in = image.Rect(76, 76, 125, 125)
		}
		tc.draw(c)
		if got := signalInk(binarize(c.g, 128), in, 2); got != tc.want {
			t.Errorf("%s: triangle %v, want %v", tc.name, got, tc.want)
		}
	}
}
