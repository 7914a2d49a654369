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
	for _, m := range []string{"connection refused", "failed to connect", "connection reset", "broken pipe", "database is locked", "the database system is shutting down", "conn closed", "bad connection"} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}
