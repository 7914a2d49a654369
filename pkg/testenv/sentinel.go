package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SentinelMaster is the name the test sentinels monitor.
const SentinelMaster = "spade"

// SentinelSet is one Redis primary, one replica and three sentinels on
// loopback, from Debian's redis-server and redis-sentinel.
type SentinelSet struct {
	// URL is the SPADE_REDIS_URL: redis-sentinel://…?master=spade.
	URL           string
	PrimaryPort   int
	ReplicaPort   int
	SentinelPorts []int
	procs         map[int]*exec.Cmd
}

// Sentinel starts the set; it is stopped when the test ends. Fail-over is
// quick: a primary is down after 1 s without an answer.
func Sentinel(t testing.TB) *SentinelSet {
	t.Helper()
	server, err := exec.LookPath("redis-server")
	if err != nil {
		missing(t, "redis-server")
	}
	sentinel, err := exec.LookPath("redis-sentinel")
	if err != nil {
		missing(t, "redis-sentinel (Debian package redis-sentinel; scripts/ensure-system.sh installs it)")
	}
	dir := t.TempDir()
	s := &SentinelSet{PrimaryPort: FreePort(t), ReplicaPort: FreePort(t), procs: map[int]*exec.Cmd{}}
	t.Cleanup(s.Stop)
	start := func(port int, bin string, args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatalf("start %s: %v", bin, err)
		}
		s.procs[port] = cmd
		if err := waitTCP(port, 10*time.Second); err != nil {
			t.Fatalf("%s on %d did not start: %v", filepath.Base(bin), port, err)
		}
	}
	common := []string{"--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"}
	start(s.PrimaryPort, server, append([]string{"--port", strconv.Itoa(s.PrimaryPort)}, common...)...)
	start(s.ReplicaPort, server, append([]string{"--port", strconv.Itoa(s.ReplicaPort),
		"--replicaof", "127.0.0.1", strconv.Itoa(s.PrimaryPort)}, common...)...)
	var addrs []string
	for i := 0; i < 3; i++ {
		port := FreePort(t)
		conf := filepath.Join(dir, fmt.Sprintf("sentinel-%d.conf", port))
		// Sentinels rewrite their config file, so each gets its own.
		body := fmt.Sprintf("port %d\nbind 127.0.0.1\ndaemonize no\nloglevel warning\ndir %s\n"+
			"sentinel monitor %s 127.0.0.1 %d 2\n"+
			"sentinel down-after-milliseconds %s 1000\n"+
			"sentinel failover-timeout %s 5000\n"+
			"sentinel parallel-syncs %s 1\n",
			port, dir, SentinelMaster, s.PrimaryPort, SentinelMaster, SentinelMaster, SentinelMaster)
		if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		start(port, sentinel, conf)
		s.SentinelPorts = append(s.SentinelPorts, port)
		addrs = append(addrs, "127.0.0.1:"+strconv.Itoa(port))
	}
	s.URL = "redis-sentinel://" + strings.Join(addrs, ",") + "?master=" + SentinelMaster
	return s
}

// KillPrimary kills the current primary (SIGKILL, no shutdown): the
// sentinels then promote the replica.
func (s *SentinelSet) KillPrimary() {
	if cmd := s.procs[s.PrimaryPort]; cmd != nil && cmd.Process != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		delete(s.procs, s.PrimaryPort)
	}
}

// Stop kills every process of the set.
func (s *SentinelSet) Stop() {
	for port, cmd := range s.procs {
		if cmd.Process != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		delete(s.procs, port)
	}
}

// WaitReady waits until the replica is in sync and every sentinel knows
// it (sentinels learn of replicas from the primary every few seconds; a
// primary killed before that has no one to fail over to).
func (s *SentinelSet) WaitReady(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ready := true
		for _, port := range s.SentinelPorts {
			out, err := exec.Command("redis-cli", "-p", strconv.Itoa(port), "SENTINEL", "REPLICAS", SentinelMaster).CombinedOutput()
			if err != nil || !strings.Contains(string(out), strconv.Itoa(s.ReplicaPort)) || strings.Contains(string(out), "s_down") {
				ready = false
				break
			}
		}
		if ready {
			out, err := exec.Command("redis-cli", "-p", strconv.Itoa(s.ReplicaPort), "INFO", "replication").CombinedOutput()
			ready = err == nil && strings.Contains(string(out), "master_link_status:up")
		}
		if ready {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("sentinels did not see the replica within 60 s")
		}
		time.Sleep(200 * time.Millisecond)
	}
}
