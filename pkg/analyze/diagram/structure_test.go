package diagram

import (
	"image"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/process"
)

// decisionDiagram is a task, a diamond and two tasks after it, as the
// recogniser reports them: the diamond's box is w wide and 60 high, its
// marker mk; the exits leave its right corner up and down.
func decisionDiagram(w int, mk vision.Marker) vision.Diagram {
	box := func(x, y int) vision.Shape {
		r := image.Rect(x, y, x+120, y+60)
		return vision.Shape{Kind: vision.Task, Box: r, Inner: r.Inset(2)}
	}
	gw := image.Rect(200, 170, 200+w, 230)
	d := vision.Diagram{Stroke: 2, Shapes: []vision.Shape{
		box(20, 170),
		{Kind: vision.Gateway, Box: gw, Inner: gw.Inset(5), Marker: mk},
		box(500, 40),
		box(500, 300),
	}}
	path := func(pts ...image.Point) []image.Point { return pts }
	end := gw.Max.X
	d.Flows = []vision.Flow{
		{From: 0, To: 1, Sure: true, Path: path(image.Pt(140, 200), image.Pt(199, 200))},
		{From: 1, To: 2, Sure: true, Path: path(image.Pt(end, 200), image.Pt(end+20, 200), image.Pt(end+20, 70), image.Pt(499, 70))},
		{From: 1, To: 3, Sure: true, Path: path(image.Pt(end, 200), image.Pt(end+20, 200), image.Pt(end+20, 330), image.Pt(499, 330))},
	}
	return d
}

// TestStructureDecisions: a flowchart diamond with its question inside
// is an exclusive gateway named by it, with the exits' words as the
// conditions, whatever the marker reader made of its letters; in a BPMN
// picture the marker decides, and an unmarked diamond is exclusive.
func TestStructureDecisions(t *testing.T) {
	words := func(ws ...word) []word { return ws }
	tasks := []word{
		{text: "Check", block: 1, left: 40, top: 190, w: 40, h: 14, conf: 90},
		{text: "request", block: 1, left: 85, top: 190, w: 40, h: 14, conf: 90},
		{text: "Book", block: 2, left: 520, top: 60, w: 40, h: 14, conf: 90},
		{text: "room", block: 2, left: 565, top: 60, w: 40, h: 14, conf: 90},
		{text: "Refuse", block: 3, left: 520, top: 320, w: 50, h: 14, conf: 90},
	}
	tests := []struct {
		name       string
		width      int
		marker     vision.Marker
		extra      []word
		typ, label string
		conds      string // condition of the flow to Book room, then to Refuse
	}{
		{
			"flowchart diamond, question inside, Yes/No on the exits", 180, vision.MarkerNone,
			words(
				word{text: "Enough", block: 4, left: 245, top: 192, w: 50, h: 14, conf: 90},
				word{text: "cover?", block: 4, left: 300, top: 192, w: 45, h: 14, conf: 90},
				word{text: "Yes", block: 5, left: 410, top: 50, w: 25, h: 14, conf: 90},
				word{text: "No", block: 6, left: 410, top: 335, w: 20, h: 14, conf: 90},
			),
			process.GatewayExclusive, "Enough cover?", "Yes|No",
		},
		{
			"question inside, letters taken for a + marker", 180, vision.MarkerParallel,
			words(word{text: "Approved?", block: 4, left: 250, top: 192, w: 80, h: 14, conf: 90}),
			process.GatewayExclusive, "Approved?", "|",
		},
		{"BPMN parallel marker", 60, vision.MarkerParallel, nil, process.GatewayParallel, "", "|"},
		{"BPMN marker read by OCR as a letter", 60, vision.MarkerExclusive,
			words(word{text: "X", block: 4, left: 225, top: 192, w: 10, h: 14, conf: 40}),
			process.GatewayExclusive, "", "|"},
		{"BPMN inclusive marker", 60, vision.MarkerInclusive, nil, process.GatewayInclusive, "", "|"},
		{"BPMN event-based marker", 60, vision.MarkerEventBased, nil, process.GatewayEventBased, "", "|"},
		{"unmarked BPMN diamond", 60, vision.MarkerNone, nil, process.GatewayExclusive, "", "|"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := decisionDiagram(tt.width, tt.marker)
			m, _, ok := structureModel(d, append(append([]word(nil), tasks...), tt.extra...), nil, "chart.png")
			if !ok {
				t.Fatal("no structure")
			}
			// the first gateway is the picture's; repair adds the join
			// where the branches end
			if len(m.Gateways) == 0 || m.Gateways[0].ID != "g2" {
				t.Fatalf("gateways %+v, want the diamond first", m.Gateways)
			}
			g := m.Gateways[0]
			if g.Type != tt.typ || g.Name != tt.label {
				t.Errorf("gateway %q %s, want %q %s", g.Name, g.Type, tt.label, tt.typ)
			}
			cond := map[string]string{}
			for _, f := range m.Flows {
				if f.Source == g.ID {
					for _, a := range m.Activities {
						if a.ID == f.Target {
							cond[a.Name] = f.Condition
						}
					}
				}
			}
			if got := cond["Book room"] + "|" + cond["Refuse"]; got != tt.conds {
				t.Errorf("conditions %q, want %q (%v)", got, tt.conds, cond)
			}
		})
	}
}

