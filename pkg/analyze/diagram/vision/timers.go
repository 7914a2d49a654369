package vision

import (
	"image"
	"math"
)

// dashedTimers finds the timer events drawn with dashed rings (a
// non-interrupting boundary or intermediate timer, as bpmn-js draws
// it): the paper between the dashes joins the paper outside, so the
// only closed white inside is the clock's face, too small to pass for
// an event and dropped as a marker (rt-claim-boundary: "2 weeks"). A
// small circle with ink at its centre (the hands) and ink round it
// where the rings lie, in nearly every direction, is such a face: its
// candidate becomes the event round it. The rings' gaps also let the
// inside of the task the timer sits on out to the paper, so the
// boxes found once the rings are drawn closed are added.
func (r *recognizer) dashedTimers() {
	var faces []*candidate
	for _, c := range r.cands {
		if c.kind == Event && !c.split && !r.inEvent(c) && clockFace(r.bm, c.box, r.stroke) {
			faces = append(faces, c)
		}
	}
	if len(faces) == 0 {
		return
	}
	// the picture with every event inked over, the timers out to their
	// outer ring: a task's border is whole again where its boundary
	// events sit on it (framed), and its inside closed
	closed := &bitmap{w: r.bm.w, h: r.bm.h, pix: append([]bool(nil), r.bm.pix...)}
	for _, c := range faces {
		rr := faceRadius(c.box)
		cx, cy := float64(c.box.Min.X+c.box.Max.X-1)/2, float64(c.box.Min.Y+c.box.Max.Y-1)/2
		c.box = circleBox(cx, cy, rr*timerInner)
		c.timer = true
		closed.fill(circleBox(cx, cy, rr*timerOuter))
	}
	for _, c := range r.cands {
		if c.kind == Event {
			closed.fill(c.box)
		}
	}
	for _, c := range candidates(closed, r.minSide) {
		if c.kind == Task && !r.sameBox(c.box) {
			r.cands = append(r.cands, c)
		}
	}
}

// fill inks box b of the bitmap.
func (bm *bitmap) fill(b image.Rectangle) {
	b = b.Intersect(image.Rect(0, 0, bm.w, bm.h))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			bm.pix[y*bm.w+x] = true
		}
	}
}

// Radii of a bpmn-js timer event by its clock face's white inside: the
// white inside its inner ring and the outside of its outer ring.
const (
	timerInner = 1.45
	timerOuter = 1.9
)

// faceRadius is the radius of a clock face's white inside.
func faceRadius(b image.Rectangle) float64 { return float64(b.Dx()+b.Dy()) / 4 }

// circleBox is the box round the circle of radius rr round (cx, cy).
func circleBox(cx, cy, rr float64) image.Rectangle {
	return image.Rect(int(math.Round(cx-rr)), int(math.Round(cy-rr)), int(math.Round(cx+rr))+1, int(math.Round(cy+rr))+1)
}

// clockFace reports whether the small circle inside b is a timer's
// clock face in dashed rings: ink at its centre, and beyond its outline,
// where the rings lie, ink in at least 28 of 32 directions but not all
// the way across the rings' band (a filled blob).
func clockFace(bm *bitmap, b image.Rectangle, stroke int) bool {
	rr := faceRadius(b)
	if rr < 4 {
		return false
	}
	cx, cy := float64(b.Min.X+b.Max.X-1)/2, float64(b.Min.Y+b.Max.Y-1)/2
	if inkShare(bm, int(cx)-1, int(cy)-1, int(cx)+2, int(cy)+2) == 0 {
		return false
	}
	lo, hi := rr+float64(stroke)+1.5, rr*(timerOuter+0.15)
	hits, full := 0, 0
	for k := range 32 {
		a := float64(k) * math.Pi / 16
		n, all := 0, 0
		for t := lo; t <= hi; t += 0.5 {
			all++
			if bm.at(int(math.Round(cx+t*math.Cos(a))), int(math.Round(cy+t*math.Sin(a)))) {
				n++
			}
		}
		if n > 0 {
			hits++
		}
		if n == all {
			full++
		}
	}
	return hits >= 28 && full <= 8
}

// inEvent reports whether c lies in another event's inside: a piece of
// it (an icon splits it), or its icon.
func (r *recognizer) inEvent(c *candidate) bool {
	for _, o := range r.cands {
		if o != c && o.kind == Event && within(c.box, o.box) {
			return true
		}
	}
	return false
}

// sameBox reports whether a candidate's box is b, give or take a pixel.
func (r *recognizer) sameBox(b image.Rectangle) bool {
	for _, c := range r.cands {
		if absDiff(c.box.Min.X, b.Min.X) <= 1 && absDiff(c.box.Min.Y, b.Min.Y) <= 1 && absDiff(c.box.Max.X, b.Max.X) <= 1 && absDiff(c.box.Max.Y, b.Max.Y) <= 1 {
			return true
		}
	}
	return false
}
