package bpmn

import (
	"fmt"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/layout"
)

// TestTaskSize: an activity is sized to its name so that the name, wrapped
// and centred as bpmn-js draws it (12 px, 7 px padding, 1.2 em lines),
// stays inside the shape's padding, off a typed task's icon at the top
// left and off the markers at the bottom centre; short names keep the
// default 100 × 80.
func TestTaskSize(t *testing.T) {
	t.Parallel()
	plain, typed, looped := taskDeco{}, taskDeco{icon: true}, taskDeco{icon: true, markers: 1}
	cases := []struct {
		name       string
		deco       taskDeco
		wantW      float64 // 0: not pinned
		wantH      float64
		maxW, maxH float64
	}{
		{name: "Check order", deco: plain, wantW: 100, wantH: 80},
		{name: "Check order", deco: looped, wantW: 100, wantH: 80},
		{name: "", deco: typed, wantW: 100, wantH: 80},
		// the audit's case: a user task's four lines ran under its icon
		{name: "Pay invoice through banking portal", deco: typed, wantW: 130, wantH: 80},
		{name: "Pay invoice through banking portal", deco: plain, wantW: 110, wantH: 80},
		{name: "Send rejection letter to the applicant", deco: typed, maxW: taskFitMaxW, maxH: 90},
		{name: "Review and approve the purchase requisition in the system", deco: looped, maxW: taskFitMaxW, maxH: 120},
		{name: "Notify the customer, the account manager and the regional sales office about the delayed shipment", deco: typed, maxW: taskFitMaxW, maxH: taskMaxH},
		{name: "Prüfe Änderungsantrag für Lieferantenstammdaten", deco: typed, maxW: 170, maxH: 120},
		{name: "Open https://portal.example.com/invoices/approve-all-pending", deco: plain, maxW: taskMaxW, maxH: 120},
	}
	for _, c := range cases {
		w, h := taskSize(c.name, c.deco, layout.TaskWidth, layout.TaskHeight)
		if c.wantW > 0 && (w != c.wantW || h != c.wantH) {
			t.Errorf("%q %+v: %v × %v, want %v × %v", c.name, c.deco, w, h, c.wantW, c.wantH)
		}
		if c.maxW > 0 && (w > c.maxW || h > c.maxH) {
			t.Errorf("%q %+v: %v × %v, want at most %v × %v", c.name, c.deco, w, h, c.maxW, c.maxH)
		}
		if w < layout.TaskWidth || h < layout.TaskHeight {
			t.Errorf("%q: %v × %v is below the default 100 × 80", c.name, w, h)
		}
		// the lines as bpmn-js places them: wrapped at the width less
		// the padding, each centred, the block centred vertically
		for _, r := range taskLines(c.name, w, h) {
			x0, y0, x1, y1 := r.x0, r.y0, r.x1, r.y1
			l := fmt.Sprintf("%.0f px wide", x1-x0)
			if x0 < taskPad || x1 > w-taskPad || y0 < taskPad || y1 > h-taskPad {
				t.Errorf("%q in %v × %v: line %q at (%.1f,%.1f)-(%.1f,%.1f) leaves the padding", c.name, w, h, l, x0, y0, x1, y1)
			}
			if c.deco.icon && x0 < taskIconW && y0+taskInkTop < taskIconH {
				t.Errorf("%q in %v × %v: line %q at (%.1f,%.1f) lies under the task icon", c.name, w, h, l, x0, y0)
			}
			if c.deco.markers > 0 && y1 > h-taskMarkerH && x0 < w/2+taskMarkerHalf && x1 > w/2-taskMarkerHalf {
				t.Errorf("%q in %v × %v: line %q lies over the marker", c.name, w, h, l)
			}
		}
	}
	// before: a typed task stayed 100 × 80 and its first line ran under the icon
	if taskFits("Pay invoice through banking portal", 100, 80, typed) {
		t.Error("the four lines of a 100 × 80 user task should not count as clear of its icon")
	}
}
