package text

import (
	"context"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

func TestRowCase(t *testing.T) {
	tests := []struct {
		name        string
		head, row   []string
		want        string
		wantColumns int
	}{
		{"two case columns", []string{"Wear measured", "Tool type", "Action"}, []string{"0.2 mm or more", "carbide", "Send the tool out"}, "wear measured 0.2 mm or more and tool type carbide", 2},
		{"any is no case", []string{"Wear measured", "Tool type", "Action"}, []string{"below 0.2 mm", "any", "Regrind the tool"}, "wear measured below 0.2 mm", 2},
		{"step column", []string{"Step", "Action", "Responsible"}, []string{"2", "Check the form", "Clerk"}, "", 0},
		{"numbered rows", []string{"No.", "Task", "Owner"}, []string{"3", "Check the form", "Clerk"}, "", 0},
		{"role first", []string{"Who", "Action"}, []string{"Clerk", "Check the form"}, "", 0},
		{"number in a case column", []string{"Ref", "Case", "Action"}, []string{"4", "12", "File it"}, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAnalyzer()
			a.tableHeader(tt.head)
			h := a.table
			if len(h.when) != tt.wantColumns {
				t.Errorf("case columns %v, want %d", h.when, tt.wantColumns)
			}
			if got := rowCase(h, tt.row); got != tt.want {
				t.Errorf("rowCase = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDecisionTableBranches(t *testing.T) {
	text := "Worn tooling\n\nThe tool crib attendant measures the wear and acts according to the table below.\n\n| Wear measured | Tool type | Action |\n|---|---|---|\n| below 0.2 mm | any | Regrind the tool |\n| 0.2 mm or more | carbide | Send the tool to the supplier for recoating |\n| 0.2 mm or more | HSS | Scrap the tool |\n"
	m := Analyze(context.Background(), text, "x.txt")
	ids := map[string]string{}
	for _, a := range m.Activities {
		ids[a.ID] = a.Name
	}
	for _, g := range m.Gateways {
		if g.Type != process.GatewayExclusive {
			continue
		}
		var outs []string
		for _, f := range m.Flows {
			if f.Source == g.ID && ids[f.Target] != "" {
				outs = append(outs, ids[f.Target])
			}
		}
		if len(outs) == 3 {
			return
		}
	}
	var names []string
	for _, a := range m.Activities {
		names = append(names, a.Name)
	}
	t.Errorf("no decision with the three rows' actions as branches: %s", strings.Join(names, ", "))
}
