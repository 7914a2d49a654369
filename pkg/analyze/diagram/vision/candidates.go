package vision

import "image"

// candidates finds the closed white regions of a binary image and sorts
// out the ones shaped like a box, a circle or a diamond.
func candidates(bm *bitmap, minSide int) []*candidate {
	return candidatesIn(whiteRegions(bm), bm, minSide)
}

// whiteRegions labels the paper of bm, 4-connected.
func whiteRegions(bm *bitmap) *labels {
	return label(bm.w, bm.h, func(i int) bool { return !bm.pix[i] }, false)
}

// candidatesIn is candidates on bm's white regions ws. Its phases: the
// regions that may be shapes (shapeRegion), and the shape each one's
// outline makes (shapeKind).
func candidatesIn(ws *labels, bm *bitmap, minSide int) []*candidate {
	var cands []*candidate
	for l := int32(1); l < int32(len(ws.comps)); l++ {
		c := ws.comps[l]
		b := c.box
		if !shapeRegion(b, bm.w, bm.h, minSide) {
			continue
		}
		f := ws.spanFill(l)
		cd := &candidate{l: l, ls: ws, bm: bm, box: b, fill: f, white: float64(c.area) / (f * float64(b.Dx()*b.Dy()))}
		kind, hexagon, ok := ws.shapeKind(l, f, cd.white, float64(b.Dx())/float64(b.Dy()))
		if !ok {
			continue
		}
		cd.kind, cd.hexagon = kind, hexagon
		cands = append(cands, cd)
	}
	return cands
}

// shapeRegion reports whether a white region with box b on a w×h
// picture may be a shape's inside: not the paper around the diagram,
// which reaches the picture's edge, nor the inside of letters, under
// minSide across.
func shapeRegion(b image.Rectangle, w, h, minSide int) bool {
	if b.Min.X == 0 || b.Min.Y == 0 || b.Max.X == w || b.Max.Y == h {
		return false // the paper around the diagram
	}
	return b.Dx() >= minSide && b.Dy() >= minSide
}

// shapeKind is the shape of white region l by its span fill f, white
// share and aspect ratio ar (width by height): a box, a circle or a
// diamond (hexagon set for a flowchart's hexagonal decision); ok is
// false for none of them.
func (ls *labels) shapeKind(l int32, f, white, ar float64) (kind Kind, hexagon, ok bool) {
	switch {
	case f > 0.75 && f < 0.97 && ls.hexagon(l):
		return Gateway, true, true
	case f > 0.85 && f < 0.97 && ls.stadium(l):
		return Event, false, true
	case f > 0.9:
		return Task, false, true
	case f > 0.7 && f < 0.86 && white > 0.2 && ls.roundShaped(l, ar):
		return Event, false, true
	case f > 0.4 && f < 0.62 && ls.diamondShaped(l, ar):
		return Gateway, false, true
	}
	return 0, false, false
}

// squareAspect reports whether aspect ratio ar is nearly square; a
// flowchart's terminals and decisions are drawn around their text, so
// wider than high (wideAspect): taken when their outline has the
// shape's profile.
func squareAspect(ar float64) bool { return ar > 0.8 && ar < 1.25 }

// wideAspect reports whether aspect ratio ar is that of a shape drawn
// round its text (squareAspect).
func wideAspect(ar float64) bool { return ar >= 1.25 && ar <= 6 }

// roundShaped reports whether region l, of aspect ratio ar, is an
// ellipse: a circle, or a flowchart's terminal with an ellipse's
// profile.
func (ls *labels) roundShaped(l int32, ar float64) bool {
	return (squareAspect(ar) || wideAspect(ar) && ar <= 4 && ls.profile(l, 0.75, 0.95)) && ls.ellipse(l)
}

// diamondShaped reports whether region l, of aspect ratio ar, is a
// diamond: square, or a flowchart's decision with a diamond's profile,
// or one drawn round a long question (up to maxDiamondAspect).
func (ls *labels) diamondShaped(l int32, ar float64) bool {
	return squareAspect(ar) && ls.diamond(l) || wideAspect(ar) && ls.profile(l, 0.35, 0.65) || ar > 6 && ar <= maxDiamondAspect && ls.diamond(l)
}

// maxDiamondAspect is how much wider than high a decision's diamond may
// be: Graphviz draws it round its question, and "Amount over limit?" on
// one line makes it six and a half times wider than high. Beyond six,
// its every row must end on its straight sides (diamond): a soft photo
// has long thin regions between lines whose spans fill as much.
const maxDiamondAspect = 10
