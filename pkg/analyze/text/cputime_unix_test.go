//go:build unix

package text

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) the test process has used so
// far: what a benchmark reports beside wall time, which on a shared
// machine also counts waiting for a core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
