// Command spade is SPADE's one binary: `serve` (api + worker + UI on the
// embedded defaults), `api`, `worker`, `migrate`, and admin commands.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// command is one subcommand of the binary.
type command struct {
	name string
	// usage is the line(s) of the help text; empty keeps the command out
	// of the summary (the admin groups print their own help).
	usage string
	run   func(ctx context.Context, args []string) error
}

// commands is every subcommand, in the order the help lists them: adding
// one is one entry here.
func commands() []command {
	admin := func(group string) func(ctx context.Context, args []string) error {
		return func(ctx context.Context, args []string) error { return runAdmin(ctx, group, args, os.Stdout) }
	}
	return []command{
		{"serve", "api + worker + web app in one process (embedded defaults)", cmdServe},
		{"api", "the HTTP api and web app only (needs SPADE_REDIS_URL)", cmdAPI},
		{"worker", "the analysis worker only (needs SPADE_REDIS_URL)", cmdWorker},
		{"migrate", "apply database migrations and exit", cmdMigrate},
		{"blobs", "`blobs migrate --to URL` copies stored uploads to another store (idempotent);\n`blobs gc` deletes stored uploads no analysis refers to", cmdBlobs},
		{"reprocess", "run stored analyses through the pipeline again (reprocess --help)", cmdReprocess},
		{"healthcheck", "exit 0 when the database and Redis answer (container probes)", cmdHealthcheck},
		{"bpmn", "a BPMN file's process model (bpmn model FILE) or its redrawing (bpmn convert FILE)", func(_ context.Context, args []string) error {
			return runBPMN(args, os.Stdout, os.Stderr)
		}},
		{"token", "personal access tokens (token help)", admin("token")},
		{"users", "users and operators (users help)", admin("users")},
		{"accounts", "accounts and their members (accounts help)", admin("accounts")},
		{"membership", "a user's membership type and trial (membership help)", admin("membership")},
	}
}

// printUsage writes the help text built from the command table.
func printUsage(w io.Writer, cmds []command) {
	fmt.Fprint(w, "usage: spade <command> [flags]\n\ncommands:\n")
	for _, c := range cmds {
		lines := strings.Split(c.usage, "\n")
		fmt.Fprintf(w, "  %-12s %s\n", c.name, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "  %-12s %s\n", "", l)
		}
	}
	fmt.Fprintf(w, "  %-12s %s\n\nConfiguration comes from the environment; see README.md.\n", "help", "this text")
}

// find returns the command named name.
func find(cmds []command, name string) (command, bool) {
	for _, c := range cmds {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func main() {
	cmds := commands()
	if len(os.Args) < 2 || os.Args[1] == "help" || os.Args[1] == "-h" || os.Args[1] == "--help" {
		printUsage(os.Stdout, cmds)
		return
	}
	cmd, ok := find(cmds, os.Args[1])
	if !ok {
		fmt.Fprintf(os.Stderr, "spade: unknown command %q\n\n", os.Args[1])
		printUsage(os.Stderr, cmds)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	err := cmd.run(ctx, os.Args[2:])
	// Before os.Exit, which runs no deferred calls: signals go back to
	// their default handling.
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "spade:", err)
		os.Exit(1)
	}
}
