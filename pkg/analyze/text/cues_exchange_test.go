package text

import (
	"context"
	"slices"
	"testing"
)

func TestExchangePartners(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Payroll submits the FPS to HMRC on pay day.", []string{"hmrc"}},
		{"The salesperson submits the proposal to Northgate Motor Finance on behalf of the buyer.", []string{"northgate motor finance", "northgate"}},
		{"Our bookkeeper pays Kestrel and Forgeline at month end.", []string{"kestrel", "forgeline"}},
		{"If Kestrel cannot supply, she buys the boards from Fenwick Timber instead.", []string{"fenwick timber", "fenwick"}},
		{"The accounts team reconciles the payment from Northgate.", []string{"northgate"}},
		// units and roles of ours are no partners
		{"The clerk sends the form to HR.", nil},
		{"The clerk sends the invoice to Finance.", nil},
		{"The assistant sends it to the Payroll Manager.", nil},
		{"The payroll officer sends the draft to Payroll for the payroll run.", nil},
		{"Jo sends the report to Jo.", nil},
	} {
		if got := exchangePartners(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("exchangePartners(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestServedOnBehalf(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"The salesperson submits the proposal on behalf of the buyer.", []string{"buyer"}},
		{"The assistant books the trip on behalf of the director.", nil},
		{"The clerk signs on behalf of the team.", nil},
		{"We act on behalf of the company.", nil},
	} {
		if got := servedOnBehalf(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("servedOnBehalf(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestOwnFacility(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"Meanwhile our workshop does the inspection.", "Workshop", true},
		{"The partner workshop repairs the windscreen.", "Workshop", false},
		{"Samples go to our own lab.", "Lab", true},
		{"We send our customer the quote.", "Customer", false},
	} {
		c := readCues(tc.text)
		if got := c.ownFacility(tc.name); got != tc.want {
			t.Errorf("ownFacility(%q) in %q = %v, want %v", tc.name, tc.text, got, tc.want)
		}
		if tc.want && c.external(tc.name) {
			t.Errorf("external(%q) in %q = true, want false", tc.name, tc.text)
		}
	}
}

func TestSameCompany(t *testing.T) {
	text := "The salesperson submits the proposal to Northgate Motor Finance. Northgate approves it. The customer service desk calls the customer."
	for _, tc := range []struct {
		first, then, want string
	}{
		{"Northgate", "Northgate Motor Finance", "Northgate"},
		{"Northgate Motor Finance", "Northgate", "Northgate Motor Finance"},
		{"Customer", "Customer Service Desk", "Customer Service Desk"},
	} {
		c := newCollaboration(nil, nil, readCues(text))
		c.one(tc.first)
		if got := c.one(tc.then); got != tc.want {
			t.Errorf("one(%q) after %q = %q, want %q", tc.then, tc.first, got, tc.want)
		}
	}
}

func TestExchangePartnersInitials(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Finance pays the PAYE due to HMRC.", []string{"hmrc"}},
		{"The MPON sends a dismissal to the MPOO.", nil},
	} {
		if got := exchangePartners(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("exchangePartners(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestPortalOwnerIn(t *testing.T) {
	for _, tc := range []struct {
		to, sentence, want string
	}{
		{"Seller Portal", "We upload the tracking number to the marketplace's seller portal.", "marketplace"},
		{"supplier portal of the hotel chain", "She reserves the hotel in the supplier portal of the hotel chain.", "hotel chain"},
		{"Aviva employer portal", "Payroll uploads the file to the Aviva employer portal.", "Aviva"},
		{"tenant portal", "The tenant submits the form through the tenant portal.", ""},
		{"Finance", "The clerk sends it to Finance.", ""},
	} {
		if got := portalOwnerIn(tc.to, tc.sentence); got != tc.want {
			t.Errorf("portalOwnerIn(%q, %q) = %q, want %q", tc.to, tc.sentence, got, tc.want)
		}
	}
}

func TestOutsideByDescription(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"Participants: Payroll, HR, Aviva (pension provider).", "Aviva", true},
		{"[09:18] Raj (finance): finance reconciles the payout.", "Raj", false},
		{"Tom (warehouse): we upload the number.", "Tom", false},
		{"Client companies book medicals for their new hires.", "Client Companies", true},
	} {
		if got := readCues(tc.text).external(tc.name); got != tc.want {
			t.Errorf("external(%q) in %q = %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
	// "a designer sends us a drawing" made the designer outside: so are
	// "interior designers"
	c := readCues("Tables are ordered by interior designers.")
	c.outside = append(c.outside, "designer")
	if !c.external("Interior Designers") {
		t.Error(`external("Interior Designers") after "designer" = false, want true`)
	}
}

func TestPortalRecipient(t *testing.T) {
	for _, tc := range []struct {
		text string
		pool string // "" when no second pool is wanted
	}{
		{"The warehouse picks the order. The warehouse uploads the tracking number to the marketplace's seller portal.", "Marketplace"},
		{"The consultant reserves the rooms. The consultant uploads the rooming list to the supplier portal of the hotel chain.", "Hotel Chain"},
		// an outside party's own step through a portal: the portal may be ours
		{"The applicant submits the loan application through the bank's portal. The loan officer checks the application.", ""},
	} {
		m := Analyze(context.Background(), tc.text, "")
		var got []string
		for _, p := range m.Pools[min(1, len(m.Pools)):] {
			got = append(got, p.Name)
		}
		if tc.pool == "" && slices.Contains(got, "Bank") || tc.pool != "" && !slices.Contains(got, tc.pool) {
			t.Errorf("pools of %q = %q, want %q", tc.text, got, tc.pool)
		}
	}
}
