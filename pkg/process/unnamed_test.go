package process

import (
	"strings"
	"testing"
)

func TestOrdinal(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 102: "102nd", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUnnamedPhrase(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind  string
		n, of int
		want  string
	}{
		{"task", 1, 1, "the unnamed task"},
		{"pool", 1, 0, "the unnamed pool"},
		{"exclusive gateway", 2, 3, "the 2nd unnamed exclusive gateway"},
		{"boundary event", 11, 12, "the 11th unnamed boundary event"},
	} {
		if got := UnnamedPhrase(c.kind, c.n, c.of); got != c.want {
			t.Errorf("UnnamedPhrase(%q, %d, %d) = %q, want %q", c.kind, c.n, c.of, got, c.want)
		}
	}
}

// TestFormattedTextUnnamedAndNoPerformer: a step nobody performs reads
// without an empty "()", and an unnamed activity is named by its kind and
// position, in its own lines and in the branches leading to it, never by
// its id or an empty name.
func TestFormattedTextUnnamedAndNoPerformer(t *testing.T) {
	t.Parallel()
	flows := func(ids ...string) []Flow {
		var fs []Flow
		for i := 0; i+1 < len(ids); i += 2 {
			fs = append(fs, Flow{ID: "f" + ids[i] + ids[i+1], Source: ids[i], Target: ids[i+1]})
		}
		return fs
	}
	tests := []struct {
		name      string
		model     Model
		want, not []string
	}{
		{"no performer", Model{
			Activities: []Activity{{ID: "Activity_0ab12cd", Name: "Check invoice"}},
			Events:     []Event{{ID: "s", Type: EventStart}, {ID: "e", Type: EventEnd}},
			Flows:      flows("s", "Activity_0ab12cd", "Activity_0ab12cd", "e"),
		}, []string{"Step 1: Check invoice\n", "1. Check invoice\n   Suppliers:"}, []string{"()", "Performer:"}},
		{"performer kept", Model{
			Activities: []Activity{{ID: "a", Name: "Check invoice", Performer: "Clerk"}},
		}, []string{"Step 1: Check invoice (Clerk)\n", "   Performer: Clerk\n"}, []string{"()"}},
		{"one unnamed task", Model{
			Activities: []Activity{{ID: "Activity_0ab12cd", Performer: "Clerk"}},
		}, []string{"Step 1: the unnamed task (Clerk)\n", "1. the unnamed task\n"}, []string{"Activity_0ab12cd", "Step 1:  "}},
		{"unnamed tasks numbered per kind, branches name them", Model{
			Activities: []Activity{{ID: "Activity_1"}, {ID: "T2", Name: "Approve"}, {ID: "Activity_3"}, {ID: "U4", Type: ActivityUser}},
			Gateways:   []Gateway{{ID: "Gateway_0x8f", Type: GatewayExclusive}},
			Flows:      flows("Activity_1", "Gateway_0x8f", "Gateway_0x8f", "T2", "Gateway_0x8f", "Activity_3", "Activity_3", "U4"),
		}, []string{"Step 1: the 1st unnamed task\n", "Then → the 2nd unnamed task\n", "Step 4: the unnamed user task\n", "Gateway (Exclusive): Decision\n"},
			[]string{"Activity_", "Gateway_0x8f", "→ Continue", "()"}},
		{"converted file: unnamed gateways by kind and position", Model{
			Verbatim:   true,
			Activities: []Activity{{ID: "A", Name: "Check"}, {ID: "B", Name: "Pay"}, {ID: "C", Name: "Ship"}},
			Gateways:   []Gateway{{ID: "Gateway_1", Type: GatewayExclusive}, {ID: "Gateway_2", Type: GatewayParallel}, {ID: "Gateway_3", Type: GatewayExclusive}, {ID: "G4", Type: GatewayEventBased, Name: "Which reply?"}},
			Flows:      flows("A", "Gateway_1", "Gateway_1", "B", "Gateway_1", "Gateway_3", "Gateway_3", "C", "Gateway_3", "Gateway_2", "Gateway_2", "A", "Gateway_2", "C"),
		}, []string{"Gateway (Exclusive): the 1st unnamed exclusive gateway\n", "Gateway (Exclusive): the 2nd unnamed exclusive gateway\n", "Gateway (Parallel): the unnamed parallel gateway\n",
			"Then → the 2nd unnamed exclusive gateway\n", "Then → the unnamed parallel gateway\n", ". the 1st unnamed exclusive gateway (Exclusive gateway"},
			[]string{"Gateway_", "Decision", "Work in parallel", "→ Continue"}},
		{"analyzer's model: unnamed gateways read Decision", Model{
			Activities: []Activity{{ID: "A", Name: "Check"}, {ID: "B", Name: "Pay"}},
			Gateways:   []Gateway{{ID: "g1", Type: GatewayExclusive}, {ID: "g2", Type: GatewayParallel}},
			Flows:      flows("A", "g1", "g1", "B", "g1", "g2", "g2", "A"),
		}, []string{"Gateway (Exclusive): Decision\n", "Gateway (Parallel): Work in parallel\n"}, []string{"unnamed"}},
		{"unnamed pools and a called pool's process", Model{
			Pools: []Pool{{ID: "Participant_0a", ProcessID: "Process_1x"}, {ID: "Participant_1b", Name: "Bank", ProcessID: "Process_2y"}, {ID: "Participant_2c", ProcessID: "Process_3z"}},
			Activities: []Activity{
				{ID: "c1", Name: "Check credit", Type: ActivityCall, CalledElement: "Process_2y", Pool: "Participant_0a", Performer: "Clerk"},
				{ID: "c2", Name: "Score", Type: ActivityCall, CalledElement: "Process_3z", Pool: "Participant_1b"},
				{ID: "c3", Name: "Notify", Type: ActivityCall, CalledElement: "notifyCustomer", Pool: "Participant_2c"},
			},
		}, []string{`Step 1: Check credit [calls the process of pool "Bank"] (the 1st unnamed pool: Clerk)`, "[calls the process of the 2nd unnamed pool] (Bank)", "[calls notifyCustomer] (the 2nd unnamed pool)", "   Pool: the 1st unnamed pool\n", "- the 1st unnamed pool (pool)\n- Bank (pool)\n- the 2nd unnamed pool (pool)\n"},
			[]string{"Participant_", "Process_", "()", "(: ", "-  ("}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var before []string
			for _, a := range tt.model.Activities {
				before = append(before, a.Name)
			}
			got := FormattedText(&tt.model)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("text lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("text has %q:\n%s", n, got)
				}
			}
			for i, a := range tt.model.Activities {
				if a.Name != before[i] {
					t.Errorf("the model's activity %s was renamed %q", a.ID, a.Name)
				}
			}
		})
	}
}