// TestStructureUnfinishedConnector: a connector the recogniser could not
// follow to its other end is no flow but a note on its node.
func TestStructureUnfinishedConnector(t *testing.T) {
	ws := []word{
		{text: "Check", block: 1, left: 40, top: 190, w: 40, h: 14, conf: 90},
		{text: "request", block: 1, left: 85, top: 190, w: 40, h: 14, conf: 90},
		{text: "Book", block: 2, left: 520, top: 60, w: 40, h: 14, conf: 90},
		{text: "room", block: 2, left: 565, top: 60, w: 40, h: 14, conf: 90},
		{text: "Refuse", block: 3, left: 520, top: 320, w: 50, h: 14, conf: 90},
		// a free label out on the right
		{text: "urgent", block: 4, left: 740, top: 200, w: 40, h: 14, conf: 90},
	}
	tests := []struct {
		name   string
		traces []vision.Trace
		want   []string // what each note says, in order
	}{
		{
			"a line leaving a box to the right, ending nowhere",
			[]vision.Trace{{Node: 2, Start: image.Pt(620, 70), End: image.Pt(760, 70)}},
			[]string{`A line leaving "Book room" to the right ends at no shape`},
		},
		{"a dashed line is an association, not a missing flow", []vision.Trace{{Node: 2, Start: image.Pt(620, 70), End: image.Pt(760, 70), Dashed: true}}, nil},
		{"a line ending on a word is its underline or leader", []vision.Trace{{Node: 3, Start: image.Pt(620, 330), End: image.Pt(745, 210)}}, nil},
		{
			"two halves of one line broken at a crossing make one note naming both ends",
			[]vision.Trace{
				{Node: 0, Start: image.Pt(80, 231), End: image.Pt(300, 420)},
				{Node: 3, Start: image.Pt(560, 361), End: image.Pt(318, 420)},
			},
			[]string{`The line between "Check request" and "Refuse" could not be followed`},
		},
		{
			"a line stopping just short of a shape names it",
			[]vision.Trace{{Node: 0, Start: image.Pt(80, 231), End: image.Pt(495, 335)}},
			[]string{`A line leaving "Check request" stops just short of "Refuse"`},
		},
		{
			"an unnamed diamond is named by its neighbour; at most three notes, the longest lines first",
			[]vision.Trace{
				{Node: 1, Start: image.Pt(230, 230), End: image.Pt(230, 300)},
				{Node: 0, Start: image.Pt(80, 170), End: image.Pt(80, 20)},
				{Node: 2, Start: image.Pt(620, 70), End: image.Pt(780, 10)},
				{Node: 3, Start: image.Pt(620, 330), End: image.Pt(790, 410)},
			},
			[]string{`A line leaving "Refuse" to the right`, `A line leaving "Book room" to the right`, `A line leaving "Check request" upwards`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := decisionDiagram(60, vision.MarkerNone)
			d.Traces = tt.traces
			m, notes, ok := structureModel(d, ws, nil, "")
			if !ok {
				t.Fatal("no structure")
			}
			if len(notes) != len(tt.want) {
				t.Fatalf("notes %q, want %d", notes, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(notes[i], w) {
					t.Errorf("note %d %q, want it to start %q", i, notes[i], w)
				}
			}
			if len(m.Annotations) != len(notes) {
				t.Errorf("annotations %+v, want one per note", m.Annotations)
			}
			drawn := 0
			for _, f := range m.Flows {
				if strings.HasPrefix(f.ID, "f") {
					drawn++ // the picture's, not those repair adds to the start and end
				}
			}
			if drawn != 3 {
				t.Errorf("flows %+v, want the three drawn", m.Flows)
			}
		})
	}
	// the unnamed diamond: named by the box before it
	d := decisionDiagram(60, vision.MarkerNone)
	d.Traces = []vision.Trace{{Node: 1, Start: image.Pt(230, 230), End: image.Pt(230, 400)}}
	_, notes, _ := structureModel(d, ws, nil, "")
	if len(notes) != 1 || !strings.Contains(notes[0], `an unnamed diamond after "Check request" downwards`) {
		t.Errorf("notes %q", notes)
	}
}

// TestStructureDrawnAsSeen: the diagram built from a picture has the
// gateways the picture has: none is added where lines merely meet (a
// loop coming back into a task) or where a start fans out.
func TestStructureDrawnAsSeen(t *testing.T) {
	d := decisionDiagram(60, vision.MarkerNone)
	// the lower branch comes back into the first task
	d.Flows = append(d.Flows, vision.Flow{From: 3, To: 0, Sure: true, Path: []image.Point{image.Pt(560, 360), image.Pt(80, 360), image.Pt(80, 231)}})
	ws := []word{
		{text: "Check", block: 1, left: 40, top: 190, w: 40, h: 14, conf: 90},
		{text: "Book", block: 2, left: 520, top: 60, w: 40, h: 14, conf: 90},
		{text: "Refuse", block: 3, left: 520, top: 320, w: 50, h: 14, conf: 90},
	}
	m, _, ok := structureModel(d, ws, nil, "")
	if !ok {
		t.Fatal("no structure")
	}
	x, err := bpmn.Build(&m)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Count(string(x), "<bpmn:exclusiveGateway") + strings.Count(string(x), "<bpmn:parallelGateway") + strings.Count(string(x), "<bpmn:inclusiveGateway")
	if got != len(m.Gateways) {
		t.Errorf("%d gateways in the BPMN, the model has %d: %+v", got, len(m.Gateways), m.Gateways)
	}
}

// TestStructurePoolsAndMessages: two pool bands stay two participants,
// and a dashed connector between them is a message flow, not a sequence
// flow.
func TestStructurePoolsAndMessages(t *testing.T) {
	d, ws := sendInvoicePay([]vision.Band{
		{Header: image.Rect(0, 0, 30, 200), Body: image.Rect(30, 0, 800, 200), Pool: true},
		{Header: image.Rect(0, 220, 30, 420), Body: image.Rect(30, 220, 800, 420), Pool: true},
	}, image.Pt(400, 280))
	m, _, ok := structureModel(d, ws, []string{"Supplier", "Customer"}, "")
	if !ok {
		t.Fatal("no structure")
	}
	if len(m.Pools) != 2 {
		t.Fatalf("pools %+v, want Supplier and Customer", m.Pools)
	}
	pool := map[string]string{}
	id := map[string]string{}
	for _, a := range m.Activities {
		pool[a.Name], id[a.Name] = a.Pool, a.ID
	}
	if pool["Invoice"] == pool["Pay"] || pool["Send"] != pool["Invoice"] {
		t.Errorf("pools of the tasks %v", pool)
	}
	if len(m.MessageFlows) != 1 || m.MessageFlows[0].Source != id["Invoice"] || m.MessageFlows[0].Target != id["Pay"] {
		t.Errorf("message flows %+v", m.MessageFlows)
	}
	for _, f := range m.Flows {
		if f.Source == id["Invoice"] && f.Target == id["Pay"] {
			t.Errorf("the dashed line became a sequence flow %+v", f)
		}
	}
}

// TestStructureFrameLanes: a flowchart's frames (Graphviz clusters) are
// lanes named by the first line of words across their top; the boxes
// inside each belong to it, and a word lower in the strip (an edge
// label) is no part of the name.
func TestStructureFrameLanes(t *testing.T) {
	box := func(x, y int) vision.Shape {
		r := image.Rect(x, y, x+120, y+60)
		return vision.Shape{Kind: vision.Task, Box: r, Inner: r.Inset(2)}
	}
	d := vision.Diagram{Stroke: 1,
		Shapes: []vision.Shape{box(40, 80), box(40, 250), box(440, 80)},
		Lanes: []vision.Band{
			{Header: image.Rect(22, 22, 348, 79), Body: image.Rect(20, 20, 350, 400), Titled: true},
			{Header: image.Rect(422, 22, 748, 79), Body: image.Rect(420, 20, 750, 400), Titled: true},
		},
		Flows: []vision.Flow{
			{From: 0, To: 1, Sure: true, Path: []image.Point{image.Pt(100, 141), image.Pt(100, 249)}},
			{From: 1, To: 2, Sure: true, Path: []image.Point{image.Pt(161, 280), image.Pt(500, 141)}},
		},
	}
	tests := []struct {
		name  string
		words []word
		strip []string          // the headers read on their own
		want  map[string]string // task → lane
	}{
		{
			"a title in each frame",
			[]word{
				{text: "Employee", block: 7, left: 30, top: 28, w: 70, h: 16, conf: 90},
				{text: "Finance", block: 8, left: 430, top: 28, w: 60, h: 16, conf: 90},
				{text: "Yes", block: 9, left: 470, top: 60, w: 25, h: 12, conf: 90},
			},
			[]string{"", ""},
			map[string]string{"Send": "Employee", "Check": "Employee", "Pay": "Finance"},
		},
		{
			"the header read on its own keeps the letter a crossing line took on the page",
			[]word{
				{text: "mployee", block: 7, left: 36, top: 28, w: 64, h: 16, conf: 60},
				{text: "Finance", block: 8, left: 430, top: 28, w: 60, h: 16, conf: 90},
			},
			[]string{"Employee", "Finance"},
			map[string]string{"Send": "Employee", "Check": "Employee", "Pay": "Finance"},
		},
		{
			"no title: no names to guess, the frames are still lanes",
			nil,
			[]string{"", ""},
			map[string]string{"Send": "Lane 1", "Check": "Lane 1", "Pay": "Lane 2"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := append([]word{
				{text: "Send", block: 1, left: 60, top: 100, w: 40, h: 14, conf: 90},
				{text: "Check", block: 2, left: 60, top: 270, w: 50, h: 14, conf: 90},
				{text: "Pay", block: 3, left: 460, top: 100, w: 30, h: 14, conf: 90},
			}, tt.words...)
			m, _, ok := structureModel(d, ws, tt.strip, "")
			if !ok {
				t.Fatal("no structure")
			}
			got := map[string]string{}
			for _, a := range m.Activities {
				got[a.Name] = a.Performer
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("lanes of the tasks %v, want %v", got, tt.want)
					break
				}
			}
			if len(m.Participants) != 2 {
				t.Errorf("participants %+v, want two", m.Participants)
			}
		})
	}
}

