package vision

import (
	"image"
	"math"
	"testing"
)

// stadium is Mermaid's terminal: a box from x to x+w and y to y+h whose
// short ends are half circles as high as it, with its word inside.
func (c *canvas) stadium(x, y, w, h int) {
	c.arcBox(x, y, w, h, h/2)
}

// arcBox is a box whose corners are quarter circles of radius r, with a
// word inside.
func (c *canvas) arcBox(x, y, w, h, r int) {
	c.line(x+r, y, x+w-r, y)
	c.line(x+r, y+h, x+w-r, y+h)
	if h > 2*r {
		c.line(x, y+r, x, y+h-r)
		c.line(x+w, y+r, x+w, y+h-r)
	}
	for a := 0; a < 360; a++ {
		t := float64(a) * math.Pi / 360 // a quarter turn in 180 steps each way
		dx, dy := int(math.Round(float64(r)*math.Cos(t/2))), int(math.Round(float64(r)*math.Sin(t/2)))
		c.dot(x+w-r+dx, y+h-r+dy)
		c.dot(x+r-dx, y+h-r+dy)
		c.dot(x+w-r+dx, y+r-dy)
		c.dot(x+r-dx, y+r-dy)
	}
	c.letters(x+w/3, y+h/2-6, x+2*w/3)
}

// TestStadiumKind checks candidates' reading of Mermaid's stadium
// terminal as an event, and of the boxes whose corners are rounded less
// (bpmn-js's tasks, PlantUML's activities) as tasks.
func TestStadiumKind(t *testing.T) {
	checkCentreKinds(t, []centreKind{
		{"stadium 3.5:1", func(c *canvas) { c.stadium(110, 36, 170, 48) }, Event, true},
		{"stadium 2:1", func(c *canvas) { c.stadium(150, 30, 100, 50) }, Event, true},
		{"stadium 6:1", func(c *canvas) { c.stadium(80, 45, 240, 40) }, Event, true},
		{"stadium with a flow leaving its foot", func(c *canvas) { c.stadium(110, 36, 170, 48); c.line(195, 84, 195, 119) }, Event, true},
		{"box rounded by a tenth of its height (bpmn-js)", func(c *canvas) { c.arcBox(140, 20, 120, 80, 8) }, Task, true},
		{"box rounded by a quarter of its height", func(c *canvas) { c.arcBox(110, 30, 180, 60, 15) }, Task, true},
		{"box rounded by over a third of its height (PlantUML)", func(c *canvas) { c.arcBox(120, 43, 160, 34, 12) }, Task, true},
		// cut corners come close to half circles on the rows between
		{"box cut by 10 at its corners, 36 high (PlantUML's, drawn straight)", func(c *canvas) { c.roundBox(140, 42, 120, 36, 10) }, Task, true},
		{"square box", func(c *canvas) { c.rect(110, 36, 170, 48) }, Task, true},
		{"ellipse 3:1", func(c *canvas) { c.ellipse(200, 60, 75, 25) }, Event, true},
		{"circle", func(c *canvas) { c.circle(200, 60, 20, 2) }, Event, true},
	})
}

// TestRecognizeStadiums checks a top-to-bottom Mermaid chart: a stadium
// start, a step, a stadium end, read as two events round a task joined
// by two flows.
func TestRecognizeStadiums(t *testing.T) {
	c := newCanvas(240, 320, 2)
	c.stadium(30, 20, 170, 48)
	c.rect(40, 130, 150, 50)
	c.stadium(30, 250, 170, 48)
	c.arrow(image.Pt(115, 69), image.Pt(115, 129))
	c.arrow(image.Pt(115, 181), image.Pt(115, 249))
	d := Recognize(c.g)
	kinds := map[Kind]int{}
	for _, s := range d.Shapes {
		kinds[s.Kind]++
	}
	if kinds[Event] != 2 || kinds[Task] != 1 || len(d.Shapes) != 3 || len(d.Flows) != 2 {
		t.Fatalf("shapes %v, %d flows; want 2 events, 1 task, 2 flows", kinds, len(d.Flows))
	}
}
