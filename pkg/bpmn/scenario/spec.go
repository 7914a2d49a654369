// Package scenario checks a BPMN model against a behaviour scenario: the
// checks an analyst makes first on a model drawn from a process description
// (a rejected case never reaches the payment, an outside party is a pool, a
// rework loop goes back, two kinds of work run side by side). The format is
// the contract of ../shared/testdata/scenarios/README.md.
//
// It works on the parsed BPMN (pkg/bpmn/parse), not on the process model,
// so that what is checked is what the user sees, whichever way the model
// was made (built-in analyzer, LLM, uploaded file, edit).
//
// Where the README leaves a choice open, this package decides so:
//   - endings are stripped from the pattern's words as from the name's,
//     and only when three letters stay ("bring" stays "bring");
//   - names in pools, lanes and not_lanes are one keyword group; a list
//     of groups is accepted too;
//   - not_lanes: a lane is the party when the name matches it and its last
//     word (the head: "Customer service" is a service) is the party's;
//   - never starts from activities and events, reach from activities;
//     loop, exclusive and parallel relate activities and events; the
//     target of never and reach may be any node;
//   - reachability takes one step or more (a node reaches itself only
//     through a cycle);
//   - exclusive and parallel need A and B on two different outgoing flows
//     of the split (each flow followed up to the split again), not merely
//     both after it;
//   - timers counts timer definitions of events; message_flows counts
//     messageFlow elements; each item of a list is one check, a count one.
package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spec is one scenario's checks (NAME.json). A nil count means the check
// is not made.
type Spec struct {
	Tasks         []Pattern `json:"tasks,omitempty"`
	Pools         []Pattern `json:"pools,omitempty"`
	NotLanes      []Pattern `json:"not_lanes,omitempty"`
	Lanes         []Pattern `json:"lanes,omitempty"`
	Never         []Pair    `json:"never,omitempty"`
	Reach         []Pair    `json:"reach,omitempty"`
	Loop          []Pair    `json:"loop,omitempty"`
	Exclusive     []Pair    `json:"exclusive,omitempty"`
	Parallel      []Pair    `json:"parallel,omitempty"`
	MultiInstance Patterns  `json:"multi_instance,omitempty"`
	Timers        *int      `json:"timers,omitempty"`
	MessageFlows  *int      `json:"message_flows,omitempty"`
}

// Pattern is a list of keyword groups; a name matches when it has a word
// for every group. Each group lists alternatives, each alternative one or
// more words (more than one: a phrase). Words are kept lower-cased and
// stemmed, as the names they are compared with.
type Pattern []Group

// Group is one keyword group: its alternatives, each a list of words, and
// the text it was read from (for reports, which should show what the
// scenario's author wrote, not the stems).
type Group struct {
	Source string
	Alts   [][]string
}

// Pair is the [A, B] of the two-pattern checks (never, reach, loop,
// exclusive, parallel).
type Pair [2]Pattern

// Patterns is the multi_instance value: a list of patterns, or a single
// pattern written as a list of strings.
type Patterns []Pattern

// MaxSpecSize bounds a scenario file; real ones are under 2 kB.
const MaxSpecSize = 1 << 20

// Parse reads a scenario's JSON. Unknown keys are refused, so that a typo
// ("messageflows") does not silently drop a check.
func Parse(data []byte) (*Spec, error) {
	if len(data) > MaxSpecSize {
		return nil, fmt.Errorf("scenario is %d bytes; the limit is %d", len(data), MaxSpecSize)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Spec
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("read scenario: %w", err)
	}
	if dec.More() {
		return nil, errors.New("read scenario: text after the JSON object")
	}
	if s.Timers != nil && *s.Timers < 0 {
		return nil, errors.New("timers: want a count of 0 or more")
	}
	if s.MessageFlows != nil && *s.MessageFlows < 0 {
		return nil, errors.New("message_flows: want a count of 0 or more")
	}
	return &s, nil
}

// UnmarshalJSON reads a pattern from a list of groups (["send",
// "offer|quote"]) or from one string, which is a single group ("fire
// department", "clerk|officer"): names in pools, lanes and not_lanes are
// written that way.
func (p *Pattern) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		g, err := parseGroup(one)
		if err != nil {
			return err
		}
		*p = Pattern{g}
		return nil
	}
	var groups []string
	if err := json.Unmarshal(b, &groups); err != nil {
		return fmt.Errorf("pattern: want a string or a list of strings, got %s", clip(b))
	}
	if len(groups) == 0 {
		return errors.New("pattern: empty list")
	}
	out := make(Pattern, 0, len(groups))
	for _, s := range groups {
		g, err := parseGroup(s)
		if err != nil {
			return err
		}
		out = append(out, g)
	}
	*p = out
	return nil
}

