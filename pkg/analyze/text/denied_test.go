package text

import "testing"

// TestDeniedStateEndsBranch covers a sentence that denies a case in a
// state everything further ("A cancelled hire gets no laptop …") after
// the step that brought it there on a decision's branch: that branch
// ends, and a step in the main flow is not cut off.
func TestDeniedStateEndsBranch(t *testing.T) {
	for _, tc := range []logicCase{
		{
			name:  "cancelled hire after a reminder",
			text:  "The partner sends the contract to the candidate. If the candidate does not sign within 7 days, the partner sends a reminder; after a second reminder without signature the offer lapses and the hire is cancelled. A cancelled hire gets no laptop and no payroll record. Once the contract is signed, the desk prepares the laptop. The partner creates the payroll record.",
			never: [][2]pattern{{{"cancel"}, {"prepar", "laptop"}}, {{"cancel"}, {"creat", "payroll"}}},
			reach: [][2]pattern{{{"send", "contract"}, {"creat", "payroll"}}},
		},
		{
			name:  "rejected claim receives no payment",
			text:  "The clerk registers the claim. If the policy has lapsed, the handler rejects the claim. A rejected claim receives no payment. The handler pays the claim.",
			never: [][2]pattern{{{"reject"}, {"pay"}}},
			reach: [][2]pattern{{{"regist"}, {"pay"}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { checkLogic(t, tc) })
	}
}
