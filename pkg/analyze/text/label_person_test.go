package text

import "testing"

func TestPersonClause(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rest string
		want bool
	}{
		{"you put a request for the trip into the travel tool.", true},
		{"before anything is booked, you put a request into the tool.", true},
		{"we then check the budget.", true},
		{"I ask the registry for the extract.", true},
		{"the clerk enters the request.", false},
		{"you.", false},
		{"if it fails, the clerk calls.", false},
		{"they.", false},
	}
	for _, c := range cases {
		if got := personClause(c.rest); got != c.want {
			t.Errorf("personClause(%q) = %v, want %v", c.rest, got, c.want)
		}
	}
}

func TestLabelBeforePersonClause(t *testing.T) {
	t.Parallel()
	if !labelPrefix("The normal way", "before anything is booked, you put a request for the trip into the travel tool.") {
		t.Error("label before a step told with 'you' not read as a label")
	}
	if labelPrefix("If it fails", "you call the desk now.") {
		t.Error("a condition read as a label")
	}
}
