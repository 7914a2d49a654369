package diagram

import (
	"image"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
)

func TestTrustFlows(t *testing.T) {
	two := []vision.Shape{{Kind: vision.Task}, {Kind: vision.Task}}
	tests := []struct {
		name   string
		shapes []vision.Shape
		flows  []vision.Flow
		want   bool
	}{
		{"no flow", two, nil, false},
		{"one shape", two[:1], []vision.Flow{{Sure: true}}, false},
		{"half the flows sure", two, []vision.Flow{{Sure: true}, {}}, true},
		{"most flows guessed", two, []vision.Flow{{Sure: true}, {}, {}}, false},
	}
	for _, tt := range tests {
		if got := trustFlows(vision.Diagram{Shapes: tt.shapes, Flows: tt.flows}); got != tt.want {
			t.Errorf("%s: trustFlows = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNodeKind: a flowchart draws its terminals and decisions as boxes
// and its steps as ovals; the words and the arrows say which is which.
func TestNodeKind(t *testing.T) {
	oval := image.Rect(0, 0, 120, 50)
	circle := image.Rect(0, 0, 40, 40)
	tests := []struct {
		name     string
		shape    vision.Shape
		label    string
		in, out  int
		want     vision.Kind
		ring     vision.Ring
		decision bool
	}{
		{"box named Start", vision.Shape{Kind: vision.Task, Box: oval, Inner: oval}, "Start", 0, 1, vision.Event, vision.Thin, false},
		{"box named End", vision.Shape{Kind: vision.Task, Box: oval, Inner: oval}, "End", 1, 0, vision.Event, vision.Thick, false},
		{"box with a question", vision.Shape{Kind: vision.Task, Box: oval, Inner: oval}, "Approved?", 1, 2, vision.Gateway, vision.Thin, true},
		{"plain box", vision.Shape{Kind: vision.Task, Box: oval, Inner: oval}, "Check request", 1, 1, vision.Task, vision.Thin, false},
		{"oval step between arrows", vision.Shape{Kind: vision.Event, Box: oval, Inner: oval}, "Check request", 1, 1, vision.Task, vision.Thin, false},
		{"oval at the start", vision.Shape{Kind: vision.Event, Box: oval, Inner: oval}, "Request in", 0, 1, vision.Event, vision.Thin, false},
		{"round event", vision.Shape{Kind: vision.Event, Box: circle, Inner: circle, Ring: vision.Double}, "Wait", 1, 1, vision.Event, vision.Double, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &structureBuilder{names: []string{tt.label}, decision: []bool{false}, in: []int{tt.in}, out: []int{tt.out}}
			s := tt.shape
			if got := b.nodeKind(0, &s); got != tt.want {
				t.Errorf("kind %v, want %v", got, tt.want)
			}
			if s.Ring != tt.ring {
				t.Errorf("ring %v, want %v", s.Ring, tt.ring)
			}
			if b.decision[0] != tt.decision {
				t.Errorf("decision %v, want %v", b.decision[0], tt.decision)
			}
		})
	}
}

// TestReadLanes: a lane is named by its strip or else by its pool, a
// single lane is no lane, and a collapsed pool is a participant.
func TestReadLanes(t *testing.T) {
	band := func(y int, pool bool) vision.Band {
		return vision.Band{Body: image.Rect(30, y, 800, y+100), Pool: pool}
	}
	tests := []struct {
		name      string
		lanes     []vision.Band
		names     []string
		shapes    []vision.Shape
		wantLanes []string
		wantPools int
		poolName  string
	}{
		{"two lanes", []vision.Band{band(0, false), band(100, false)}, []string{"Sales", "Finance"}, nil, []string{"Sales", "Finance"}, 0, ""},
		{"one lane names the process", []vision.Band{band(0, false)}, []string{"Sales"}, nil, nil, 0, "Sales"},
		{"an unnamed lane takes its pool's name", []vision.Band{band(0, true), band(0, false), band(50, false)}, []string{"Shop", "", "Stock"}, nil, []string{"Shop", "Stock"}, 1, "Shop"},
		{"a collapsed pool is a participant", []vision.Band{band(0, true)}, []string{"Shop"},
			[]vision.Shape{{Kind: vision.Pool, Box: image.Rect(30, 300, 800, 360)}}, nil, 2, "Shop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &structureBuilder{d: vision.Diagram{Lanes: tt.lanes, Shapes: tt.shapes}, titles: make([][]word, len(tt.lanes)), names: make([]string, len(tt.shapes))}
			b.readLanes(tt.names)
			var got []string
			for _, l := range b.lanes {
				got = append(got, l.name)
			}
			if len(got) != len(tt.wantLanes) {
				t.Fatalf("lanes %q, want %q", got, tt.wantLanes)
			}
			for i := range got {
				if got[i] != tt.wantLanes[i] {
					t.Errorf("lane %d %q, want %q", i, got[i], tt.wantLanes[i])
				}
			}
			if len(b.pools) != tt.wantPools || b.poolName != tt.poolName {
				t.Errorf("%d pools named %q, want %d named %q", len(b.pools), b.poolName, tt.wantPools, tt.poolName)
			}
		})
	}
}
