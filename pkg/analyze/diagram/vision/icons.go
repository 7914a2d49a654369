package vision

import (
	"image"
	"math"
)

// hollowFace reports whether the ink round (cx, cy), whose ring lies
// at radius rr, is a clock's face: paper between the ring and the
// centre, crossed only by the hands. Halfway out, a face is white in
// most of 16 directions (its two hands cross two or three); a filled
// symbol cut round by the look circle (a signal's triangle, an
// escalation's arrowhead, which otherwise ring the centre with ink as
// a face does) is ink there.
func hollowFace(bm *bitmap, cx, cy, rr float64) bool {
	r := rr * 0.45
	white := 0
	for k := range 16 {
		a := float64(k) * math.Pi / 8
		if !bm.at(int(math.Round(cx+r*math.Cos(a))), int(math.Round(cy+r*math.Sin(a)))) {
			white++
		}
	}
	return white >= 9
}

// minuteHand reports whether ink runs from the face's centre (cx, cy)
// towards twelve o'clock, from a fifth to half of the face's radius rr:
// bpmn-js's long hand leans 17° right of upright, a photo's page a few
// degrees either way. A symbol cut round by the look circle has paper
// there: the inside of a signal's outlined triangle, of an escalation's
// arrowhead (its notch at the centre), of an envelope's flap.
func minuteHand(bm *bitmap, cx, cy, rr float64) bool {
	for deg := -12.0; deg <= 36; deg += 3 {
		a := deg * math.Pi / 180
		dx, dy := math.Sin(a), -math.Cos(a)
		along := true
		for t := rr * 0.2; t <= rr*0.5 && along; t++ {
			along = inkNear(bm, int(math.Round(cx+t*dx)), int(math.Round(cy+t*dy)))
		}
		if along {
			return true
		}
	}
	return false
}

// inkNear reports whether (x, y) or a pixel beside it is inked: a
// one-pixel hand drawn at an angle steps between columns.
func inkNear(bm *bitmap, x, y int) bool {
	return bm.at(x, y) || bm.at(x-1, y) || bm.at(x+1, y)
}

// wholeEnvelope is the icon of an event read from its ink within seven
// tenths of the inside's radius (icon), unless that reads a clock and
// the ink within nine tenths is an envelope: an envelope in a small
// circle (bpmn-js at three-quarter scale, the node the inner ring's
// inside) is cut round at seven tenths, which leaves its corners off
// and a ring of ink with the flap's point at its centre, a face. Seen
// whole it is wider than high, its top and bottom edges inked across;
// a face seen whole is as wide as high and no envelope.
func wholeEnvelope(bm *bitmap, in image.Rectangle, stroke int, icon Icon) Icon {
	if icon == Clock && iconInkWithin(bm, in, stroke, 9) == Envelope {
		return Envelope
	}
	return icon
}

// signalInk reports whether the ink inside an event is a signal's
// triangle standing on its base, outlined or filled, read within seven
// tenths of the inside's radius or, when that cuts off its corners,
// nine (an inner ring, a full circle, is no triangle): as wide as high
// or up to half as wide again, its top quarter's ink narrow (a point),
// its bottom rows inked across. A face, a disc or a ring is as wide at
// a quarter down as most of its width, an envelope is inked across its
// top, an escalation's arrowhead is taller than wide, a bolt's and a
// link arrow's lowest rows have ink at one point.
func signalInk(bm *bitmap, in image.Rectangle, stroke int) bool {
	for _, tenths := range []int{7, 9} {
		c := center(in)
		r := min(in.Dx(), in.Dy()) * tenths / 20
		if r < 4 {
			return false
		}
		box, n := inkInCircle(bm, c, r)
		if n < 2*r || box.Dx() < r/2 || box.Dy() < r/2 {
			continue
		}
		if triangleInk(bm, box, stroke) {
			return true
		}
	}
	return false
}

// triangleInk reports whether the ink's box holds a triangle standing
// on its base (signalInk).
func triangleInk(bm *bitmap, box image.Rectangle, stroke int) bool {
	bw, bh := box.Dx(), box.Dy()
	if bw*100 < bh*95 || bw*100 > bh*150 {
		return false
	}
	lo, hi := box.Max.X, box.Min.X
	for y := box.Min.Y; y < box.Min.Y+max(bh/4, 1); y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if bm.at(x, y) {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	band := max(stroke, 1) + 1
	return hi >= lo && (hi-lo+1)*2 <= bw && rowShare(bm, box, box.Max.Y-band, band) >= 0.75
}
