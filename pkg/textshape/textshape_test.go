package textshape

import "testing"

func TestItem(t *testing.T) {
	tests := []struct {
		line, marker, body, kind string
		ok                       bool
	}{
		{"4. Sign the form.", "4.", "Sign the form.", Number, true},
		{"(2) Check the stock", "(2)", "Check the stock", Number, true},
		{"2.3 Payment terms", "2.3", "Payment terms", Number, true},
		{"Step 7: Close the ticket", "Step 7:", "Close the ticket", Number, true},
		{"Step 2 – The attendant cleans the room.", "Step 2", "The attendant cleans the room.", Number, true},
		{"Step 3 - Inspect the room", "Step 3", "Inspect the room", Number, true},
		{"- – note", "-", "– note", Bullet, true},
		{"b) the dispute portal", "b)", "the dispute portal", Bullet, true},
		{"a. Confirm the path.", "a.", "Confirm the path.", Bullet, true},
		{"IV. Records", "IV.", "Records", Bullet, true},
		{"• Sweep the floor", "•", "Sweep the floor", Bullet, true},
		{"☐ Torch", "☐", "Torch", Check, true},
		{"10 minutes later the clerk calls", "", "", "", false},
		{"-", "", "", "", false},
		{"The clerk files it.", "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			m, b, ok := Item(tt.line)
			if ok != tt.ok || m != tt.marker || b != tt.body {
				t.Fatalf("Item = %q, %q, %v; want %q, %q, %v", m, b, ok, tt.marker, tt.body, tt.ok)
			}
			if ok && MarkerKind(m) != tt.kind {
				t.Errorf("MarkerKind = %q, want %q", MarkerKind(m), tt.kind)
			}
		})
	}
}

func TestHeading(t *testing.T) {
	// steps reads every unpunctuated line starting with "Sign" as a step,
	// standing in for a verb lexicon
	steps := func(ws []string, stop bool) bool { return stop && ws[0] == "Sign" || ws[0] == "Sign" }
	tests := []struct {
		line  string
		reads Reader
		want  bool
	}{
		{"Scope and Purpose", nil, true},
		{"INCIDENT TRIAGE", nil, true},
		{"Outline of steps.", nil, false}, // PlainReader: a full stop ends a sentence
		{"Outline of steps.", steps, true},
		{"Sign contract", steps, false},
		{"Approval of the request", nil, false},
		{"Approval of the request", steps, true},
		{"Toolchain. Lightweight photogrammetry suite, e.g. Metashape", steps, false},
		{"Steps:", nil, false},
		{"the clerk checks", nil, false},
		{"The clerk checks the invoice against the order and the receipt before paying it", nil, false},
		{"1", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			if got := Heading(tt.line, tt.reads); got != tt.want {
				t.Errorf("Heading = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFurniture(t *testing.T) {
	tests := []struct {
		line                          string
		caption, link, title, callout bool
	}{
		{"Figure 3 – Label position on the pallet", true, false, false, false},
		{"Table 2: Approval limits", true, false, false, false},
		{"Tables are cleaned daily.", false, false, false, false},
		{"Also refer: https://example.org/video?id=4", false, true, false, false},
		{"www.example.org/help", false, true, false, false},
		{"Refer to the manufacturer's manual for the torque values of every screw: https://example.org/m", false, false, false, false},
		{"Warning", false, false, true, false},
		{"TODO.", false, false, true, false},
		{"NOTE: Coins are counted by weight.", false, false, false, true},
		{"Note the reading in the log.", false, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			if got := Caption(tt.line); got != tt.caption {
				t.Errorf("Caption = %v", got)
			}
			if got := Link(tt.line); got != tt.link {
				t.Errorf("Link = %v", got)
			}
			if got := CalloutTitle(tt.line); got != tt.title {
				t.Errorf("CalloutTitle = %v", got)
			}
			if got := CalloutLead(tt.line); got != tt.callout {
				t.Errorf("CalloutLead = %v", got)
			}
		})
	}
}

func TestHeadingsOfFormattedText(t *testing.T) {
	if h, ok := Banner("=== Process Purpose ==="); !ok || h != "Process Purpose" {
		t.Errorf("Banner = %q, %v", h, ok)
	}
	if _, ok := Banner("======"); ok {
		t.Error("an empty banner is a heading")
	}
	if l, h, ok := Markdown("## Summary"); !ok || l != 2 || h != "Summary" {
		t.Errorf("Markdown = %d, %q, %v", l, h, ok)
	}
	if _, _, ok := Markdown("#hashtag"); ok {
		t.Error("#hashtag is a heading")
	}
}
