package export

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestWordFit: a wrapping width narrower than the text's widest word is
// widened to that word, at most to the cap; a wide enough one is kept.
func TestWordFit(t *testing.T) {
	t.Parallel()
	word := textWidth(encode("Approved?"), fontRegular, 10)
	tests := []struct {
		name      string
		text      string
		w, maxW   float64
		wantAbove float64 // the result is at least this
		wantAtMst float64 // and at most this
		lines     int     // lines wrap makes at that width
	}{
		{"narrow: widened to the word", "Approved?", 20, 240, word, word + 1, 1},
		{"wide enough: kept", "Approved?", 200, 240, 200, 200, 1},
		{"the widest of several words", "Is it Approved?", 10, 240, word, word + 1, 2},
		{"an over-long word: the cap", strings.Repeat("x", 200), 20, 60, 60, 60, 20},
		{"no words", "  ", 20, 240, 20, 20, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := wordFit(tt.text, 10, tt.w, tt.maxW)
			if got < tt.wantAbove || got > tt.wantAtMst {
				t.Errorf("wordFit = %.2f, want %.2f..%.2f", got, tt.wantAbove, tt.wantAtMst)
			}
			if lines := wrap(tt.text, fontRegular, 10, got); len(lines) != tt.lines {
				t.Errorf("wrapped in %d lines, want %d", len(lines), tt.lines)
			}
		})
	}
}

// narrowFile is a BPMN file whose task, gateway label and event label
// bounds are narrower than their words.
func narrowFile(taskW, labelW int, task, gateway string) []byte {
	return []byte(fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="d" targetNamespace="t">
  <process id="p">
    <task id="t" name="%s"/>
    <exclusiveGateway id="g" name="%s"/>
  </process>
  <bpmndi:BPMNDiagram id="di"><bpmndi:BPMNPlane id="pl" bpmnElement="p">
    <bpmndi:BPMNShape id="t_di" bpmnElement="t"><dc:Bounds x="100" y="100" width="%d" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="g_di" bpmnElement="g"><dc:Bounds x="300" y="115" width="50" height="50"/>
      <bpmndi:BPMNLabel><dc:Bounds x="310" y="170" width="%d" height="14"/></bpmndi:BPMNLabel></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`, task, gateway, taskW, labelW))
}

// TestDiagramKeepsWordsInNarrowBounds: a file's task or label drawn
// narrower than a word shows the word whole ("Approved?", never
// "Approve" and "d?"); a pasted URL longer than the cap is still cut.
func TestDiagramKeepsWordsInNarrowBounds(t *testing.T) {
	t.Parallel()
	url := "https://example.com/" + strings.Repeat("a", 80)
	tests := []struct {
		name          string
		taskW, labelW int
		task, gateway string
		want, not     []string
	}{
		{"narrow task", 40, 60, "Approved?", "Paid?", []string{">Approved?<", ">Paid?<"}, []string{">Approve<"}},
		{"narrow gateway label", 100, 10, "Check", "Approved?", []string{">Approved?<"}, []string{">Approve<"}},
		{"two words in a narrow task: a line each", 40, 60, "Invoice approved?", "x", []string{">Invoice<", ">approved?<"}, nil},
		{"an over-long word is still cut", 100, 60, url, "x", nil, []string{">" + url + "<"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			svg, err := DiagramSVG(context.Background(), narrowFile(tt.taskW, tt.labelW, tt.task, tt.gateway))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(svg), w) {
					t.Errorf("SVG lacks %q:\n%s", w, svg)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(string(svg), n) {
					t.Errorf("SVG has %q", n)
				}
			}
		})
	}
}
