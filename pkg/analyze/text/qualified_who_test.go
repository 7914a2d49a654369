package text

import "testing"

func TestWhoVerbSubject(t *testing.T) {
	t.Parallel()
	cases := []struct {
		body, cond, main string
		ok               bool
	}{
		{"Patients who need home care are referred by the discharge coordinator.", "Patients need home care", "The Patients are referred by the discharge coordinator.", true},
		{"Patients who don't need it are handed the self-care leaflet by the nurse.", "Patients don't need it", "The Patients are handed the self-care leaflet by the nurse.", true},
		{"Suppliers that fail the audit must be replaced.", "Suppliers fail the audit", "The Suppliers must be replaced.", true},
		{"Samples that are not cooled are discarded.", "", "", false},
		{"Patients who Monday arrive are seen.", "", "", false},
		{"The nurse checks the chart.", "", "", false},
	}
	for _, c := range cases {
		cond, main, ok := whoVerbSubject(c.body)
		if cond != c.cond || main != c.main || ok != c.ok {
			t.Errorf("whoVerbSubject(%q) = %q, %q, %v; want %q, %q, %v", c.body, cond, main, ok, c.cond, c.main, c.ok)
		}
	}
}

func TestGivenArticle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		w, b string
		want bool
	}{
		{"an", "send", true},
		{"a", "approve", true},
		{"the", "hand", true},
		{"the", "approve", false},
		{"to", "send", false},
	}
	for _, c := range cases {
		if got := givenArticle(c.w, c.b); got != c.want {
			t.Errorf("givenArticle(%q, %q) = %v, want %v", c.w, c.b, got, c.want)
		}
	}
}

func TestWhoVerbSubjectChoice(t *testing.T) {
	t.Parallel()
	text := "The nurse checks the chart. Patients who need home care are referred by the discharge coordinator. Patients who don't need it are handed the self-care leaflet by the nurse. The doctor signs the letter."
	m := Analyze(t.Context(), text, "t.txt")
	want := map[string]string{"Refer patients": "Discharge Coordinator", "Hand self-care leaflet": "Nurse"}
	for _, act := range m.Activities {
		if p, ok := want[act.Name]; ok {
			if act.Performer != p {
				t.Errorf("%q by %q, want %q", act.Name, act.Performer, p)
			}
			delete(want, act.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing %v in %v", want, m.Activities)
	}
	if len(m.Gateways) == 0 {
		t.Errorf("no decision in %v", m.Gateways)
	}
}
