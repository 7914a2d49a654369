package text

import (
	"strings"
	"testing"
)

// TestSecondClauseOfConditionKept covers a "when"/"if" sentence whose
// condition has no comma of its own and whose main clause is followed by
// ", and …": the first comma ends the main clause, so the condition ends
// before the first role that acts, and the later clause is a step too.
func TestSecondClauseOfConditionKept(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"When the scan is clean the packer seals the parcel, and the driver collects it.", "When the scan is clean, the packer seals the parcel, and the driver collects it."},
		{"If the form is complete the clerk files it, then the manager signs it.", "If the form is complete, the clerk files it, then the manager signs it."},
		// the comma ends the condition: left as it is
		{"If the requested role conflicts with a role the employee already has, the request goes back.", "If the requested role conflicts with a role the employee already has, the request goes back."},
		{"When the physician decides the patient is medically fit, the physician writes the summary.", "When the physician decides the patient is medically fit, the physician writes the summary."},
		{"If the manager finds that the amount is wrong (fees, vouchers and so on), the officer recalculates it.", "If the manager finds that the amount is wrong (fees, vouchers and so on), the officer recalculates it."},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := ifComma(tt.in); got != tt.want {
				t.Errorf("ifComma(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestUnnamedCaseGoesOn covers a decision whose stated cases all end or
// loop back: the case the text does not name goes on to the steps after
// it, and a "when" sentence without a comma keeps both its clauses.
func TestUnnamedCaseGoesOn(t *testing.T) {
	tests := []logicCase{
		{
			name:  "two troubles of one item, then the clean case",
			text:  "The picker collects the items. The packer scans every item against the order. When an item is missing or wrong, the picker fetches the right item and the packer scans the tote once more. If an item is out of stock everywhere, the shift supervisor cancels the order. When the scan is clean the packer seals the parcel and prints the label, and the driver collects it in the evening.",
			reach: [][2]pattern{{{"scan"}, {"seal"}}, {{"seal"}, {"print"}}, {{"print"}, {"collect", "evening"}}},
			never: [][2]pattern{{{"cancel"}, {"seal"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}

// TestDropAppositive covers what a party is to us between the party and
// its verb: dropped for reading, the sentence otherwise as it was.
func TestDropAppositive(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"The driver of FastFreight, our carrier, collects it in the evening.", "The driver of FastFreight collects it in the evening."},
		{"The crew of CityNet, our civil works partner, digs the trench.", "The crew of CityNet digs the trench."},
		{"The clerk pays Northway, our bank, and files the slip.", "The clerk pays Northway, our bank, and files the slip."},
		{"The clerk checks the invoice, the delivery note, and signs.", "The clerk checks the invoice, the delivery note, and signs."},
		{"I, as payments clerk, open a recall case.", "I open a recall case."},
		{"We, as the lender, may refuse it.", "We may refuse it."},
		{"As payments clerk, I open a recall case.", "As payments clerk, I open a recall case."},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := dropAppositive(tt.in); got != tt.want {
				t.Errorf("dropAppositive(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestAppositivePartyActs covers a clause whose subject is an outside
// party with an appositive: the party does the step, in its own pool.
func TestAppositivePartyActs(t *testing.T) {
	m := analyze(t, "The packer seals the parcel, and the driver of FastFreight, our carrier, collects the parcel.")
	found := false
	for _, a := range m.Activities {
		if a.Name == "Collect parcel" {
			found = true
			if a.Performer == "Packer" {
				t.Errorf("Collect parcel performed by the packer%s", describe(m))
			}
		}
	}
	if !found || len(m.Pools) < 2 {
		t.Errorf("want 'Collect parcel' by FastFreight in its own pool%s", describe(m))
	}
}

// TestTimeLeadCommaFirstPerson covers a place or time lead-in before
// "I": it gets its comma, so the speaker's first step is not read as
// part of the lead-in ("on site I isolate the supply first, then swap
// the old meter" is two steps).
func TestTimeLeadCommaFirstPerson(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"On site I isolate the supply first, then swap the old meter.", "On site, I isolate the supply first, then swap the old meter."},
		{"After surgery the nurse monitors the patient.", "After surgery, the nurse monitors the patient."},
		{"In case I am away the deputy signs.", "In case I am away the deputy signs."},
		{"Upon approval by the head of unit the caseworker issues the decision.", "Upon approval by the head of unit the caseworker issues the decision."},
		{"Upon approval by the head of unit, the caseworker issues the decision.", "Upon approval by the head of unit, the caseworker issues the decision."},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := timeLeadComma(tt.in); got != tt.want {
				t.Errorf("timeLeadComma(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	m := analyze(t, "[08:03] Lena (Dispatch): the customer books a slot on the website\n[08:04] Omar (Installer): on site I isolate the supply first, then swap the old meter for the smart meter\n[08:05] Omar (Installer): I photograph the old meter reading\n")
	found := false
	for _, a := range m.Activities {
		if pattern([]string{"isolat", "supply"}).matches(a.Name) && a.Performer == "Installer" {
			found = true
		}
	}
	if !found {
		t.Errorf("want 'Isolate supply' by the installer%s", describe(m))
	}
}

// TestArrivalWhen covers an arrival told as its own clause before the
// step it starts: it is read as the step's lead-in.
func TestArrivalWhen(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"Applications come in, the recruiter screens the CVs.", "When applications come in, the recruiter screens the CVs."},
		{"So a manuscript comes in and the commissioning editor reviews it.", "When a manuscript comes in, the commissioning editor reviews it."},
		{"The parcel arrives and the clerk scans it.", "When the parcel arrives, the clerk scans it."},
		{"The clerk arrives at nine and opens the office.", "The clerk arrives at nine and opens the office."},
		{"The invoice comes in by e-mail.", "The invoice comes in by e-mail."},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := arrivalWhen(tt.in); got != tt.want {
				t.Errorf("arrivalWhen(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestTriggeredAtOnce covers a lead-in that announces steps starting at
// once, and "gets X ready" as preparing X.
func TestTriggeredAtOnce(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"That triggers two things at once: IT prepares the laptop and the accounts, and facilities gets the desk and the access badge ready.", "IT prepares the laptop and the accounts, and at the same time facilities prepares the desk and the access badge."},
		{"The porter gets the bed ready.", "The porter prepares the bed."},
		{"We get a quote from the supplier.", "We get a quote from the supplier."},
		{"That triggers a review.", "That triggers a review."},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := triggeredAtOnce(tt.in); got != tt.want {
				t.Errorf("triggeredAtOnce(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	checkLogic(t, logicCase{text: "The manager signs the contract. That triggers two things at once: IT prepares the laptop and the accounts, and facilities gets the desk and the access badge ready. The clerk closes the file.",
		reach: [][2]pattern{{{"sign"}, {"laptop"}}, {{"sign"}, {"desk"}}, {{"desk"}, {"close"}}}})
}

// TestLaterClauseAfterPlace covers a clause with a subject of its own
// after an object that ends at a place or system: it is a step of its own
// performer, except a handover that names no work.
func TestLaterClauseAfterPlace(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		absent     string
	}{
		{"system checks after CRM", "Sales enters the order in the CRM and the system checks the address against the coverage map.", []string{"Enter order", "Check address against coverage map"}, ""},
		{"clerk after a place", "The clerk files the form in the archive and the manager signs the register.", []string{"File form in archive", "Sign register"}, ""},
		{"handover is no step", "I turn the quote into an order in the ERP and the order desk takes it from there.", []string{"Turn quote into order"}, "Take"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			names := map[string]bool{}
			for _, a := range m.Activities {
				names[a.Name] = true
				if tt.absent != "" && pattern([]string{strings.ToLower(tt.absent)}).matches(a.Name) {
					t.Errorf("unexpected step %q%s", a.Name, describe(m))
				}
			}
			for _, w := range tt.want {
				if !names[w] {
					t.Errorf("missing step %q%s", w, describe(m))
				}
			}
		})
	}
}
