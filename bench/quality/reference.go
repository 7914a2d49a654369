package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// refTask is an expected activity.
type refTask struct {
	performer, name string
}

// refSplit is an expected decision: the tasks on each of its branches.
type refSplit struct {
	question string
	branches [][]string
}

// refFlow is an expected message flow between two participants.
type refFlow struct {
	from, to, name string
}

// refLoop is an expected rework loop from a task back to an earlier one.
type refLoop struct {
	from, to string
}

// testCase is one description with its reference model.
type testCase struct {
	name     string
	text     string
	pools    []string
	lanes    []string
	tasks    []refTask
	splits   []refSplit
	timers   []string
	messages []string
	flows    []refFlow
	loops    []refLoop
	// ends are tasks after which their path ends ("the process ends"):
	// without them a split's branches rejoin at the first later task.
	ends []string
}

// loadCases reads every *.txt case of dir, sorted by name.
func loadCases(dir string) ([]*testCase, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, fmt.Errorf("list cases: %w", err)
	}
	sort.Strings(paths)
	var out []*testCase
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("read case: %w", err)
		}
		c, err := parseCase(strings.TrimSuffix(filepath.Base(p), ".txt"), string(b))
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", p, err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no cases in %s", dir)
	}
	return out, nil
}

// parseCase splits a case file into its text and its reference (after a
// line "---") and reads the reference lines.
func parseCase(name, s string) (*testCase, error) {
	text, ref, err := splitReference(s)
	if err != nil {
		return nil, err
	}
	c := &testCase{name: name, text: text}
	for n, line := range strings.Split(ref, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := c.addRefLine(line); err != nil {
			return nil, fmt.Errorf("reference line %d: %w", n+1, err)
		}
	}
	if err := c.checkTaskNames(); err != nil {
		return nil, err
	}
	return c, nil
}

// splitReference cuts a case file at its last line "---": the text
// before (trimmed) and the reference lines after (empty when the file
// ends with that line).
func splitReference(s string) (text, ref string, err error) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	i := strings.LastIndex(s, "\n---\n")
	if i < 0 {
		if !strings.HasSuffix(s, "\n---") {
			return "", "", fmt.Errorf("no reference: want a line --- after the text")
		}
		i = len(s) - 4
	}
	if i+5 <= len(s) {
		ref = s[i+5:]
	}
	return strings.TrimSpace(s[:i]), ref, nil
}

// addRefLine reads one "key: value" reference line into c.
func (c *testCase) addRefLine(line string) error {
	key, val, ok := strings.Cut(line, ":")
	if !ok {
		return fmt.Errorf("want key: value")
	}
	val = strings.TrimSpace(val)
	parts := splitTrim(val, "|")
	switch key {
	case "pool":
		c.pools = append(c.pools, val)
	case "lane":
		c.lanes = append(c.lanes, val)
	case "task":
		if len(parts) != 2 {
			return fmt.Errorf("want task: performer | name")
		}
		c.tasks = append(c.tasks, refTask{performer: parts[0], name: parts[1]})
	case "split":
		if len(parts) < 2 {
			return fmt.Errorf("want split: question | branch | …")
		}
		c.splits = append(c.splits, parseSplit(parts))
	case "timer":
		c.timers = append(c.timers, val)
	case "message":
		c.messages = append(c.messages, val)
	case "flow":
		ends, fname, _ := strings.Cut(val, "|")
		from, to, ok := strings.Cut(ends, "->")
		if !ok {
			return fmt.Errorf("want flow: from -> to | name")
		}
		c.flows = append(c.flows, refFlow{from: strings.TrimSpace(from), to: strings.TrimSpace(to), name: strings.TrimSpace(fname)})
	case "end":
		c.ends = append(c.ends, val)
	case "loop":
		from, to, ok := strings.Cut(val, "->")
		if !ok {
			return fmt.Errorf("want loop: from -> to")
		}
		c.loops = append(c.loops, refLoop{from: strings.TrimSpace(from), to: strings.TrimSpace(to)})
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return nil
}

// parseSplit reads a split's parts (question, then one branch each: task
// names separated by "/", or "-" for an empty branch).
func parseSplit(parts []string) refSplit {
	sp := refSplit{question: parts[0]}
	for _, br := range parts[1:] {
		var names []string
		if br != "-" {
			names = splitTrim(br, "/")
		}
		sp.branches = append(sp.branches, names)
	}
	return sp
}

// checkTaskNames refuses branches, loops and ends naming a task the
// reference does not list (case-insensitively): a typo would silently
// lower the score.
func (c *testCase) checkTaskNames() error {
	tasks := map[string]bool{}
	for _, t := range c.tasks {
		tasks[strings.ToLower(t.name)] = true
	}
	for _, sp := range c.splits {
		for _, br := range sp.branches {
			for _, t := range br {
				if !tasks[strings.ToLower(t)] {
					return fmt.Errorf("split %q names unknown task %q", sp.question, t)
				}
			}
		}
	}
	for _, l := range c.loops {
		if !tasks[strings.ToLower(l.from)] || !tasks[strings.ToLower(l.to)] {
			return fmt.Errorf("loop %s -> %s names an unknown task", l.from, l.to)
		}
	}
	for _, e := range c.ends {
		if !tasks[strings.ToLower(e)] {
			return fmt.Errorf("end names unknown task %q", e)
		}
	}
	return nil
}

func splitTrim(s, sep string) []string {
	var out []string
	for _, p := range strings.Split(s, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
