package process

import "testing"

func TestDecodeMigratesVersion1(t *testing.T) {
	t.Parallel()
	v1 := `{"process_name":"Invoice","process_purpose":"","participants":[{"name":"Clerk"}],
	"activities":[{"id":"a1","name":"Check invoice","performer":"Clerk","sipoc":{"suppliers":[],"inputs":[],"outputs":[],"customers":[],"systems":[]}}],
	"gateways":[],"events":[{"id":"s","type":"start","name":"Start"},{"id":"w","type":"intermediate","trigger":"timer","name":"Wait"},
	{"id":"n","type":"intermediate","name":"Noted"},{"id":"e","type":"end","name":"End"}],
	"flows":[{"id":"f1","source":"s","target":"a1"}]}`
	m, err := Decode([]byte(v1))
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != Version {
		t.Errorf("version = %d, want %d", m.Version, Version)
	}
	throws := map[string]bool{}
	for _, e := range m.Events {
		throws[e.ID] = e.Throw
	}
	if throws["w"] || !throws["n"] {
		t.Errorf("throw flags = %v, want timer catching and none throwing (as version 1 drew them)", throws)
	}
	if m.Activities[0].Performer != "Clerk" || len(m.Pools) != 0 {
		t.Errorf("migrated model changed its content: %+v", m)
	}
	if _, err := Decode([]byte("{")); err == nil {
		t.Error("Decode of broken JSON gave no error")
	}
}
