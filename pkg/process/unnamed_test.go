package process

import (
	"maps"
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
		}, []string{"Step 1: the 1st unnamed task\n", "Then → the 2nd unnamed task\n", "Step 4: the unnamed user task\n", "Gateway (Exclusive): the unnamed exclusive gateway\n"},
			[]string{"Activity_", "Gateway_0x8f", "→ Continue", "()"}},
		{"converted file: unnamed gateways by kind and position", Model{
			Verbatim:   true,
			Activities: []Activity{{ID: "A", Name: "Check"}, {ID: "B", Name: "Pay"}, {ID: "C", Name: "Ship"}},
			Gateways:   []Gateway{{ID: "Gateway_1", Type: GatewayExclusive}, {ID: "Gateway_2", Type: GatewayParallel}, {ID: "Gateway_3", Type: GatewayExclusive}, {ID: "G4", Type: GatewayEventBased, Name: "Which reply?"}},
			Flows:      flows("A", "Gateway_1", "Gateway_1", "B", "Gateway_1", "Gateway_3", "Gateway_3", "C", "Gateway_3", "Gateway_2", "Gateway_2", "A", "Gateway_2", "C"),
		}, []string{"Gateway (Exclusive): the 1st unnamed exclusive gateway\n", "Gateway (Exclusive): the 2nd unnamed exclusive gateway\n", "Gateway (Parallel): the unnamed parallel gateway\n",
			"Then → the 2nd unnamed exclusive gateway\n", "Then → the unnamed parallel gateway\n", ". the 1st unnamed exclusive gateway (Exclusive gateway"},
			[]string{"Gateway_", "Decision", "Work in parallel", "→ Continue"}},
		{"analyzer's model: unnamed gateways by kind and position, or by their question", Model{
			Activities: []Activity{{ID: "A", Name: "Check"}, {ID: "B", Name: "Pay"}, {ID: "C", Name: "Refuse"}},
			Gateways:   []Gateway{{ID: "g1", Type: GatewayExclusive}, {ID: "g2", Type: GatewayParallel}, {ID: "g3", Type: GatewayExclusive}},
			Flows: append(flows("A", "g1", "g1", "B", "g1", "g2", "g2", "A", "g2", "g3"),
				Flow{ID: "y", Source: "g3", Target: "B", Condition: "approved"}, Flow{ID: "n", Source: "g3", Target: "C", Condition: "rejected"}),
		}, []string{"Gateway (Exclusive): the unnamed exclusive gateway\n", "Gateway (Parallel): the unnamed parallel gateway\n",
			"Gateway (Exclusive): Approved or rejected?\n", "Then → the unnamed parallel gateway\n", ". Approved or rejected? (Exclusive gateway"},
			[]string{"Decision", "Work in parallel", "→ Continue", "2nd"}},
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

// TestGatewayNames: every gateway has a name for the exports' tables: its
// own, the question its branches' conditions answer in a model the
// analyzer wrote, else its kind and position among the unnamed of its
// kind in its pool and sub-process; a converted file's gateways are
// never named by a question (the BPMN report names them by position).
func TestGatewayNames(t *testing.T) {
	t.Parallel()
	cond := func(src, cond string) Flow { return Flow{ID: src + cond, Source: src, Target: "x", Condition: cond} }
	tests := []struct {
		name     string
		verbatim bool
		gateways []Gateway
		flows    []Flow
		want     map[string]string
	}{
		{"own names kept, unnamed counted per kind and pool", false,
			[]Gateway{{ID: "a", Name: "Paid?"}, {ID: "b"}, {ID: "c", Type: GatewayParallel}, {ID: "d"}, {ID: "e", Pool: "P2"}},
			nil,
			map[string]string{"a": "Paid?", "b": "the 1st unnamed exclusive gateway", "c": "the unnamed parallel gateway",
				"d": "the 2nd unnamed exclusive gateway", "e": "the unnamed exclusive gateway"}},
		{"one condition and a default", false,
			[]Gateway{{ID: "g"}},
			[]Flow{cond("g", "the amount is over 500 EUR"), {ID: "d", Source: "g", Target: "y", Default: true, Condition: "otherwise"}},
			map[string]string{"g": "The amount is over 500 EUR?"}},
		{"three conditions, one repeated", false,
			[]Gateway{{ID: "g", Type: GatewayInclusive}},
			[]Flow{cond("g", "car"), cond("g", "train?"), cond("g", "Car"), cond("g", "plane")},
			map[string]string{"g": "Car, train or plane?"}},
		{"bare answers say nothing: position", false,
			[]Gateway{{ID: "g"}, {ID: "h"}},
			[]Flow{cond("g", "Yes"), cond("g", "no"), cond("h", "approved")},
			map[string]string{"g": "the unnamed exclusive gateway", "h": "Approved?"}},
		{"a condition in another script", false,
			[]Gateway{{ID: "g"}},
			[]Flow{cond("g", "überfällig")},
			map[string]string{"g": "Überfällig?"}},
		{"four conditions or a long one: position", false,
			[]Gateway{{ID: "g"}, {ID: "h"}},
			[]Flow{cond("g", "a"), cond("g", "b"), cond("g", "c"), cond("g", "d"), cond("h", strings.Repeat("very long condition ", 5))},
			map[string]string{"g": "the 1st unnamed exclusive gateway", "h": "the 2nd unnamed exclusive gateway"}},
		{"parallel and event-based: no question", false,
			[]Gateway{{ID: "g", Type: GatewayParallel}, {ID: "h", Type: GatewayEventBased}},
			[]Flow{cond("g", "approved"), cond("h", "reply")},
			map[string]string{"g": "the unnamed parallel gateway", "h": "the unnamed event-based gateway"}},
		{"converted file: position only", true,
			[]Gateway{{ID: "g"}},
			[]Flow{cond("g", "approved"), cond("g", "rejected")},
			map[string]string{"g": "the unnamed exclusive gateway"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for i := range tt.gateways {
				if tt.gateways[i].Type == "" {
					tt.gateways[i].Type = GatewayExclusive
				}
			}
			m := &Model{Verbatim: tt.verbatim, Gateways: tt.gateways, Flows: tt.flows}
			got := GatewayNames(m)
			for id, want := range tt.want {
				if got[id] != want {
					t.Errorf("gateway %s = %q, want %q", id, got[id], want)
				}
			}
			if len(got) != len(tt.gateways) {
				t.Errorf("named %d gateways, want %d: %q", len(got), len(tt.gateways), got)
			}
		})
	}
}