// MarshalJSON writes a pattern as a list of groups, alternatives joined by
// "|" and phrase words by spaces; Parse reads it back to the same pattern.
func (p Pattern) MarshalJSON() ([]byte, error) {
	out := make([]string, len(p))
	for i, g := range p {
		out[i] = g.String()
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads [A, B].
func (p *Pair) UnmarshalJSON(b []byte) error {
	var ps []Pattern
	if err := json.Unmarshal(b, &ps); err != nil {
		return fmt.Errorf("pair: want [A, B] of two patterns: %w", err)
	}
	if len(ps) != 2 {
		return fmt.Errorf("pair: want [A, B] of two patterns, got %d", len(ps))
	}
	*p = Pair{ps[0], ps[1]}
	return nil
}

// MarshalJSON writes [A, B].
func (p Pair) MarshalJSON() ([]byte, error) { return json.Marshal([]Pattern{p[0], p[1]}) }

// UnmarshalJSON reads a list of patterns; a list of strings alone is one
// pattern (["review", "claim"] is the pattern of "Review claim").
func (ps *Patterns) UnmarshalJSON(b []byte) error {
	var strs []string
	if err := json.Unmarshal(b, &strs); err == nil {
		if len(strs) == 0 {
			*ps = nil
			return nil
		}
		var p Pattern
		if err := p.UnmarshalJSON(b); err != nil {
			return err
		}
		*ps = Patterns{p}
		return nil
	}
	var list []Pattern
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("multi_instance: want a pattern or a list of patterns: %w", err)
	}
	*ps = list
	return nil
}

func parseGroup(s string) (Group, error) {
	g := Group{Source: s}
	for alt := range strings.SplitSeq(s, "|") {
		ws := words(alt)
		if len(ws) == 0 {
			return Group{}, fmt.Errorf("pattern %q: an alternative without letters", clip([]byte(s)))
		}
		g.Alts = append(g.Alts, ws)
	}
	return g, nil
}

// String writes the group as it was read: alternatives joined by "|".
func (g Group) String() string { return g.Source }

// String writes the pattern for people: groups joined by " + ".
func (p Pattern) String() string {
	gs := make([]string, len(p))
	for i, g := range p {
		gs[i] = g.String()
	}
	return strings.Join(gs, " + ")
}

func clip(b []byte) string {
	const n = 60
	if len(b) <= n {
		return string(b)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]) + "…"
}

// words splits s into lower-cased, stemmed words of letters and digits.
func words(s string) []string {
	var out []string
	for w := range strings.FieldsFuncSeq(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out = append(out, stem(strings.ToLower(w)))
	}
	return out
}

// stem strips one of the endings the README names. At least three letters
// stay, so that "bring" and "goes" are not cut to stubs that would start
// half the dictionary.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if strings.HasSuffix(w, suf) && utf8.RuneCountInString(w)-len(suf) >= 3 {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// wordMatches reports whether a name's word matches a pattern word: the
// word starts with it, or it starts with the word and both have at least
// four letters ("invoic" matches "invoice" and "invoicing").
func wordMatches(word, alt string) bool {
	if strings.HasPrefix(word, alt) {
		return true
	}
	return utf8.RuneCountInString(word) >= 4 && utf8.RuneCountInString(alt) >= 4 && strings.HasPrefix(alt, word)
}

// Matches reports whether name matches the pattern: for every group, some
// alternative matches a word of the name (a phrase: consecutive words).
func (p Pattern) Matches(name string) bool {
	if len(p) == 0 {
		return false
	}
	ws := words(name)
	for _, g := range p {
		if !g.matches(ws) {
			return false
		}
	}
	return true
}

func (g Group) matches(ws []string) bool {
	for _, alt := range g.Alts {
		for i := 0; i+len(alt) <= len(ws); i++ {
			ok := true
			for k, a := range alt {
				if !wordMatches(ws[i+k], a) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// namesHead reports whether name's last word (in English the head of a
// noun phrase: "Customer service" is a service, "External valuer" a
// valuer) matches the last word of one of the pattern's alternatives.
func (p Pattern) namesHead(name string) bool {
	ws := words(name)
	if len(ws) == 0 {
		return false
	}
	head := ws[len(ws)-1]
	for _, g := range p {
		for _, alt := range g.Alts {
			if wordMatches(head, alt[len(alt)-1]) {
				return true
			}
		}
	}
	return false
}
