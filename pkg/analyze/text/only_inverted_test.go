package text

import "testing"

func TestOnlyWhenInverted(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Only when the report and the instruction are both ready does the shift leader run the trial batch.",
			"When the report and the instruction are both ready, the shift leader runs the trial batch."},
		{"Only after both replies are in can the clerk send the offer.",
			"After both replies are in, the clerk can send the offer."},
		{"Only after the opinion is ready, the head signs the permit.",
			"After the opinion is ready, the head signs the permit."},
		{"Only the manager approves the refund.", "Only the manager approves the refund."},
		{"The clerk checks the form.", "The clerk checks the form."},
	} {
		if got := onlyWhenInverted(c.in); got != c.want {
			t.Errorf("onlyWhenInverted(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestOnlyWhenJoins(t *testing.T) {
	t.Parallel()
	checkSideBySide(t, sideBySideCase{
		text: "Quality measures ten samples. Meanwhile, production engineering updates the work instruction. Only when the measurement report and the new work instruction are both ready does the shift leader run the trial batch.",
		a:    "Measure ten samples", b: "Update work instruction", after: "Run trial batch",
	})
}
