package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCommandTable: every command has a unique name, a function and a line
// in the help text.
func TestCommandTable(t *testing.T) {
	t.Parallel()
	cmds := commands()
	var help bytes.Buffer
	printUsage(&help, cmds)
	seen := map[string]bool{}
	for _, c := range cmds {
		if seen[c.name] {
			t.Errorf("command %q listed twice", c.name)
		}
		seen[c.name] = true
		if c.run == nil || c.usage == "" {
			t.Errorf("command %q has no function or usage", c.name)
		}
		if !strings.Contains(help.String(), "  "+c.name+" ") {
			t.Errorf("help does not list %q:\n%s", c.name, help.String())
		}
		if got, ok := find(cmds, c.name); !ok || got.name != c.name {
			t.Errorf("find(%q) = %v, %v", c.name, got.name, ok)
		}
	}
	if _, ok := find(cmds, "frobnicate"); ok {
		t.Error("find accepted an unknown command")
	}
}

// TestAdminTable: every admin subcommand is in the usage text.
func TestAdminTable(t *testing.T) {
	t.Parallel()
	for sub := range adminCommands() {
		if !strings.Contains(adminUsage, "spade "+sub) && !strings.Contains(adminUsage, strings.SplitN(sub, " ", 2)[1]) {
			t.Errorf("admin usage does not mention %q", sub)
		}
	}
}
