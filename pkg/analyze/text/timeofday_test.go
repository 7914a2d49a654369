package text

import (
	"strings"
	"testing"
)

// TestTimeOfDayBeforeSubject covers a time of day that opens a sentence
// without a comma: the step is the subject's after it, not the
// performer's of the sentence before.
func TestTimeOfDayBeforeSubject(t *testing.T) {
	tests := []struct {
		name, text, act, performer string
	}{
		{"in the morning", "The manager receives the order. In the morning the clerk picks the items. The clerk packs the order.", "Pick items", "Clerk"},
		{"in the late afternoon", "The manager receives the order. In the late afternoon the clerk files the receipts.", "File receipts", "Clerk"},
		{"clock time", "The doctor writes the prescription. At 9 am the nurse gives the medication.", "Give medication", "Nurse"},
		{"clock time in one word", "The doctor writes the prescription. At 9am the nurse gives the medication.", "Give medication", "Nurse"},
		{"around a clock time", "The clerk prints the labels. Around 3 pm the driver collects the parcels.", "Collect parcels", "Driver"},
		{"after a meal", "The dispatcher plans the route. After lunch the driver loads the van.", "Load van", "Driver"},
		{"on weekdays", "The manager sets the goals. On Mondays the team reviews the backlog.", "Review backlog", "Team"},
		{"on a weekday's part", "The manager sets the goals. On Friday afternoon the team reviews the backlog.", "Review backlog", "Team"},
		{"end of the day", "The cashier takes the payments. At the end of the day the supervisor counts the cash.", "Count cash", "Supervisor"},
		{"with a comma as before", "The manager receives the order. In the morning, the clerk picks the items.", "Pick items", "Clerk"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			for _, a := range m.Activities {
				if a.Name == tt.act {
					if a.Performer != tt.performer {
						t.Errorf("%q performed by %q, want %q:%s", a.Name, a.Performer, tt.performer, describe(m))
					}
					return
				}
			}
			t.Errorf("no activity %q:%s", tt.act, describe(m))
		})
	}
}

// TestTimeOfDayPhrase checks which openings are read as a time of day.
func TestTimeOfDayPhrase(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"In the morning the clerk picks the items", 3},
		{"In this early evening the clerk picks the items", 4},
		{"At 9 am the nurse gives the medication", 3},
		{"At 9:30 the nurse gives the medication", 2},
		{"At around 10 o'clock the nurse gives the medication", 4},
		{"By 5pm the clerk closes the till", 2},
		{"Before breakfast the nurse checks the chart", 2},
		{"At noon the clerk closes the till", 2},
		{"On Mondays the team reviews the backlog", 2},
		{"On Monday morning the team reviews the backlog", 3},
		{"At the end of each month the accountant closes the books", 6},
		// not a time of day: the lead-in and step readers keep them
		{"After three failed attempts the clerk escalates", 0},
		{"After 3 attempts the clerk escalates", 0},
		{"In the meantime the clerk checks the order", 0},
		{"On receipt the clerk checks the order", 0},
		{"At the counter the clerk checks the order", 0},
		{"In the morning, the clerk picks the items", 0},
		{"In the morning", 0},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := timeOfDayPhrase(strings.Fields(tt.text)); got != tt.want {
				t.Errorf("timeOfDayPhrase(%q) = %d, want %d", tt.text, got, tt.want)
			}
		})
	}
}
