package text

import "testing"

// TestRepeatSteps covers a sentence that repeats a range of numbered
// steps on a condition: the cycle goes back to the first step of the
// range, not to the steps the sentence happens to follow.
func TestRepeatSteps(t *testing.T) {
	tests := []logicCase{
		{
			name:  "repeat steps 2 to 4 until",
			text:  "1. The developer creates a branch.\n2. The build server builds the app.\n3. The tester runs the suite.\n4. The developer fixes the defects.\n5. Repeat steps 2 to 4 until the suite shows no defects.\n6. The release manager publishes the version.",
			loop:  [][2]pattern{{{"build", "app"}, {"fix", "defect"}}, {{"run", "suite"}, {"fix", "defect"}}},
			never: [][2]pattern{{{"publish", "version"}, {"creat", "branch"}}},
			reach: [][2]pattern{{{"fix", "defect"}, {"publish", "version"}}},
		},
		{
			name:  "as long as first, steps are repeated",
			text:  "1. The grower reads the sensor.\n2. The grower opens the valve.\n3. The grower closes the valve.\n4. The grower reads the meter again. As long as the moisture stays below 30 %, steps 2 to 4 are repeated.\n5. The grower logs the reading.",
			loop:  [][2]pattern{{{"open", "valve"}, {"clos", "valve"}}},
			reach: [][2]pattern{{{"open", "valve"}, {"log", "reading"}}},
		},
		{
			name:  "steps are repeated while, with an en dash",
			text:  "1. The operator sprays a layer.\n2. The operator dries the tablets.\n3. The operator weighs a sample.\n4. Steps 1–3 are repeated while the weight gain is below 3 %.\n5. The inspector releases the batch.",
			loop:  [][2]pattern{{{"spray", "layer"}, {"weigh", "sample"}}},
			reach: [][2]pattern{{{"weigh", "sample"}, {"releas", "batch"}}},
		},
		{
			name:  "repeat until after a decision's branch: the branch goes round",
			text:  "1. The registrar asks the museum for its facility report.\n2. If the report shows gaps, the registrar asks the museum for improvements and reviews the updated report. Repeat until acceptable.\n3. The registrar signs the agreement.",
			loop:  [][2]pattern{{{"ask", "improvement"}, {"review", "report"}}},
			never: [][2]pattern{{{"review", "report"}, {"ask", "facility"}}},
			reach: [][2]pattern{{{"review", "report"}, {"sign", "agreement"}}},
		},
		{
			name:  "a step that is not there: no cycle",
			text:  "1. The clerk checks the form.\n2. The clerk files the form.\n3. Repeat steps 7 to 9 until the form is complete.\n4. The clerk closes the case.",
			never: [][2]pattern{{{"file", "form"}, {"check", "form"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
