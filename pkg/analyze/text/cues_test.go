package text

import (
	"slices"
	"testing"
)

func TestPartyCuesExternal(t *testing.T) {
	tests := []struct {
		name, text, party string
		want              bool
	}{
		{"a GP is outside by default", "The GP examines the patient.", "GP", true},
		{"the GP on duty is staff", "The GP on duty examines the patient.", "GP", false},
		{"staffed by", "The centre is staffed by triage nurses, a GP and a radiographer.", "GP", false},
		{"employed by", "Our GPs are employed by the practice.", "GP", false},
		{"the bank is ours by default", "The bank checks the account.", "Bank", false},
		{"the bank is outside when we are a shop", "We are a small shop. The bank sends a letter.", "Bank", true},
		{"without an article only a party noun", "We are small shop for shoes.", "Bank", true},
		{"we are responsible names nothing", "We are responsible for refunds.", "Bank", false},
		{"our own kind is inside", "Who we are: a customs broker. Clients send documents.", "Broker", false},
		{"the insurer is ours when we say so", "We are the insurer.", "Insurer", false},
		{"a party introduced as external", "The handler appoints an external loss adjuster.", "Loss Adjuster", true},
		{"an internal one stays inside", "The handler appoints an external auditor.", "Internal Auditor", false},
		{"a role of ours", "The handler checks the file.", "Handler", false},
		{"a bare partner is a role (a firm's partner)", "The partner reviews the draft.", "Partner", false},
		{"a partner hospital is outside", "The nurse calls the partner hospital.", "Partner Hospital", true},
		{"a company named with its part in brackets", "We send the files to PrintCo (the printer).", "PrintCo", true},
		{"the part in brackets is that company", "We send the files to PrintCo (the printer).", "Printer", true},
		{"a long name in brackets", "We ask the Deposit Protection Service (the scheme) to pay.", "Scheme", true},
		{"a person with a staff role in brackets", "Marco (the export clerk) books the truck.", "Export Clerk", false},
		{"a person with a role in brackets", "Anna (the auditor) checks the books.", "Auditor", false},
		{"a bank named after 'our bank'", "The officer asks our bank, Northway Bank, to refund.", "Bank", true},
		{"a manager named after 'the manager'", "Ask the manager, Anna Smith, to sign.", "Manager", false},
		{"booked with a counterpart", "You book space with the shipping line.", "Shipping Line", true},
		{"filed with an authority", "The clerk files the declaration with HMRC through the portal.", "HMRC", true},
		{"an agency known by four initials", "The treasurer submits the claim to HMRC. HMRC pays the repayment.", "HMRC", true},
		{"initials the text calls its own", "Our CSIRT triages the alert. CSIRT closes the ticket.", "CSIRT", false},
		{"initials doing much of the work are a unit of ours", "The MPON sends a dismissal to the MPOO. The MPOO reviews the dismissal. The MPOO also denies late requests.", "MPOO", false},
		{"a unit of three initials is ours", "The PMO reviews the plan.", "PMO", false},
		{"booked with a unit of ours", "The assistant books a room with the facilities team.", "Facilities Team", false},
		{"an authority's portal", "The accountant submits the return on the tax portal. The tax portal returns a receipt.", "Tax Portal", true},
		{"an authority's platform named by its head", "The clerk lodges the declaration on the customs platform. The platform releases the goods.", "Platform", true},
		{"a firm named after 'our accountants'", "The controller sends the report to our accountants, Hollis & Reed.", "Accountants", true},
		{"a company by a name with a capital inside", "The clerk orders the firmware from NetCore. NetCore confirms the date.", "NetCore", true},
		{"a company by its first name, after its full name", "Stains go to Medivance Diagnostics. Medivance emails the results.", "Medivance", true},
		{"a company by its legal form", "Procurement orders from Brightline Ltd. Brightline Ltd ships the laptop.", "Brightline Ltd", true},
		{"a unit of ours whose name is a common word", "The form goes to Customer Insurance. The customer signs. Customer Insurance checks it.", "Customer Insurance", false},
		{"a system with a capital inside", "The clerk logs the case in SharePoint. SharePoint sends a reminder.", "SharePoint", false},
		{"our own platform", "The clerk updates the booking platform. The platform sends a reminder.", "Platform", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readCues(tt.text).external(tt.party); got != tt.want {
				t.Errorf("external(%q) = %v, want %v (cues %+v)", tt.party, got, tt.want, readCues(tt.text))
			}
		})
	}
}