// TestStructureCollapsedPool: a collapsed pool (a wide box with only its
// name) beside an expanded one is a participant of its own; the dashed
// connectors to and from it are message flows with the pool as their
// end, and solid lines touching it are no sequence flows.
func TestStructureCollapsedPool(t *testing.T) {
	box := func(x, y int) vision.Shape {
		r := image.Rect(x, y, x+120, y+60)
		return vision.Shape{Kind: vision.Task, Box: r, Inner: r.Inset(2)}
	}
	customer := image.Rect(10, 10, 790, 70)
	d := vision.Diagram{Stroke: 2,
		Shapes: []vision.Shape{
			{Kind: vision.Pool, Box: customer, Inner: customer.Inset(3)},
			box(100, 160), box(400, 160),
		},
		Lanes: []vision.Band{{Header: image.Rect(10, 100, 40, 300), Body: image.Rect(40, 100, 790, 300), Pool: true}},
		Flows: []vision.Flow{
			{From: 1, To: 2, Sure: true, Path: []image.Point{image.Pt(221, 190), image.Pt(399, 190)}},
			{From: 0, To: 1, Sure: true, Dashed: true, Path: []image.Point{image.Pt(160, 71), image.Pt(160, 159)}},
			{From: 2, To: 0, Sure: true, Dashed: true, Path: []image.Point{image.Pt(460, 159), image.Pt(460, 71)}},
			{From: 2, To: 0, Sure: true, Path: []image.Point{image.Pt(480, 159), image.Pt(480, 71)}},
		},
	}
	ws := []word{
		{text: "Customer", block: 1, left: 360, top: 30, w: 70, h: 14, conf: 90},
		{text: "Take", block: 2, left: 120, top: 180, w: 40, h: 14, conf: 90},
		{text: "order", block: 2, left: 165, top: 180, w: 40, h: 14, conf: 90},
		{text: "Confirm", block: 3, left: 420, top: 180, w: 60, h: 14, conf: 90},
	}
	m, _, ok := structureModel(d, ws, []string{"Web shop"}, "")
	if !ok {
		t.Fatal("no structure")
	}
	var cust process.Pool
	for _, p := range m.Pools {
		if p.Name == "Customer" {
			cust = p
		}
	}
	if len(m.Pools) != 2 || !cust.Collapsed {
		t.Fatalf("pools %+v, want Web shop and a collapsed Customer", m.Pools)
	}
	id := map[string]string{}
	for _, a := range m.Activities {
		id[a.Name] = a.ID
	}
	want := map[string]bool{cust.ID + "→" + id["Take order"]: true, id["Confirm"] + "→" + cust.ID: true}
	for _, f := range m.MessageFlows {
		if !want[f.Source+"→"+f.Target] {
			t.Errorf("message flow %+v", f)
		}
		delete(want, f.Source+"→"+f.Target)
	}
	if len(want) > 0 {
		t.Errorf("message flows %+v, missing %v", m.MessageFlows, want)
	}
	for _, f := range m.Flows {
		if f.Source == cust.ID || f.Target == cust.ID {
			t.Errorf("a solid line to the collapsed pool became a sequence flow %+v", f)
		}
	}
}

