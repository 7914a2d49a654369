package text

import "testing"

// TestTitleAudience: a first line that says whom a checklist or guide is
// for makes that role the performer of the steps nobody else is named
// for; a guide for customers does not make the customer ours.
func TestTitleAudience(t *testing.T) {
	tests := []struct{ text, want string }{
		{"ARTWORK CHECK - checklist for the prepress operator (print shop)\n\n- Run the preflight check.", "Prepress Operator"},
		{"Quick guide for shift leads\n\n1. Open the shift log.", "Shift Lead"},
		{"Returns - a guide for customers\n\n1. Pack the item.", ""},
		{"Month-end close\n\nThe checklist for the auditor is kept in the binder.", ""},
	}
	for _, tt := range tests {
		a := newAnalyzer()
		a.titleAudience(tt.text)
		if a.docActor != tt.want {
			t.Errorf("titleAudience(%q): docActor %q, want %q", tt.text, a.docActor, tt.want)
		}
	}
	logic := []logicCase{{
		name:  "an outside party's answer, then an imperative: our step",
		text:  "PROOF CHECK - checklist for the prepress operator\n\n- Send the proof to the customer.\n- Customer rejects the proof -> cancel the job. Nothing is printed.\n- Customer approves the proof -> make the plates.\n- Print the run.",
		never: [][2]pattern{{{"cancel", "job"}, {"print", "run"}}},
		reach: [][2]pattern{{{"send", "proof"}, {"make", "plate"}}},
	}}
	for _, tt := range logic {
		t.Run(tt.name, func(t *testing.T) { checkLogic(t, tt) })
	}
}
