// Package migrations embeds the SQL migrations applied by `spade migrate`
// and at the start of `spade serve` / `spade api`.
package migrations

import "embed"

// FS holds the goose SQL files.
//
//go:embed *.sql
var FS embed.FS
