package text

import "testing"

func TestPlaceAfterthoughts(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"moved after the step it is about",
			"The inspector scans each label. The team loads the container.\n\nOh and if a label does not scan, the team relabels the pallet.",
			"The inspector scans each label. If a label does not scan, the team relabels the pallet. The team loads the container.\n\n"},
		{"after a line's step",
			"- inspector scans the label\n- team loads the container\nBy the way, if the label does not scan, the team reprints it.",
			"- inspector scans the label If the label does not scan, the team reprints it.\n- team loads the container\n"},
		{"no step it is about: stays without its marker",
			"The team loads the container.\nOh, and if the customs office calls, the clerk answers.",
			"The team loads the container.\nIf the customs office calls, the clerk answers."},
		{"no afterthought", "If the label does not scan, the team reprints it.", "If the label does not scan, the team reprints it."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := placeAfterthoughts(tt.in); got != tt.want {
				t.Errorf("placeAfterthoughts() =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}
