package text

import (
	"strings"
	"testing"
)

// TestMissingSteps holds steps the reader used to lose: each text must
// give every named activity (name and performer as names() prints them).
func TestMissingSteps(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"subsection markers inside a paragraph",
			"§ 13 Examination. (1) The caseworker examines the application for completeness. (2) The caseworker calculates the entitlement according to Annex 2.",
			[]string{"Examine application for completeness (Caseworker)", "Calculate entitlement (Caseworker)"}},
		{"lettered subsection",
			"The clerk registers the claim. (e) Where the defendant admits the claim, the defendant pays the claimant directly.",
			[]string{"Register claim (Clerk)", "Pay claimant (Defendant)"}},
		{"lead phrase without comma, base verb of plain English",
			"The customer reports the lost card. For all blocked cards the agent order a new card.",
			[]string{"Order new card (Agent)"}},
		{"lead phrase, performer opening with a capital",
			"The candidate signs the form. With the signed form HR assistant order the check at the screening agency.",
			[]string{"Order check at screening agency (HR Assistant)"}},
		{"lead clause, article and two-word performer",
			"The engineer tests the part. At the end the quality engineer file the approval report in the PLM system.",
			[]string{"File approval report in PLM system (Quality Engineer)"}},
		{"hand-over with the receiver's step in a relative clause",
			"The employee submits the claim. The claim goes to their manager, who approves it or sends it back with a comment.",
			[]string{"Approve claim (Manager)", "Send back claim with comment (Manager)"}},
		{"receiver inside an of-phrase",
			"The employee submits the claim. Approved claims land in the queue of the accounts payable clerk, who checks the receipts against the policy limits.",
			[]string{"Check receipts against policy limits (Accounts Payable Clerk)"}},
		{"appointed party's steps",
			"The customer reports the cracks. First, we shall appoint a loss adjuster, who will visit your home and assess the cracking.",
			[]string{"Visit home (Loss Adjuster)", "Assess cracking (Loss Adjuster)"}},
		{"work verbs of triage and IT",
			"The GP sends the referral. The consultant triages every referral. The agent reimages the laptop remotely.",
			[]string{"Triage referral (Consultant)", "Reimage laptop (Agent)"}},
		{"approval named by its giver's possessive",
			"The technician orders the parts. Parts costing more than 5,000 EUR additionally need the plant manager's approval before purchasing can order.",
			[]string{"Approve part (Plant Manager)"}},
		{"subject opening with a participle",
			"The accountant prepares the journals. Correcting journals above 50,000 EUR need the financial controller's approval before they are booked.",
			[]string{"Approve journal (Financial Controller)"}},
		{"reception as the performer of labelled imperative lines",
			"1. Reception: greet the owner, weigh the dog and pull up the patient record.\n2. The vet examines the dog.\n3. Reception: stamp the card and take the payment.",
			[]string{"Greet owner (Reception)", "Weigh dog (Reception)", "Take payment (Reception)"}},
		{"two nominal steps side by side",
			"The driver docks the truck. Unloading and the quality check of the first pallet happen at the same time. The clerk books the goods.",
			[]string{"Carry out unloading (Driver)", "Carry out quality check of first pallet (Driver)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := names(analyze(t, tt.text))
			for _, w := range tt.want {
				if !contains(got, w) {
					t.Errorf("missing %q in %v", w, got)
				}
			}
		})
	}
}

func TestDropSubsectionMark(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(2) The caseworker calculates the entitlement.", "The caseworker calculates the entitlement."},
		{"(e) Where the defendant admits the claim, …", "Where the defendant admits the claim, …"},
		{"(iv) The clerk files it.", "The clerk files it."},
		{"(see annex) The clerk files it.", "(see annex) The clerk files it."},
		{"The clerk files it (2) times.", "The clerk files it (2) times."},
	}
	for _, tt := range tests {
		if got := dropSubsectionMark(tt.in); got != tt.want {
			t.Errorf("dropSubsectionMark(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlainAfterLead(t *testing.T) {
	tests := []struct {
		in   string
		k    int
		want bool
	}{
		{"For all blocked cards the agent order a new card", 4, true},
		{"With the signed form HR assistant order the check", 4, true},
		{"For all blocked cards the agents order", 4, false},      // "agents order" ends the sentence: no object
		{"For the new product the price list shows it", 4, false}, // no performer, third person
		{"In the morning the clerk checks the mail", 3, false},    // third person: the plain rule is not needed
	}
	for _, tt := range tests {
		got := plainAfterLead(strings.Fields(tt.in), tt.k) != nil
		if got != tt.want {
			t.Errorf("plainAfterLead(%q, %d) = %v, want %v", tt.in, tt.k, got, tt.want)
		}
	}
}

func TestHandoverRelative(t *testing.T) {
	tests := []struct{ in, head, rel string }{
		{"The claim goes to their manager, who approves it.", "The claim goes to their manager.", "The manager approves it."},
		{"Hardware problems go to the field technician, who looks at the device.", "Hardware problems go to the field technician.", "The field technician looks at the device."},
		{"Claims land in the queue of the accounts payable clerk, who checks the receipts.", "Claims land in the queue of the accounts payable clerk.", "The accounts payable clerk checks the receipts."},
		// a case's branch in the passive stays whole
		{"A medium-risk alert is escalated to the compliance officer, who decides on it.", "", ""},
		// a conditional lead stays whole
		{"If data is missing, the order goes to the clerk, who calls the client.", "", ""},
		// the relative is about a thing
		{"The clerk sends it to the warehouse, which ships it.", "", ""},
		{"The clerk files the form in the cabinet, who knows why.", "", ""},
	}
	for _, tt := range tests {
		head, rel, ok := handoverRelative(tt.in)
		if ok != (tt.head != "") || head != tt.head || rel != tt.rel {
			t.Errorf("handoverRelative(%q) = %q, %q, %v; want %q, %q", tt.in, head, rel, ok, tt.head, tt.rel)
		}
	}
}

func TestPossessiveApproval(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Parts additionally need the plant manager's approval.", "Parts additionally need the approval of the plant manager."},
		{"Orders require the controller's written sign-off.", "Orders require the written sign-off of the controller."},
		{"Orders need the manager's attention.", "Orders need the manager's attention."},
	}
	for _, tt := range tests {
		if got := possessiveApproval(tt.in); got != tt.want {
			t.Errorf("possessiveApproval(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNominalTogether(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Packing and labelling happen at the same time.", "They carry out the packing and, at the same time, carry out the labelling."},
		{"Both the reference check and the salary review run in parallel", "They carry out the reference check and, at the same time, carry out the salary review."},
		{"After the tech interview, both the reference check and the salary benchmark happen in parallel - I do the references, People Ops does the benchmark.",
			"After the tech interview, they carry out the reference check and, at the same time, carry out the salary benchmark."},
		{"Then the count and the audit take place simultaneously.", "Then they carry out the count and, at the same time, carry out the audit."},
		// no work named: the sentence stays
		{"The driver and the clerk happen at the same time.", "The driver and the clerk happen at the same time."},
		{"Packing and labelling happen at the same time on the line.", "Packing and labelling happen at the same time on the line."},
	}
	for _, tt := range tests {
		if got := nominalTogether(tt.in); got != tt.want {
			t.Errorf("nominalTogether(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
