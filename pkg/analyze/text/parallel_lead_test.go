package text

import "testing"

func TestParallelListLead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s    string
		want bool
	}{
		{"Then two things go out from my side at once: I ask the registry for the extract, and I order the report.", true},
		{"Two things happen side by side: the pharmacist prepares the medicines and the nurse books transport.", true},
		{"Both requests are sent at once: the clerk e-mails the bank and the assistant calls the notary.", true},
		{"Two things happen at the same time: A, and B.", true},
		{"The nurse informs the doctor at once: the patient is moved.", false},
		{"Note: both forms are needed.", false},
	}
	for _, c := range cases {
		if got := parallelListRe.MatchString(c.s); got != c.want {
			t.Errorf("parallelListRe.MatchString(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
