package text

import (
	"slices"
	"strings"
	"testing"
)

// TestRoleNamedParties covers a proper name right after an outside role,
// with or without a comma: the name is an outside party; a staff role, a
// clause after a comma and a common word are not names.
func TestRoleNamedParties(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"I book the staff from the agency Staffline.", []string{"staffline"}},
		{"The nurse sends the impression to the dental laboratory Koral Dental; it delivers.", []string{"koral dental"}},
		{"Our trucking partner Vantrans delivers the goods.", []string{"vantrans"}},
		{"It starts when the vendor, Orbisoft, sends the list.", []string{"orbisoft"}},
		{"After approval by the customer, Procurement places the order.", nil},
		{"The order goes to the manager Anna Smith.", nil},
		{"Our partner Anna signs the brief.", nil},
		{"We call the supplier Monday morning; every monday we call.", nil},
		{"Label each sample tube with the patient ID.", nil},
	}
	for _, tt := range tests {
		if got := roleNamedParties(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("roleNamedParties(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestDropRoleBeforeName covers "Our subcontractor, Name, builds": the
// name acts; a staff role or no verb after the name leaves the sentence.
func TestDropRoleBeforeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Our rigging subcontractor, Northgrip, builds the towers.", "Northgrip builds the towers."},
		{"Then the vendor, Orbisoft, emails the keys.", "Then Orbisoft emails the keys."},
		{"Our team lead, Maria, checks the plan.", "Our team lead, Maria, checks the plan."},
		{"We pay the vendor, Orbisoft, monthly.", "We pay the vendor, Orbisoft, monthly."},
	}
	for _, tt := range tests {
		if got := dropRoleBeforeName(tt.in); got != tt.want {
			t.Errorf("dropRoleBeforeName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCalledOurs covers "our …": staff, unless it names a business we
// hire or an outside role.
func TestCalledOurs(t *testing.T) {
	c := readCues("Our production accountant pays it. Our bank sends a notice. Our accountant files it. Our supplier ships it. Our bookkeeper pays them.")
	tests := []struct {
		name string
		ours bool
	}{
		{"Production Accountant", true},
		{"Bookkeeper", true},
		{"Bank", false},
		{"Accountant", false},
		{"Supplier", false},
		{"Location Manager", false},
	}
	for _, tt := range tests {
		if got := c.calledOurs(tt.name); got != tt.ours {
			t.Errorf("calledOurs(%q) = %v, want %v", tt.name, got, tt.ours)
		}
	}
}

// TestOutsidePartiesNamedAfterRole covers whole texts: an organisation
// named after its role, or named once and then "they", is a pool; a role
// called "our …" whose clause shares "us" with an outside party's stays
// a lane.
func TestOutsidePartiesNamedAfterRole(t *testing.T) {
	tests := []struct {
		name, text string
		pools      []string
		lanes      []string
	}{
		{"agency without comma",
			"The office manager books the serving staff from the agency Staffline. Staffline confirms the names a week before. The chef prepares the food.",
			[]string{"Staffline"}, []string{"Office Manager", "Chef"}},
		{"subcontractor between commas",
			"The coordinator plans the shoot. Our rigging subcontractor, Northgrip, builds the towers. The accountant checks the timesheet.",
			[]string{"Northgrip"}, []string{"Coordinator", "Accountant"}},
		{"they after one naming",
			"The location manager sends a filming request to the city film office. They answer within ten working days. The location manager informs the crew.",
			[]string{"City Film Office"}, []string{"Location Manager"}},
		{"our role sharing us",
			"The agent orders the goods from the supplier. The supplier invoices us at the end of the month and our bookkeeper pays them.",
			[]string{"Supplier"}, []string{"Agent", "Bookkeeper"}},
	}
	for _, tt := range tests {
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
		for _, want := range tt.pools {
			if !slices.ContainsFunc(pools, func(p string) bool { return strings.Contains(p, want) }) {
				t.Errorf("%s: no pool %q among %q%s", tt.name, want, pools, describe(m))
			}
		}
		for _, want := range tt.lanes {
			if !slices.Contains(lanes, want) {
				t.Errorf("%s: no lane %q of ours among %q%s", tt.name, want, lanes, describe(m))
			}
		}
	}
}

// TestOutsideWords covers heads added for issue 23's outside parties:
// referees, residents, neighbours, a defendant, an app store; a requester
// (an employee in a purchase policy) and a store of ours stay inside.
func TestOutsideWords(t *testing.T) {
	tests := []struct {
		name     string
		external bool
	}{
		{"the referees", true},
		{"residents", true},
		{"the neighbours", true},
		{"the defendant", true},
		{"the app store", true},
		{"the store", false},
		{"the requester", false},
	}
	for _, tt := range tests {
		if got := isExternal(tt.name); got != tt.external {
			t.Errorf("isExternal(%q) = %v, want %v", tt.name, got, tt.external)
		}
	}
}
