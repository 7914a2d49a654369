package text

import "testing"

func TestWorkAndStreamHeads(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cell         string
		work, stream bool
	}{
		{"Work", true, false},
		{"work done", true, false},
		{"work stream", false, true},
		{"track", false, true},
		{"Workload", false, false},
		{"score", false, false},
	} {
		if got := workHead(c.cell); got != c.work {
			t.Errorf("workHead(%q) = %v, want %v", c.cell, got, c.work)
		}
		if got := streamHead(c.cell); got != c.stream {
			t.Errorf("streamHead(%q) = %v, want %v", c.cell, got, c.stream)
		}
	}
}

func TestParallelTableRows(t *testing.T) {
	t.Parallel()
	checkSideBySide(t, sideBySideCase{
		text: "The deal lead opens the data room. The following work streams then run simultaneously:\n\n| Work stream | Owner | Work |\n|---|---|---|\n| Financial | Transaction services team | Reviews the accounts |\n| Tax | Tax team | Checks the tax position |\n\nWhen all reports are in, the deal lead writes the memo.",
		a:    "Review accounts", b: "Check tax position", after: "Write memo",
	})
}
