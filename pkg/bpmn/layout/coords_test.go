package layout

import (
	"slices"
	"testing"
)

// TestSizeBands pins assignY's band sizing: each band as high as its
// need with padding and corridor, at least its smallest height, none
// when collapsed, after its gap.
func TestSizeBands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		need  []float64
		specs []BandSpec
		want  []Band
	}{
		{name: "small lane keeps the default height", need: []float64{40}, want: []Band{{Y: 0, H: laneMinHeight}}},
		{name: "tall lane grows with padding", need: []float64{200}, want: []Band{{Y: 0, H: 200 + 2*lanePad}}},
		{
			name: "bands stack", need: []float64{40, 200},
			want: []Band{{Y: 0, H: laneMinHeight}, {Y: laneMinHeight, H: 200 + 2*lanePad}},
		},
		{
			name: "gap above a pool and a thin collapsed pool", need: []float64{40, 0},
			specs: []BandSpec{{}, {GapAbove: 30, MinHeight: 60}},
			want:  []Band{{Y: 0, H: laneMinHeight}, {Y: laneMinHeight + 30, H: 60}},
		},
		{
			name: "corridor on top of the need", need: []float64{100},
			specs: []BandSpec{{corridor: 16}},
			want:  []Band{{Y: 0, H: 100 + 2*lanePad + 16}},
		},
		{
			name: "collapsed row band has no height", need: []float64{40, 0, 40},
			specs: []BandSpec{{}, {collapse: true}},
			want:  []Band{{Y: 0, H: laneMinHeight}, {Y: laneMinHeight, H: 0}, {Y: laneMinHeight, H: laneMinHeight}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := newLayouter(Graph{Lanes: len(tc.need), Bands: tc.specs}, len(tc.need))
			l.sizeBands(tc.need)
			if !slices.Equal(l.bands, tc.want) {
				t.Errorf("bands %v, want %v", l.bands, tc.want)
			}
		})
	}
}
