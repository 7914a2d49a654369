package testenv

import (
	"bufio"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) { Main(m) }

// TestPostgresGoesWithItsTestBinary: a test binary killed before it can
// stop its PostgreSQL (SIGKILL, as a runaway -timeout or a killed CI job
// ends it) leaves no server running. Started through pg_ctl, such servers
// ran on for hours after their tests.
func TestPostgresGoesWithItsTestBinary(t *testing.T) {
	if os.Getenv("SPADE_TESTENV_PG_CHILD") == "1" {
		// The child: start a server, say where its data lives, wait to be killed.
		db, err := sql.Open("pgx", Postgres(t))
		if err != nil {
			t.Fatal(err)
		}
		var data string
		if err := db.QueryRow("SHOW data_directory").Scan(&data); err != nil {
			t.Fatal(err)
		}
		os.Stdout.WriteString("DATA " + data + "\n")
		select {}
	}
	if os.Getenv("SPADE_TEST_DATABASE_URL") != "" {
		t.Skip("SPADE_TEST_DATABASE_URL points at a server this binary did not start")
	}
	child := exec.Command(os.Args[0], "-test.run=^TestPostgresGoesWithItsTestBinary$", "-test.timeout=5m")
	child.Env = append(os.Environ(), "SPADE_TESTENV_PG_CHILD=1")
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	child.Stderr = os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	var data string
	for sc := bufio.NewScanner(out); sc.Scan(); {
		if d, ok := strings.CutPrefix(sc.Text(), "DATA "); ok {
			data = d
			break
		}
	}
	if data == "" {
		t.Fatal("the child test binary started no PostgreSQL")
	}
	pidFile, err := os.ReadFile(filepath.Join(data, "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(pidFile), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || !processAlive(pid) {
		t.Fatalf("postmaster.pid %q names no running server", first)
	}
	_ = child.Process.Kill()
	_ = child.Wait()
	// A deadline on a wait, not a timing assertion: the server shuts down
	// immediately on the signal, but a loaded machine may take a while.
	for deadline := time.Now().Add(60 * time.Second); processAlive(pid); {
		if time.Now().After(deadline) {
			t.Fatalf("PostgreSQL %d still runs a minute after its test binary was killed", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = os.RemoveAll(filepath.Dir(data))
}

// TestRemoveStalePostgresDirs: directories of servers that are gone are
// removed once they are old; a young one (initdb may be running in it) and
// one whose server still runs stay.
func TestRemoveStalePostgresDirs(t *testing.T) {
	old := time.Now().Add(-2 * time.Hour)
	tests := []struct {
		name    string
		pid     string // postmaster.pid content; "" for none
		mtime   time.Time
		removed bool
	}{
		{"old, server gone", "", old, true},
		{"old, stale pid file", "999999999\n/data\n", old, true},
		{"old, server running", strconv.Itoa(os.Getpid()) + "\n/data\n", old, false},
		{"young, no server yet", "", time.Now(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			d := filepath.Join(tmp, "spade-pg-1")
			if err := os.MkdirAll(filepath.Join(d, "data"), 0o700); err != nil {
				t.Fatal(err)
			}
			if tt.pid != "" {
				if err := os.WriteFile(filepath.Join(d, "data", "postmaster.pid"), []byte(tt.pid), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Chtimes(d, tt.mtime, tt.mtime); err != nil {
				t.Fatal(err)
			}
			other := filepath.Join(tmp, "spade-e2e-1")
			if err := os.Mkdir(other, 0o700); err != nil {
				t.Fatal(err)
			}
			_ = os.Chtimes(other, old, old)
			removeStalePostgresDirs(tmp, time.Hour)
			_, err := os.Stat(d)
			if gone := os.IsNotExist(err); gone != tt.removed {
				t.Errorf("removed = %v, want %v", gone, tt.removed)
			}
			if _, err := os.Stat(other); err != nil {
				t.Errorf("a directory of another kind was touched: %v", err)
			}
		})
	}
}

// TestPostgresServerStopStart: a stopped server refuses connections; it
// starts again on the same address with its data kept.
func TestPostgresServerStopStart(t *testing.T) {
	s := StartPostgresServer(t)
	db, err := sql.Open("pgx", s.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)"); err != nil {
		t.Fatal(err)
	}
	s.Stop()
	s.Stop() // stopping twice is harmless
	if err := db.Ping(); err == nil {
		t.Fatal("a stopped server answered")
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err == nil {
		t.Error("starting a running server: no error")
	}
	var n int
	if err := db.QueryRow("SELECT n FROM kept").Scan(&n); err != nil || n != 7 {
		t.Fatalf("after the restart: %d, %v; want 7", n, err)
	}
}
