package versions

import (
	"testing"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

func TestWithWarnings(t *testing.T) {
	t.Parallel()
	w := []analysis.LogicWarning{{Rule: "no-dead-end", Title: "T", Message: "M"}}
	tests := []struct {
		name, in string
		ws       []analysis.LogicWarning
		want     string
	}{
		{"nothing stays nothing", "", nil, ""},
		{"added to empty", "", w, `{"warnings":[{"rule":"no-dead-end","title":"T","message":"M"}]}`},
		{"replaced, other keys kept", `{"model":"m","warnings":[{"rule":"x"}],"extra":{"a":1}}`, w,
			`{"extra":{"a":1},"model":"m","warnings":[{"rule":"no-dead-end","title":"T","message":"M"}]}`},
		{"removed", `{"model":"m","warnings":[{"rule":"x"}]}`, nil, `{"model":"m"}`},
		{"unreadable metadata", `not json`, nil, `{}`},
		{"null metadata", `null`, w, `{"warnings":[{"rule":"no-dead-end","title":"T","message":"M"}]}`},
	}
	for _, tt := range tests {
		got, err := withWarnings(tt.in, tt.ws)
		if err != nil || got != tt.want {
			t.Errorf("%s: withWarnings(%q) = %q, %v; want %q", tt.name, tt.in, got, err, tt.want)
		}
	}
}
