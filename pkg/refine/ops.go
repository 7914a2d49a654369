// Package refine changes a process model by typed edit operations: the
// "refine in words" loop. Language models turn an instruction into
// operations through structured output (Schema); the built-in provider
// parses a documented command grammar (Parse). Either way Go validates
// and applies them (Apply), so an operation on an element that does not
// exist is refused with a detail instead of corrupting the model.
package refine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Operation names.
const (
	OpRename       = "rename"
	OpMove         = "move"
	OpAddActivity  = "add_activity"
	OpDelete       = "delete"
	OpAddDecision  = "add_decision"
	OpMakeParallel = "make_parallel"
	OpLoopBack     = "loop_back"
	OpAddEvent     = "add_event"
	OpConnect      = "connect"
	OpDisconnect   = "disconnect"
	// OpEndAfter ends the process right after Target: its way out goes
	// to a new end event.
	OpEndAfter = "end_after"
	// OpNameCondition labels the flow from Target to Other with
	// Condition.
	OpNameCondition = "name_condition"
)

// Positions of a new element relative to its anchor.
const (
	After  = "after"
	Before = "before"
)

// EndOfProcess is the BranchTo value that ends the process on a branch.
const EndOfProcess = "end"

// Op is one edit. Elements are named by id or by name (as a person writes
// them); fields an operation does not use stay empty.
type Op struct {
	Op string `json:"op"`
	// Target is the element the operation changes: renamed, moved,
	// deleted, the first of two made parallel, the source of a connection
	// or of a loop back.
	Target string `json:"target"`
	// Name is the new name (rename), the new activity's name, the
	// decision's question or the new event's name.
	Name string `json:"name"`
	// Lane is the performer: where to move the target, or the lane of a
	// new activity (empty: the anchor's lane).
	Lane string `json:"lane"`
	// Position (after|before) and Anchor place a new activity, decision or
	// event relative to an existing element.
	Position string `json:"position"`
	Anchor   string `json:"anchor"`
	// Other is the second element: the other activity made parallel, the
	// target of a connection, the step a loop returns to.
	Other string `json:"other"`
	// Condition labels the new branch (decision, loop back, connection).
	Condition string `json:"condition"`
	// BranchTo is where a decision's new branch goes: "end", an existing
	// element, or the name of a new activity.
	BranchTo string `json:"branch_to"`
	// Trigger is the new event's trigger (timer, message, signal, none).
	Trigger string `json:"trigger"`
}

// Describe says what the operation does, for people.
func (o Op) Describe() string {
	switch o.Op {
	case OpRename:
		return fmt.Sprintf("Renamed %q to %q", o.Target, o.Name)
	case OpMove:
		return fmt.Sprintf("Moved %q to the %s lane", o.Target, o.Lane)
	case OpAddActivity:
		return fmt.Sprintf("Added step %q %s %q", o.Name, o.Position, o.Anchor)
	case OpDelete:
		return fmt.Sprintf("Deleted %q", o.Target)
	case OpAddDecision:
		return fmt.Sprintf("Added decision %q after %q (%s → %s)", o.Name, o.Anchor, o.Condition, o.BranchTo)
	case OpMakeParallel:
		return fmt.Sprintf("Made %q and %q parallel", o.Target, o.Other)
	case OpLoopBack:
		return fmt.Sprintf("Added a loop from %q back to %q (%s)", o.Target, o.Other, o.Condition)
	case OpAddEvent:
		return fmt.Sprintf("Added %s event %q %s %q", o.Trigger, o.Name, o.Position, o.Anchor)
	case OpConnect:
		return fmt.Sprintf("Connected %q to %q", o.Target, o.Other)
	case OpDisconnect:
		return fmt.Sprintf("Disconnected %q from %q", o.Target, o.Other)
	case OpEndAfter:
		return fmt.Sprintf("Ended the process after %q", o.Target)
	case OpNameCondition:
		return fmt.Sprintf("Named the flow from %q to %q %q", o.Target, o.Other, o.Condition)
	}
	return o.Op
}

// ErrRefused is the cause of an operation Apply cannot carry out.
var ErrRefused = errors.New("refine: operation refused")

// refused builds an ErrRefused with a person-readable detail.
func refused(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRefused, fmt.Sprintf(format, args...))
}

// Detail returns the person-readable part of an Apply error.
func Detail(err error) string {
	s := err.Error()
	return strings.TrimPrefix(s, ErrRefused.Error()+": ")
}

// Schema is the JSON schema of the operation list language models fill
// (the same vendor-neutral subset as process.JSONSchema).
func Schema() map[string]any {
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	props := map[string]any{
		"op": map[string]any{"type": "string", "description": "The edit.", "enum": []string{
			OpRename, OpMove, OpAddActivity, OpDelete, OpAddDecision, OpMakeParallel, OpLoopBack, OpAddEvent, OpConnect, OpDisconnect, OpEndAfter, OpNameCondition}},
		"target":    str("Id of the element changed (renamed, moved, deleted, made parallel, source of a connection, loop or named flow, the step after which the process ends)."),
		"name":      str("New name (rename), name of the new activity, question of the new decision, or name of the new event."),
		"lane":      str("Participant (lane) to move the target to, or of the new activity; empty keeps the anchor's lane."),
		"position":  map[string]any{"type": "string", "description": "Where the new element goes relative to the anchor.", "enum": []string{After, Before}},
		"anchor":    str("Id of the element the new activity, decision or event is placed after or before."),
		"other":     str("Id of the second element: the other activity made parallel, the target of a connection or named flow, the step a loop returns to."),
		"condition": str("Label of the new branch or of the named flow, e.g. \"Rejected\"."),
		"branch_to": str("Where the decision's new branch goes: \"end\", the id of an existing element, or the name of a new activity."),
		"trigger":   map[string]any{"type": "string", "description": "Trigger of the new event.", "enum": []string{process.TriggerNone, process.TriggerTimer, process.TriggerMessage, process.TriggerSignal}},
	}
	order := []string{"op", "target", "name", "lane", "position", "anchor", "other", "condition", "branch_to", "trigger"}
	op := map[string]any{"type": "object", "description": "One edit of the process model.", "properties": props, "required": order, "additionalProperties": false}
	return map[string]any{
		"type": "object", "title": "ProcessEdits", "description": "Edits that carry out the user's instruction.",
		"properties": map[string]any{
			"operations":     map[string]any{"type": "array", "description": "The edits, in the order to apply them.", "items": op},
			"not_understood": map[string]any{"type": "array", "description": "Parts of the instruction that no edit carries out.", "items": map[string]any{"type": "string"}},
		},
		"required":             []string{"operations", "not_understood"},
		"additionalProperties": false,
	}
}

// Plan is a language model's (or the grammar's) answer: operations and the
// parts of the instruction it could not turn into one.
type Plan struct {
	Operations    []Op     `json:"operations"`
	NotUnderstood []string `json:"not_understood"`
}
