package vision

import (
	"image"
	"testing"
)

// TestByArrowhead checks the last phase of findFlows on its own: the
// dense end of a connector is its head.
func TestByArrowhead(t *testing.T) {
	end := func(node, x, y int, density float64) *contact {
		return &contact{node: node, x: x, y: y, density: density}
	}
	tests := []struct {
		name   string
		cs     []*contact
		dashed bool
		want   []Flow
	}{
		{"head at the second end", []*contact{end(0, 10, 10, 1), end(1, 90, 10, 3)}, false,
			[]Flow{{From: 0, To: 1, Sure: true}}},
		{"head at the first end", []*contact{end(0, 10, 10, 3), end(1, 90, 10, 1)}, true,
			[]Flow{{From: 1, To: 0, Sure: true, Dashed: true}}},
		{"no head: left to right, unsure", []*contact{end(0, 90, 10, 1), end(1, 10, 10, 1.1)}, false,
			[]Flow{{From: 1, To: 0}}},
		{"no head: top to bottom in one column", []*contact{end(0, 10, 90, 1), end(1, 10, 10, 1)}, false,
			[]Flow{{From: 1, To: 0}}},
		{"no head among three ends: nothing", []*contact{end(0, 10, 10, 1), end(1, 50, 10, 1), end(2, 90, 10, 1)}, false, nil},
		{"a fork: one tail, two heads", []*contact{end(0, 10, 10, 1), end(1, 90, 10, 3), end(2, 90, 90, 2.5)}, false,
			[]Flow{{From: 0, To: 1, Sure: true}, {From: 0, To: 2, Sure: true}}},
		{"every end a head (within a third): the thinnest is the tail", []*contact{end(0, 10, 10, 3.95), end(1, 90, 10, 3), end(2, 90, 90, 3.5)}, false,
			[]Flow{{From: 1, To: 0, Sure: true}, {From: 1, To: 2, Sure: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := byArrowhead(tt.cs, nil, tt.dashed)
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i].From != tt.want[i].From || got[i].To != tt.want[i].To || got[i].Sure != tt.want[i].Sure || got[i].Dashed != tt.want[i].Dashed {
					t.Errorf("flow %d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestSamplePath(t *testing.T) {
	path := func(n int) []image.Point {
		p := make([]image.Point, n)
		for i := range p {
			p[i] = image.Pt(i, 0)
		}
		return p
	}
	tests := []struct {
		n, want int
	}{
		{0, 0}, {400, 400}, {401, 201}, {1000, 334},
	}
	for _, tt := range tests {
		got := samplePath(path(tt.n))
		if len(got) != tt.want {
			t.Errorf("%d points: kept %d, want %d", tt.n, len(got), tt.want)
		}
		if len(got) > 0 && got[0] != image.Pt(0, 0) {
			t.Errorf("%d points: first kept %v, want the first", tt.n, got[0])
		}
	}
}

// TestDashesMeet checks the dash-joining rule on its own: dashes in
// line across a dash's gap join, dashes side by side or far apart do
// not, and a stub joins only along a whole dash's line.
func TestDashesMeet(t *testing.T) {
	tests := []struct {
		name   string
		a, b   image.Rectangle
		stubA  bool
		stubB  bool
		expect bool
	}{
		{"in line across a gap", image.Rect(0, 0, 10, 2), image.Rect(20, 0, 30, 2), false, false, true},
		{"in line, far apart", image.Rect(0, 0, 10, 2), image.Rect(60, 0, 70, 2), false, false, false},
		{"parallel rows apart", image.Rect(0, 0, 10, 2), image.Rect(0, 30, 10, 32), false, false, false},
		{"upright in line", image.Rect(0, 0, 2, 10), image.Rect(0, 20, 2, 30), false, false, true},
		{"stub after a dash", image.Rect(0, 0, 10, 2), image.Rect(20, 0, 24, 2), false, true, true},
		{"stub off the dash's line", image.Rect(0, 0, 10, 2), image.Rect(20, 30, 24, 32), false, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ft := &flowTracer{stroke: 2, ls: &labels{comps: []comp{{}, {box: tt.a}, {box: tt.b}}},
				stub: map[int32]bool{1: tt.stubA, 2: tt.stubB}}
			if got := ft.dashesMeet(1, 2); got != tt.expect {
				t.Errorf("dashesMeet = %v, want %v", got, tt.expect)
			}
		})
	}
}

// TestJoinCrossings checks that two lines crossing go straight on: the
// pieces either side of a crossing are joined, left with right and
// above with below, never across.
func TestJoinCrossings(t *testing.T) {
	const w, h = 9, 9
	bm := &bitmap{w: w, h: h, pix: make([]bool, w*h)}
	for i := range w {
		bm.pix[4*w+i] = true // the row
		bm.pix[i*w+4] = true // the column
	}
	ft := &flowTracer{bm: bm, w: w, h: h, cut: make([]bool, w*h)}
	ft.cut[4*w+4] = true
	ft.ls = label(w, h, func(i int) bool { return bm.pix[i] && !ft.cut[i] }, false)
	ft.parent = make([]int32, len(ft.ls.comps))
	for i := range ft.parent {
		ft.parent[i] = int32(i)
	}
	ft.joinCrossings()
	at := func(x, y int) int32 { return ft.find(ft.ls.lab[y*w+x]) }
	if at(0, 4) != at(8, 4) {
		t.Error("left and right of the crossing not joined")
	}
	if at(4, 0) != at(4, 8) {
		t.Error("above and below the crossing not joined")
	}
	if at(0, 4) == at(4, 0) {
		t.Error("the row joined to the column")
	}
}

// TestLineInk: a lane line's rectangle takes in the rows beside it inked
// along nearly its whole length (a soft photo's border binarised a row
// thicker than the white regions beside it say), never a row that only
// a crossing connector inks, and a stroke's width at most each way.
func TestLineInk(t *testing.T) {
	const w, h = 200, 40
	tests := []struct {
		name string
		rows []int // rows inked across the picture
		line image.Rectangle
		want image.Rectangle
	}{
		{"a row more below", []int{18, 19, 20, 21}, image.Rect(0, 18, w, 21), image.Rect(0, 18, w, 22)},
		{"rows more on both sides", []int{16, 17, 18, 19, 20, 21}, image.Rect(0, 18, w, 20), image.Rect(0, 16, w, 22)},
		{"the line as found", []int{18, 19, 20}, image.Rect(0, 18, w, 21), image.Rect(0, 18, w, 21)},
		{"at most a stroke each way", []int{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, image.Rect(0, 18, w, 21), image.Rect(0, 15, w, 21)},
		{"too short to judge", []int{18, 19, 20, 21}, image.Rect(0, 18, 20, 21), image.Rect(0, 18, 20, 21)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bm := &bitmap{w: w, h: h, pix: make([]bool, w*h)}
			for _, y := range tt.rows {
				for x := range w {
					bm.pix[y*w+x] = true
				}
			}
			// a connector crossing the line inks its column above and below
			for y := range h {
				bm.pix[y*w+100] = true
			}
			ft := &flowTracer{bm: bm, w: w, h: h, stroke: 3}
			if got := ft.lineInk(tt.line); got != tt.want {
				t.Errorf("lineInk(%v) = %v, want %v", tt.line, got, tt.want)
			}
		})
	}
}

// TestCollectDashesStubOnLine: a dash cut down to a few rows by a
// pool's border (a soft photo's border binarises thick) is a stub, to
// be joined to the dashes on its line; the same speck away from every
// line is no dash at all.
func TestCollectDashesStubOnLine(t *testing.T) {
	line := image.Rect(0, 537, 1200, 544)
	tests := []struct {
		name string
		box  image.Rectangle
		area int
		stub bool
	}{
		{"a square end above the border", image.Rect(987, 533, 991, 537), 12, true},
		{"a sliver below the border", image.Rect(987, 544, 991, 545), 4, true},
		{"the same speck off every line", image.Rect(987, 500, 991, 504), 12, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ft := &flowTracer{stroke: 4, all: []image.Rectangle{line},
				ls:     &labels{comps: []comp{{}, {box: tt.box, area: tt.area}}},
				isDash: map[int32]bool{}, stub: map[int32]bool{}}
			ft.collectDashes()
			if ft.stub[1] != tt.stub || ft.isDash[1] {
				t.Errorf("stub %v, dash %v; want stub %v, no dash", ft.stub[1], ft.isDash[1], tt.stub)
			}
		})
	}
}
