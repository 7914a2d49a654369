package text

import "testing"

func TestWithLegend(t *testing.T) {
	t.Parallel()
	text := "Who: analyst = compliance analyst, RM = relationship manager, MLRO = Money Laundering Reporting Officer, FIU = Financial Intelligence Unit, SLA = 5 days, X = 3."
	got := withLegend(map[string]string{"fiu": "Known Unit"}, text)
	want := map[string]string{"rm": "Relationship Manager", "mlro": "Money Laundering Reporting Officer", "fiu": "Known Unit"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("alias %q = %q, want %q", k, got[k], v)
		}
	}
	for _, k := range []string{"sla", "x", "analyst"} {
		if _, ok := got[k]; ok {
			t.Errorf("alias %q = %q, want none", k, got[k])
		}
	}
}
