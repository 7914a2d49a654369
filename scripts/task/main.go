// Command task runs the go-task runner pinned in tools/go.mod, so that
// `go tool task …` works from the repository root while go-task's own
// dependencies (well over half of what it would otherwise add) stay out of
// the application's go.mod.
//
// The application's go.mod names this package in its `tool` line; it needs
// only the standard library. It runs
//
//	go tool -modfile=<root>/tools/go.mod task <args>
//
// in the current directory, passing the exit status through. go-task is
// pinned at v3.53.1: later versions need a module the proxy refuses here.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run starts go-task through the go command and returns its exit status.
func run(args []string) int {
	// `go tool` puts its own GOROOT/bin first in PATH, so this is the same
	// go command the user ran.
	gobin, err := exec.LookPath("go")
	if err != nil {
		fmt.Fprintln(os.Stderr, "task: the go command is not in PATH:", err)
		return 2
	}
	modfile, err := toolsModFile(gobin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "task:", err)
		return 2
	}
	cmd := exec.Command(gobin, append([]string{"tool", "-modfile=" + modfile, "task"}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Ctrl-C reaches go-task directly (same process group); this process
	// only waits for it to finish. A SIGTERM sent to this process alone is
	// passed on.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "task:", err)
		return 2
	}
	go func() {
		for s := range sigs {
			if s == syscall.SIGTERM {
				_ = cmd.Process.Signal(s)
			}
		}
	}()
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	default:
		fmt.Fprintln(os.Stderr, "task:", err)
		return 1
	}
}

// toolsModFile finds tools/go.mod beside the go.mod of the module the
// go command is working in (the repository root, from any folder in it).
func toolsModFile(gobin string) (string, error) {
	out, err := exec.Command(gobin, "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run `go tool task` inside the SPADE repository")
	}
	f := filepath.Join(filepath.Dir(gomod), "tools", "go.mod")
	if _, err := os.Stat(f); err != nil {
		return "", fmt.Errorf("the task runner's module file is missing: %w", err)
	}
	return f, nil
}
