package text

import "testing"

func TestOwnSideClausesOnBranch(t *testing.T) {
	t.Parallel()
	for _, c := range []sideBySideCase{
		{name: "in same time on a branch, independently of each other", text: "The clerk checks the application. If it is not complete, the clerk rejects it. If complete, in same time the clerk ask the police for their opinion and the traffic engineer check the traffic plan, independently of each other. The head of department signs the permit.",
			a: "Ask police", b: "Check traffic plan", after: "Sign permit"},
		{name: "at the same time on a branch", text: "The nurse checks the referral. If the patient is urgent, at the same time the nurse calls the ward and the porter fetches a wheelchair. The doctor examines the patient.",
			a: "Call ward", b: "Fetch wheelchair", after: "Examine patient"},
	} {
		t.Run(c.name, func(t *testing.T) { checkSideBySide(t, c) })
	}
}

func TestOwnSideClausesOnePerformer(t *testing.T) {
	t.Parallel()
	a := newAnalyzer()
	if ds := a.ownSideClauses("at the same time the clerk checks the form and files it", "s"); ds != nil {
		t.Errorf("one performer's steps are no branches: got %d drafts", len(ds))
	}
	if ds := a.ownSideClauses("the clerk checks the form and the nurse calls the ward", "s"); ds != nil {
		t.Errorf("no lead, no mark: got %d drafts", len(ds))
	}
}
