package text

import (
	"strings"
	"testing"
)

// TestSummaryFirst: a negative case told first as a summary becomes the
// "Otherwise" branch of the later condition with the other polarity; a
// summary no later condition answers stays.
func TestSummaryFirst(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{
			"First the bad news: if the police object to the event, we stop there. The permit is refused.\n\nYou send the plan to the police.\n\nNo objection from the police? Then you issue the permit.\n\nFinance invoices.",
			"You send the plan to the police.\n\nNo objection from the police? Then you issue the permit. Otherwise, the permit is refused. The process ends there.\n\nFinance invoices.",
		},
		{
			"In short: if the bank declines the loan, we close the file.\n\nThe clerk sends the papers. If the bank approves the loan, the clerk books it.",
			"In short: if the bank declines the loan, we close the file.",
		},
		{
			"First the bad news: if your manager turns your request down, that is the end of it. Nothing gets booked.\n\nYour manager either OKs it or turns it down.",
			"First the bad news: if your manager turns your request down",
		},
		{
			"In short: we ship on Fridays.\n\nNo stock? Then we wait.",
			"In short: we ship on Fridays.",
		},
	} {
		if got := summaryFirst(tc.in); !strings.Contains(got, tc.want) {
			t.Errorf("summaryFirst(%q) =\n%q\nwant it to hold\n%q", tc.in, got, tc.want)
		}
	}
}
