package text

import (
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// whoDoes is the lane of the first activity whose name contains task, or
// the name of its pool when it is an outside party's, or "".
func whoDoes(m process.Model, task string) string {
	for _, a := range m.Activities {
		if !strings.Contains(strings.ToLower(a.Name), strings.ToLower(task)) {
			continue
		}
		if a.Pool != "" {
			for _, p := range m.Pools {
				if p.ID == a.Pool {
					return "pool " + p.Name
				}
			}
		}
		return a.Performer
	}
	return ""
}

// TestWhoDoesIt covers issue 23's misread performers: a base-form verb
// after a role with a document word in it ("policy administration issue
// the policy"), "They answer" after "asks X for Y", a narrator who names
// their job ("I am the case officer") with no e-mail sender line, and
// someone else's employer as a party of its own.
func TestWhoDoesIt(t *testing.T) {
	tests := []struct {
		name, text, task, want string
	}{
		{"document word before a role, base form",
			"The underwriter assesses the risk. If the risk is ok, policy administration issue the policy and send it to the customer.",
			"Issue policy", "Policy Administration"},
		{"two bare clauses joined by and",
			"The customer pays the premium. Finance department confirm the payment and policy administration activate the policy.",
			"Activate policy", "Policy Administration"},
		{"they answer after asks X for Y",
			"The recruiter asks the candidate's previous employer for a written reference. They answer by e-mail. The recruiter reads the reference.",
			"Answer", "pool Previous Employer"},
		{"they answer after a company asked",
			"The recruiter asks Veritas Screening for a criminal record check. They send the result to the recruiter. The recruiter reads it.",
			"Send result", "pool Veritas Screening"},
		{"asking a role of ours stays ours",
			"The clerk asks the team lead for approval. The team lead approves the request. The clerk books it.",
			"Approve", "Team Lead"},
		{"narrator names the job",
			"I am the case officer for boundary corrections. A request arrives from the landowner. I check that the request is complete. The surveyor measures the boundary. Then I inform the landowner.",
			"Inform", "Case Officer"},
		{"narrator works at a desk",
			"So, I work at the reception of the practice. Patients phone us in the morning. I take the call. The nurse reads the notes. If it is not urgent, I call them back.",
			"Take call", "Reception"},
		{"I after an outside party, no role named",
			"The duty manager approves refunds. When a customer writes in, I look up the booking. I pass the request to finance.",
			"Look up booking", "Duty Manager"},
		{"they after I ask the registry",
			"I am the case officer. I ask the land registry for a current extract. They answer within five days. I check the extract.",
			"Answer", "pool Land Registry"},
	}
	for _, tt := range tests {
		m := analyze(t, tt.text)
		if got := whoDoes(m, tt.task); got != tt.want {
			t.Errorf("%s: %q done by %q, want %q%s", tt.name, tt.task, got, tt.want, describe(m))
		}
	}
}

// TestSelfOwned covers parties that are organisations of their own
// even when named as someone's.
func TestSelfOwned(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"previous employer", true},
		{"bank", true},
		{"assessor", false},
		{"agent", false},
	}
	for _, tt := range tests {
		if got := selfOwned(tt.in); got != tt.want {
			t.Errorf("selfOwned(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestWhoDoesTail covers an outside party that acts in the second half
// of a sentence by "they", and "dispatch" as a desk of ours.
func TestWhoDoesTail(t *testing.T) {
	tests := []struct {
		name, text, task, want string
	}{
		{"they after and",
			"The clerk checks the plan. The clerk sends the signed plan to the land registry and they update the register. The clerk informs the owner.",
			"Update register", "pool Land Registry"},
		{"dispatch is a desk",
			"Dispatch books the slot. The installer fits the meter.",
			"Book slot", "Dispatch"},
		{"a control department after and, base form",
			"Goods receiving check the delivery and quality control test a sample. The buyer pays the invoice.",
			"Test sample", "Quality Control"},
		{"document control",
			"The engineer draws the part. Document control approve the drawing. The engineer releases it.",
			"Approve drawing", "Document Control"},
		{"only do",
			"The receptionist writes the job card. If the owner says no, the mechanic only do the safety check. The receptionist returns the car.",
			"safety check", "Mechanic"},
	}
	for _, tt := range tests {
		m := analyze(t, tt.text)
		if got := whoDoes(m, tt.task); got != tt.want {
			t.Errorf("%s: %q done by %q, want %q%s", tt.name, tt.task, got, tt.want, describe(m))
		}
	}
}
