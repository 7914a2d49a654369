package text

import "testing"

func TestOneOfSubject(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"Then one of us technicians logs the sample into the LIS.", "Then the technician logs the sample into the LIS."},
		{"One of our agents calls the customer.", "The agent calls the customer."},
		{"so one of the secretaries files it", "so the secretary files it"},
		{"One of our coaches will check it.", "The coach will check it."},
		{"One of the forms is missing.", "One of the forms is missing."},
		{"We send one of the copies to the client.", "We send one of the copies to the client."},
		{"The nurse checks one of the samples.", "The nurse checks one of the samples."},
	}
	for _, tt := range tests {
		if got := oneOfSubject(tt.in); got != tt.want {
			t.Errorf("oneOfSubject(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
