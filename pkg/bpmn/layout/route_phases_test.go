package layout

import (
	"context"
	"testing"
)

// hopLayouter is a layouter with three items: 0 in layer 0 at y = 0, 1 in
// layer 1 at y = 0 and 2 in layer 1 at y = 100, each a node of height h
// with the given ports, and empty channels.
func hopLayouter(h float64, side, free bool) *layouter {
	n := Node{W: 100, H: h, SidePorts: side, FreePorts: free}
	return &layouter{
		ctx:      context.Background(),
		g:        Graph{Nodes: []Node{n, n, n}, Edges: []Edge{{From: 0, To: 1}, {From: 0, To: 2}}},
		items:    []item{{node: 0, layer: 0, y: 0, anchor: -1}, {node: 1, layer: 1, y: 0, anchor: -1}, {node: 2, layer: 1, y: 100, anchor: -1}},
		layers:   [][]int{{0}, {1, 2}},
		paths:    [][]int{{0, 1}, {0, 2}},
		nLayers:  2,
		channels: make([]channel, 3),
	}
}

func TestChannelHop(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		path []int
		self bool
		want hopKind
		segs int // segments added to a channel
	}{
		{"level with the next layer: straight", []int{0, 1}, false, hopStraight, 0},
		{"below in the next layer: a track", []int{0, 2}, false, hopTrack, 1},
		{"back to the previous layer, level: straight", []int{1, 0}, false, hopStraight, 0},
		{"within one layer: down", []int{1, 2}, false, hopDown, 0},
		{"above in the previous layer: a track", []int{2, 0}, false, hopTrack, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := hopLayouter(40, false, false)
			h := l.channelHop(tt.path, 0, tt.self)
			if h.kind != tt.want {
				t.Errorf("kind = %v, want %v", h.kind, tt.want)
			}
			segs := 0
			for _, c := range l.channels {
				segs += len(c.segs)
			}
			if segs != tt.segs {
				t.Errorf("%d segments added, want %d", segs, tt.segs)
			}
		})
	}
}

func TestFreePortHop(t *testing.T) {
	t.Parallel()
	// A tall source with free ports: a target level with its side is
	// reached straight, off its centre.
	l := hopLayouter(300, false, true)
	if h, ok := l.freePortHop([]int{0, 2}, 0); !ok || h.kind != hopStraight || !h.offStart {
		t.Errorf("tall free-port source: %+v, %v", h, ok)
	}
	// A short one cannot: the other end is beyond its side.
	l = hopLayouter(40, false, true)
	if h, ok := l.freePortHop([]int{0, 2}, 0); ok {
		t.Errorf("short free-port source: %+v", h)
	}
}

func TestSidePortHop(t *testing.T) {
	t.Parallel()
	l := hopLayouter(40, true, false)
	use := l.countPorts()
	ports := newSidePorts(len(l.g.Nodes))
	h, ok := l.sidePortHop(1, []int{0, 2}, 0, use, ports)
	if !ok || h.kind != hopSideOut || h.top {
		t.Fatalf("first edge down from a side-port node: %+v, %v (want out of the bottom)", h, ok)
	}
	if ports.free(0, false) {
		t.Error("the bottom port is still free after it was taken")
	}
	if h, ok := l.sidePortHop(1, []int{0, 2}, 0, use, ports); ok && h.kind == hopSideOut {
		t.Errorf("a taken bottom port was used again: %+v", h)
	}
}

func TestPlaceColumns(t *testing.T) {
	t.Parallel()
	l := hopLayouter(40, false, false)
	l.channels[1].tracks = 2
	l.placeColumns()
	// outer channel, column 0, inner channel, column 1, outer channel
	want := channelOuter + 100 + max(float64(channelMin), 3*trackGap) + 100 + channelOuter
	if l.width != want {
		t.Errorf("width = %v, want %v", l.width, want)
	}
	if l.colLeft[0] != channelOuter {
		t.Errorf("column 0 at %v, want %v", l.colLeft[0], channelOuter)
	}
}
