package api

import (
	"errors"
	"net"
	"strings"
	"syscall"
)

// isDBDown recognises errors that mean the database cannot be reached, so
// that clients get 503 and can retry instead of a bare 500.
func isDBDown(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	s := err.Error()
	for _, m := range []string{"connection refused", "failed to connect", "connection reset", "broken pipe", "database is locked", "the database system is shutting down", "conn closed", "bad connection",
		// PostgreSQL shutting down or starting: admin/crash shutdown, cannot connect now, connection exceptions.
		"SQLSTATE 57P01", "SQLSTATE 57P02", "SQLSTATE 57P03", "SQLSTATE 08", "unexpected EOF"} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}
