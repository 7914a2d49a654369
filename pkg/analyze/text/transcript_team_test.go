package text

import (
	"strings"
	"testing"
)

func TestTitleTeam(t *testing.T) {
	tests := []struct{ title, want string }{
		{"Meeting notes - export walk-through (forwarding team)", "Forwarding Team"},
		{"Phone call, hospital referral office (notes)", "Hospital Referral Office"},
		{"Walk-through for the claims team", "Claims Team"},
		{"Call recording, 12 March - onboarding a new dispatcher", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := titleTeam(tt.title); got != tt.want {
			t.Errorf("titleTeam(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
}

// TestRolelessSpeakersWorkForTheTitlesTeam checks that speakers who state
// no role but do work are the team the title names, never lanes of their
// own, while a speaker with a role keeps it.
func TestRolelessSpeakersWorkForTheTitlesTeam(t *testing.T) {
	tests := []struct {
		name, text string
		lanes      []string // lanes that must exist
		notLanes   []string
	}{
		{
			name:     "two roleless speakers of the team",
			text:     "Meeting notes - export walk-through (forwarding team)\n\nLena: Walk us through it.\nOmar: I check the booking and I create the shipment.\nChris: Then I order a truck and I send the notice.\n",
			lanes:    []string{"Forwarding Team"},
			notLanes: []string{"Omar", "Chris", "Lena"},
		},
		{
			name:     "a speaker's own role before the title's team",
			text:     "Meeting notes - export walk-through (forwarding team)\n\nLena: Walk us through it.\nOmar (customs clerk): I lodge the declaration and I book the inspection.\nChris: Then I order a truck and I send the notice.\n",
			lanes:    []string{"Customs Clerk", "Forwarding Team"},
			notLanes: []string{"Omar", "Chris"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := analyze(t, tt.text)
			have := map[string]bool{}
			for _, p := range m.Participants {
				have[strings.ToLower(p.Name)] = true
			}
			for _, l := range tt.lanes {
				if !have[strings.ToLower(l)] {
					t.Errorf("no lane %q in %+v", l, m.Participants)
				}
			}
			for _, l := range tt.notLanes {
				if have[strings.ToLower(l)] {
					t.Errorf("lane %q in %+v", l, m.Participants)
				}
			}
		})
	}
}

func TestSelfRoleThroughTo(t *testing.T) {
	tests := []struct {
		text, want string
		ok         bool
	}{
		{"Good morning, you're through to Marta in the lending team. How can I help?", "Lending Team", true},
		{"You are speaking to Ben from the claims desk.", "Claims Desk", true},
		{"You're through to the wrong number.", "", false},
	}
	for _, tt := range tests {
		if got, ok := selfRole(tt.text); got != tt.want || ok != tt.ok {
			t.Errorf("selfRole(%q) = %q, %v; want %q, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

func TestAddressedSpeaker(t *testing.T) {
	tests := []struct {
		name  string
		turns []turn
		role  map[string]string
		want  string
	}{
		{"one speaker addressed as Mr", []turn{{speaker: "MARTA"}, {speaker: "MR OKAFOR"}, {speaker: "MARTA"}, {speaker: "MR OKAFOR"}}, map[string]string{}, "MR OKAFOR"},
		{"a speaker with a role is no customer", []turn{{speaker: "Ms Lee"}}, map[string]string{"Ms Lee": "Claims Handler"}, ""},
		{"two addressed speakers: none", []turn{{speaker: "Mr Brown"}, {speaker: "Ms Lee"}}, map[string]string{}, ""},
		{"Dr is as often staff", []turn{{speaker: "Dr Sahin"}}, map[string]string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := addressedSpeaker(tt.turns, tt.role); got != tt.want {
				t.Errorf("addressedSpeaker = %q, want %q", got, tt.want)
			}
		})
	}
}