// TestStructureMessageToUnreadPool: a dashed line runs between pools
// when its ends sit in different pools or one sits outside every pool
// read (a pool drawn without a header, whose band is not found); inside
// one pool, or with no pool at all, it is an association.
func TestStructureMessageToUnreadPool(t *testing.T) {
	top := vision.Band{Header: image.Rect(0, 0, 30, 200), Body: image.Rect(30, 0, 800, 200), Pool: true}
	tests := []struct {
		name  string
		lanes []vision.Band
		to    image.Point // the dashed line's end box; it starts at (400, 60)
		want  int         // message flows
	}{
		{"one pool, the end below it", []vision.Band{top}, image.Pt(400, 280), 1},
		{"one pool, the end in it", []vision.Band{top}, image.Pt(600, 120), 0},
		{"no pool", nil, image.Pt(400, 280), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ws := sendInvoicePay(tt.lanes, tt.to)
			var names []string
			if len(tt.lanes) > 0 {
				names = []string{"Supplier"}
			}
			m, _, ok := structureModel(d, ws, names, "")
			if !ok {
				t.Fatal("no structure")
			}
			if len(m.MessageFlows) != tt.want {
				t.Fatalf("message flows %+v, want %d", m.MessageFlows, tt.want)
			}
			for _, f := range m.Flows {
				if tt.want > 0 && f.Source == m.MessageFlows[0].Source && f.Target == m.MessageFlows[0].Target {
					t.Errorf("the message flow is a sequence flow too %+v", f)
				}
			}
			if tt.want > 0 && len(m.Pools) != 2 {
				t.Errorf("pools %+v, want Supplier and the pool below", m.Pools)
			}
		})
	}
}