// TestDisplayNames: the names the web app's Process Details shows, one
// for every activity and gateway: its own; else, for an activity, its kind
// and position among the unnamed of its kind in its pool and sub-process;
// for a gateway, the question its branches answer (a split so named is not
// counted among the unnamed) or its kind and position. (These cases were
// the web app's own copy of the rule, which now reads them from the API.)
func TestDisplayNames(t *testing.T) {
	t.Parallel()
	cond := func(src, cond string) Flow { return Flow{ID: src + cond, Source: src, Target: "x", Condition: cond} }
	tests := []struct {
		name       string
		verbatim   bool
		activities []Activity
		gateways   []Gateway
		flows      []Flow
		want       map[string]string
	}{
		{"own names kept, unnamed by kind and position per pool", false,
			[]Activity{{ID: "a1", Name: "Check"}},
			[]Gateway{{ID: "a", Name: "Paid?"}, {ID: "b"}, {ID: "c", Type: GatewayParallel}, {ID: "d"}, {ID: "e", Pool: "P2"}},
			nil,
			map[string]string{"a1": "Check", "a": "Paid?", "b": "the 1st unnamed exclusive gateway", "c": "the unnamed parallel gateway",
				"d": "the 2nd unnamed exclusive gateway", "e": "the unnamed exclusive gateway"}},
		{"question from conditions, not counted", false,
			[]Activity{{ID: "a1", Name: "Check"}},
			[]Gateway{{ID: "g"}, {ID: "h", Type: GatewayInclusive}, {ID: "k"}},
			[]Flow{cond("g", "approved"), cond("g", "rejected?"), cond("h", "the amount is over 500 EUR"),
				{ID: "hd", Source: "h", Target: "y", Condition: "otherwise", Default: true}, cond("k", "Yes"), cond("k", "no")},
			map[string]string{"a1": "Check", "g": "Approved or rejected?", "h": "The amount is over 500 EUR?", "k": "the unnamed exclusive gateway"}},
		{"converted file: position only", true,
			[]Activity{{ID: "a1", Name: "Check"}},
			[]Gateway{{ID: "g", Type: GatewayEventBased}},
			[]Flow{cond("g", "approved")},
			map[string]string{"a1": "Check", "g": "the unnamed event-based gateway"}},
		{"unnamed activities by kind, pool and sub-process", false,
			[]Activity{{ID: "t1"}, {ID: "t2", Name: "Approve"}, {ID: "t3"}, {ID: "u1", Type: ActivityUser},
				{ID: "p1", Pool: "P2"}, {ID: "s1", Parent: "sub"}, {ID: "sub", Type: ActivitySubProcess}},
			nil, nil,
			map[string]string{"t1": "the 1st unnamed task", "t2": "Approve", "t3": "the 2nd unnamed task", "u1": "the unnamed user task",
				"p1": "the unnamed task", "s1": "the unnamed task", "sub": "the unnamed sub-process"}},
		{"an empty model names nothing", false, nil, nil, nil, map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for i := range tt.gateways {
				if tt.gateways[i].Type == "" {
					tt.gateways[i].Type = GatewayExclusive
				}
			}
			m := &Model{Verbatim: tt.verbatim, Activities: tt.activities, Gateways: tt.gateways, Flows: tt.flows}
			got := DisplayNames(m)
			if !maps.Equal(got, tt.want) {
				t.Errorf("DisplayNames = %q, want %q", got, tt.want)
			}
		})
	}
}
