package text

import "testing"

// TestCustomerPage covers pages written to customers: "you" is the
// customer (or the party the page names most); a text to staff, or with
// no "we", is left alone.
func TestCustomerPage(t *testing.T) {
	tests := []struct {
		name, text, want string
		ok               bool
	}{
		{"returns page", "Once your parcel arrives, our team inspects it. If it qualifies, we refund you.",
			"Once the customer's parcel arrives, our team inspects it. If it qualifies, we refund the customer.", true},
		{"the page's own name for the reader", "Applicants send us the form. We check your application and write to you. Every applicant gets a reply.",
			"Applicants send us the form. We check the applicant's application and write to the applicant. Every applicant gets a reply.", true},
		{"staff e-mail", "In the morning you pick the items and we pack each order.", "", false},
		{"no we", "Check your order and submit it.", "", false},
	}
	for _, tt := range tests {
		got, ok := customerPage(tt.text)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%s: customerPage = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	m := analyze(t, "Once your parcel arrives at our warehouse, our returns team inspects the item. If it qualifies, we refund the purchase price to you. Otherwise we send it back to you.")
	if len(m.Pools) < 2 || m.Pools[1].Name != "Customer" {
		t.Errorf("want a pool Customer for 'you', got %v%s", m.Pools, describe(m))
	}
}
