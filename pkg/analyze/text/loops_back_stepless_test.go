package text

import "testing"

// TestGoBackStepless covers a condition whose only clause sends the case
// back to an earlier step by its noun: the decision's branch loops there.
func TestGoBackStepless(t *testing.T) {
	tests := []logicCase{
		{
			name:  "go back to the repair",
			text:  "The technician repairs the vehicle and does a road test. If the road test fails, go back to the repair. The advisor hands the vehicle back.",
			loop:  [][2]pattern{{{"repair", "vehicle"}, {"road", "test"}}},
			reach: [][2]pattern{{{"road", "test"}, {"hand", "vehicle"}}},
		},
		{
			name:  "the case goes back to the review",
			text:  "The editor drafts the article. The lead reviews the article. If facts are wrong, the article goes back to the review. The editor publishes the article.",
			reach: [][2]pattern{{{"review", "article"}, {"publish", "article"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
