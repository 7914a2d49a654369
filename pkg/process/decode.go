package process

import (
	"encoding/json"
	"fmt"
)

// Decode reads a stored model of any version and migrates it to Version,
// so analyses stored before version 2 open, render and export as they did.
func Decode(data []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("decode process model: %w", err)
	}
	Migrate(&m)
	return &m, nil
}

// Migrate upgrades a model decoded from an older version in place. Version
// 1 had one pool, and drew an intermediate event as catching only for the
// timer, message and signal triggers; version 2 says so with Throw.
func Migrate(m *Model) {
	if m.Version >= Version {
		return
	}
	for i := range m.Events {
		e := &m.Events[i]
		if e.Type != EventIntermediate {
			continue
		}
		switch e.Trigger {
		case TriggerTimer, TriggerMessage, TriggerSignal:
			e.Throw = false
		default:
			e.Throw = true
		}
	}
	m.Version = Version
}
