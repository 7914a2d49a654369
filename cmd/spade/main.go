// Command spade is SPADE's one binary: `serve` (api + worker + UI on the
// embedded defaults), `api`, `worker`, `migrate`, and admin commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

const usage = `usage: spade <command> [flags]

commands:
  serve     api + worker + web app in one process (embedded defaults)
  api       the HTTP api and web app only (needs SPADE_REDIS_URL)
  worker    the analysis worker only (needs SPADE_REDIS_URL)
  migrate   apply database migrations and exit
  blobs migrate --to URL  copy stored uploads to another store (idempotent)
  blobs gc   delete stored uploads no analysis refers to
  healthcheck  exit 0 when the database and Redis answer (container probes)
  bpmn      a BPMN file's process model (bpmn model FILE) or its redrawing (bpmn convert FILE)
  help      this text

Configuration comes from the environment; see README.md.
`

// commands maps a subcommand to its function. Other files add theirs.
var commands = map[string]func(ctx context.Context, args []string) error{
	"serve":   cmdServe,
	"api":     cmdAPI,
	"worker":  cmdWorker,
	"migrate": cmdMigrate,
	"blobs":   cmdBlobs,
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func main() {
	if len(os.Args) < 2 || os.Args[1] == "help" || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Print(usage)
		fmt.Println("\nall commands (run one without arguments for its help):", strings.Join(commandNames(), ", "))
		return
	}
	cmd, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "spade: unknown command %q\n\n%s\nall commands: %s\n", os.Args[1], usage, strings.Join(commandNames(), ", "))
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := cmd(ctx, os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "spade:", err)
		os.Exit(1)
	}
}
