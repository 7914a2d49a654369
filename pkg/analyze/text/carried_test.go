package text

import (
	"slices"
	"strings"
	"testing"
)

// TestCarriedIt covers "it" after a paper printed for a thing: a driver
// collects and delivers the parcel, not the label; a paper that is
// itself the object of a verb that does not carry stays the antecedent.
func TestCarriedIt(t *testing.T) {
	tests := []struct {
		name, text, want, notWant string
	}{
		{"collects it after the label",
			"The packer seals the parcel and prints the shipping label. The driver collects it at 15:00 and delivers it to the customer.",
			"Collect parcel", "label"},
		{"picks them up after the waybill",
			"The warehouse clerk wraps the pallets and prints the waybill. The haulier picks them up in the evening.",
			"pallets", "Pick up waybill"},
		{"a paper that is checked stays it",
			"The clerk prints the invoice. The manager checks it and signs it.",
			"Check invoice", ""},
	}
	for _, tt := range tests {
		m := analyze(t, tt.text)
		var names []string
		for _, a := range m.Activities {
			names = append(names, a.Name)
		}
		all := strings.Join(names, " | ")
		if !strings.Contains(all, tt.want) {
			t.Errorf("%s: no task with %q among %q", tt.name, tt.want, names)
		}
		if tt.notWant != "" && slices.ContainsFunc(names, func(n string) bool {
			return strings.Contains(n, tt.notWant) && (strings.HasPrefix(n, "Collect") || strings.HasPrefix(n, "Deliver") || strings.HasPrefix(n, "Pick"))
		}) {
			t.Errorf("%s: a carrying task names %q: %q", tt.name, tt.notWant, names)
		}
	}
}

// TestCarrierNames covers a transport role of a named company as an
// outside party; a department of ours is none.
func TestCarrierNames(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"The driver of Swiftpost collects it at 15:00.", []string{"swiftpost"}},
		{"A courier from Rapid Express picks the samples up.", []string{"rapid express"}},
		{"The driver from Logistics brings the van.", nil},
		{"The driver collects it.", nil},
	}
	for _, tt := range tests {
		if got := carrierNames(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("carrierNames(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