// sendInvoicePay is three task boxes, "Send" and "Invoice" side by side
// at the top joined by a solid line, and "Pay" at to, which a dashed line
// from "Invoice" reaches, in the given bands.
func sendInvoicePay(lanes []vision.Band, to image.Point) (vision.Diagram, []word) {
	box := func(p image.Point) vision.Shape {
		r := image.Rect(p.X, p.Y, p.X+120, p.Y+60)
		return vision.Shape{Kind: vision.Task, Box: r, Inner: r.Inset(2)}
	}
	d := vision.Diagram{Stroke: 2,
		Shapes: []vision.Shape{box(image.Pt(100, 60)), box(image.Pt(400, 60)), box(to)},
		Lanes:  lanes,
		Flows: []vision.Flow{
			{From: 0, To: 1, Sure: true, Path: []image.Point{image.Pt(221, 90), image.Pt(399, 90)}},
			{From: 1, To: 2, Sure: true, Dashed: true, Path: []image.Point{image.Pt(460, 121), image.Pt(460, 279)}},
		},
	}
	ws := []word{
		{text: "Send", block: 1, left: 120, top: 80, w: 40, h: 14, conf: 90},
		{text: "Invoice", block: 2, left: 420, top: 80, w: 50, h: 14, conf: 90},
		{text: "Pay", block: 3, left: to.X + 20, top: to.Y + 20, w: 30, h: 14, conf: 90},
	}
	return d, ws
}