func TestPartyCuesOwnerParty(t *testing.T) {
	tests := []struct {
		source, performer, want string
	}{
		{"The insurer's assessor checks the estimate.", "Assessor", "Insurer"},
		{"The customer's supplier quality team reviews the report.", "Supplier Quality Team", "Customer"},
		{"The manager's assistant books the trip.", "Assistant", ""},
		{"The assessor checks the estimate.", "Assessor", ""},
	}
	for _, tt := range tests {
		if got := (partyCues{}).ownerParty(tt.source, tt.performer); got != tt.want {
			t.Errorf("ownerParty(%q, %q) = %q, want %q", tt.source, tt.performer, got, tt.want)
		}
	}
}

// TestPartyCuesOwnerPartyInText checks a role's owner named in another
// sentence of the text than the one the role acts in.
func TestPartyCuesOwnerPartyInText(t *testing.T) {
	tests := []struct {
		name, text, source, performer, want string
	}{
		{"the owner named earlier", "You email the quote to the landlord's agent. The agent approves it.", "The agent approves it.", "Agent", "Landlord"},
		{"a non-native sentence with no step", "Then the insurer's assessor come and inspect the car. Sometimes the assessor say no.", "Sometimes the assessor say no.", "Assessor", "Insurer"},
		{"a role serving a customer is ours", "We assign the customer's account manager. The account manager calls back.", "The account manager calls back.", "Account Manager", ""},
		{"a role the text calls ours", "The carrier's dispatcher confirms. Our dispatcher books the slot.", "Our dispatcher books the slot.", "Dispatcher", ""},
		{"no owner anywhere", "The agent approves it.", "The agent approves it.", "Agent", ""},
		{"a role from a named company", "Stains go to Medivance Diagnostics: a driver from Medivance picks them up. The driver signs.", "The driver signs.", "Driver", "Medivance"},
		{"a role of an outside party", "The assessor of the insurer inspects the car. The assessor approves.", "The assessor approves.", "Assessor", "Insurer"},
		{"a role of a unit of ours", "The head of procurement signs. The head approves.", "The head approves.", "Head", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readCues(tt.text).ownerParty(tt.source, tt.performer); got != tt.want {
				t.Errorf("ownerParty(%q, %q) = %q, want %q", tt.source, tt.performer, got, tt.want)
			}
		})
	}
}

// TestPartyCuesInModels checks the cues end to end: staff that look like
// parties stay lanes, an outside party's role acts in its pool.
func TestPartyCuesInModels(t *testing.T) {
	tests := []struct {
		name, text string
		pools      []string // besides the main pool
		lanes      []string // lanes of the main pool, at least these
	}{
		{"the GP on duty is a lane", "Walk-ins\n\nThe nurse assesses the patient. The GP on duty examines the patient. The GP on duty treats the patient.",
			nil, []string{"Nurse", "GP"}},
		{"the insurer's assessor works for the insurer", "Repairs\n\nThe advisor sends the estimate to the insurer. The insurer's assessor checks the estimate. The advisor orders the parts.",
			[]string{"Insurer"}, []string{"Advisor"}},
		{"the bank is outside for a shop", "Chargebacks\n\nWe are a small shop. The bank sends a chargeback letter to the shop. The manager checks the receipt. The manager sends the proof to the bank.",
			[]string{"Bank"}, []string{"Manager"}},
		{"a counterpart something is booked with is a pool", "Export\n\nThe clerk checks the order. The clerk books space with the shipping line. The team loads the container.",
			[]string{"Shipping Line"}, []string{"Clerk", "Team"}},
		{"a company named with its part in brackets is a pool", "Crowns\n\nThe dentist takes the impression. The nurse sends the impression to SmileForm (the lab). The dentist fits the crown.",
			[]string{"SmileForm"}, []string{"Dentist", "Nurse"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			var pools, lanes []string
			for _, p := range m.Pools[min(1, len(m.Pools)):] {
				pools = append(pools, p.Name)
			}
			for _, p := range m.Participants {
				if p.Pool == "" {
					lanes = append(lanes, p.Name)
				}
			}
			if !slices.Equal(pools, tt.pools) {
				t.Errorf("pools = %v, want %v:%s", pools, tt.pools, describe(m))
			}
			for _, l := range tt.lanes {
				if !slices.Contains(lanes, l) {
					t.Errorf("lanes = %v, want %s among them", lanes, l)
				}
			}
		})
	}
}
