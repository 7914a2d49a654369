package text

import "testing"

func TestCaseItemText(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"in the event of a refusal, the driver shall be informed by the Fleet Coordinator;", "The driver shall be informed by the Fleet Coordinator;"},
		{"In the event that the vehicle is a total loss, the leasing company collects it.", "The leasing company collects it."},
		{"in case of approval, the coordinator books the workshop.", "The coordinator books the workshop."},
		{"If the risk is high, the officer decides.", "If the risk is high, the officer decides."},
		{"Foam cleaning with the CIP unit", "Foam cleaning with the CIP unit"},
	}
	for _, c := range cases {
		if got := caseItemText(c.in); got != c.want {
			t.Errorf("caseItemText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestChoiceItemsWithCasesKeepTheirSteps(t *testing.T) {
	t.Parallel()
	text := "The fleet coordinator requests approval. The leasing company decides:\n- in case of a refusal, the fleet coordinator informs the driver;\n- in case of approval, the fleet coordinator books the workshop."
	m := Analyze(t.Context(), text, "t.txt")
	want := map[string]bool{"Inform driver": true, "Book workshop": true}
	for _, act := range m.Activities {
		delete(want, act.Name)
	}
	if len(want) > 0 {
		t.Errorf("missing %v in %v", want, m.Activities)
	}
}
