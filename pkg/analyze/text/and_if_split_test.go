package text

import (
	"reflect"
	"testing"
)

func TestAndIfBreak(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Then our lab physician validates the result, and if there's a critical value she phones it to the ward.",
			[]string{"Then our lab physician validates the result.", "if there's a critical value she phones it to the ward."}},
		{"If the amount is high, and if the client is new, the manager approves.",
			[]string{"If the amount is high, and if the client is new, the manager approves."}},
		{"The clerk checks the form and files it.", []string{"The clerk checks the form and files it."}},
	}
	for _, tt := range tests {
		if got := sentences(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
