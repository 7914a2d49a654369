// Package testenv starts real, throwaway Redis and PostgreSQL servers (and,
// for the scale-out tests, an S3-compatible server and a Redis Sentinel
// set) for integration tests, on free loopback ports, and stops them when
// the test or the test binary ends (call Main from TestMain).
//
// SPADE_TEST_DATABASE_URL / SPADE_TEST_REDIS_URL point the tests at servers
// that already run instead. When a binary is missing the test fails, unless
// SPADE_TEST_ALLOW_SKIP=1 turns that into a skip (for quick local runs): a
// silently skipped integration test would hide a broken CI machine.
package testenv

import (
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
)

var (
	mu       sync.Mutex
	stoppers []func()
	pgOnce   sync.Once
	pgURL    string
	pgErr    error
	dbSeq    atomic.Int64
)

// Main runs the tests and stops every server started for them.
func Main(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Stop stops every server started so far.
func Stop() {
	mu.Lock()
	defer mu.Unlock()
	for i := len(stoppers) - 1; i >= 0; i-- {
		stoppers[i]()
	}
	stoppers = nil
}

func missing(t testing.TB, what string) {
	t.Helper()
	Missing(t, what, "run the tests with `go tool task test`, which installs it")
}

// Install hints for the tools and data the tests need; `go tool task test`
// installs all of them (deps:system, deps:node).
const (
	HintXmllint    = "Debian package libxml2-utils (scripts/ensure-system.sh installs it)"
	HintTesseract  = "Debian packages tesseract-ocr tesseract-ocr-eng (scripts/ensure-system.sh installs them)"
	HintPdftotext  = "Debian package poppler-utils (scripts/ensure-system.sh installs it)"
	HintNode       = "Node.js 20 or later (https://nodejs.org or Debian package nodejs)"
	HintBpmncheck  = "run `npm ci` in tools/bpmncheck (`go tool task deps:node` does it)"
	HintSharedData = "the shared test data lives in ../shared/testdata beside the repository checkout (CI places shared/ next to it); check out or copy the project's shared/ folder there"
)

// Missing fails t because what (a tool, a package, a data folder) is not
// there, saying how to install it. SPADE_TEST_ALLOW_SKIP=1 turns the failure
// into a skip for quick local runs; without it a missing tool cannot make a
// test pass by checking nothing.
func Missing(t testing.TB, what, hint string) {
	t.Helper()
	if os.Getenv("SPADE_TEST_ALLOW_SKIP") == "1" {
		t.Skipf("%s not available (install: %s); skipped because SPADE_TEST_ALLOW_SKIP=1", what, hint)
	}
	t.Fatalf("%s not available; install: %s (or set SPADE_TEST_ALLOW_SKIP=1 to skip)", what, hint)
}

// LookPath returns the path of the executable tool, or fails t through
// Missing with the install hint.
func LookPath(t testing.TB, tool, hint string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		Missing(t, tool, hint)
	}
	return p
}

// Require fails t through Missing unless the file or directory path exists.
func Require(t testing.TB, path, hint string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		Missing(t, path, hint)
	}
}

// FreePort returns a free TCP port on 127.0.0.1.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// RedisBackend is one Redis a test runs against; URL gives "" for the
// in-process Redis (queue.Open's embedded default).
type RedisBackend struct {
	Name string
	URL  func(t testing.TB) string
}

// RedisBackends are the Redis servers SPADE runs on: the in-process one
// and redis-server.
func RedisBackends() []RedisBackend {
	return []RedisBackend{
		{"in-process", func(testing.TB) string { return "" }},
		{"redis-server", Redis},
	}
}

// Redis starts a fresh redis-server for this test and returns its URL
// (redis://127.0.0.1:port/0). The server is stopped when the test ends.
func Redis(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("SPADE_TEST_REDIS_URL"); u != "" {
		return u
	}
	srv, err := StartRedis()
	if err != nil {
		missing(t, "redis-server ("+err.Error()+")")
	}
	t.Cleanup(srv.Stop)
	return srv.URL
}

// RedisServer is a redis-server child process.
type RedisServer struct {
	URL  string
	Port int
	cmd  *exec.Cmd
}

// StartRedis starts redis-server on a free port.
func StartRedis() (*RedisServer, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return startRedisAt(bin, port)
}

func startRedisAt(bin string, port int) (*RedisServer, error) {
	cmd := exec.Command(bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(port), "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &RedisServer{URL: fmt.Sprintf("redis://127.0.0.1:%d/0", port), Port: port, cmd: cmd}
	if err := waitTCP(port, 5*time.Second); err != nil {
		s.Stop()
		return nil, fmt.Errorf("redis-server did not start: %w", err)
	}
	return s, nil
}

// Stop kills the server.
func (s *RedisServer) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
		s.cmd = nil
	}
}

// Restart stops the server and starts a new, empty one on the same port:
// every key is gone, as after a Redis crash without persistence.
func (s *RedisServer) Restart() error {
	s.Stop()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return err
	}
	n, err := startRedisAt(bin, s.Port)
	if err != nil {
		return err
	}
	s.cmd = n.cmd
	return nil
}

func waitTCP(port int, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), 200*time.Millisecond)
		if err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// Postgres returns the URL of a fresh, empty database on a throwaway
// PostgreSQL server (one server per test binary, one database per call).
func Postgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv("SPADE_TEST_DATABASE_URL")
	if base == "" {
		pgOnce.Do(func() { pgURL, pgErr = startPostgres() })
		if pgErr != nil {
			missing(t, "PostgreSQL ("+pgErr.Error()+")")
		}
		base = pgURL
	}
	name := fmt.Sprintf("t_%d_%d", os.Getpid(), dbSeq.Add(1))
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer a.Close()
		_, _ = a.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	return replaceDB(base, name)
}

func replaceDB(url, name string) string {
	i := strings.LastIndex(url, "/")
	rest := ""
	if q := strings.Index(url[i:], "?"); q >= 0 {
		rest = url[i+q:]
	}
	return url[:i+1] + name + rest
}

// PGBinDir finds the PostgreSQL server binaries.
func PGBinDir() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		return filepath.Dir(p), nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(matches) == 0 {
		return "", fmt.Errorf("pg_ctl not found (install Debian's postgresql)")
	}
	return filepath.Dir(matches[len(matches)-1]), nil
}

// asPostgres wraps a command so that it runs as the postgres user when we
// are root: PostgreSQL refuses to run as root.
func asPostgres(name string, args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command("setpriv", append([]string{"--reuid=postgres", "--regid=postgres", "--init-groups", "--", name}, args...)...)
	}
	return exec.Command(name, args...)
}

func startPostgres() (string, error) {
	s, err := newPostgresServer()
	if err != nil {
		return "", err
	}
	mu.Lock()
	stoppers = append(stoppers, s.remove)
	mu.Unlock()
	return s.URL, nil
}

// removeStalePostgresDirs removes the spade-pg-* directories in tmp that
// no server uses any more and that are older than age (a test binary
// killed with SIGKILL takes its server along but cannot remove the
// directory). A directory whose postmaster.pid names a live process stays,
// and so does a young one: another test binary may be running initdb in it.
func removeStalePostgresDirs(tmp string, age time.Duration) {
	dirs, _ := filepath.Glob(filepath.Join(tmp, "spade-pg-*"))
	for _, d := range dirs {
		fi, err := os.Stat(d)
		if err != nil || !fi.IsDir() || time.Since(fi.ModTime()) < age {
			continue
		}
		if pid, err := os.ReadFile(filepath.Join(d, "data", "postmaster.pid")); err == nil {
			first, _, _ := strings.Cut(string(pid), "\n")
			if n, err := strconv.Atoi(strings.TrimSpace(first)); err == nil && processAlive(n) {
				continue
			}
		} else if !os.IsNotExist(err) {
			continue // unreadable: not ours to judge
		}
		_ = os.RemoveAll(d)
	}
}

// processAlive reports whether a process with this id exists (EPERM: it
// exists but belongs to another user).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// StartPostgres starts a throwaway PostgreSQL server for programs that are
// not tests (benchmarks, the local stack) and returns its URL and a stop
// function.
func StartPostgres() (string, func(), error) {
	url, err := startPostgres()
	return url, Stop, err
}

// Databases returns the database URLs an integration test should run on:
// a fresh SQLite file and a fresh PostgreSQL database.
func Databases(t testing.TB) map[string]string {
	t.Helper()
	return map[string]string{
		"sqlite":   "sqlite://" + filepath.Join(t.TempDir(), "spade.db"),
		"postgres": Postgres(t),
	}
}

// RepoRoot returns the module root (the directory holding go.mod).
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}

// SharedTestdata returns ../shared/testdata relative to the module root.
func SharedTestdata(t testing.TB) string {
	t.Helper()
	p := filepath.Join(RepoRoot(t), "..", "shared", "testdata")
	Require(t, p, HintSharedData)
	return p
}

// MIWGDir returns ../shared/testdata/bpmn/miwg-reference, the 21 reference
// models of the BPMN Model Interchange Working Group.
func MIWGDir(t testing.TB) string {
	t.Helper()
	p := filepath.Join(SharedTestdata(t), "bpmn", "miwg-reference")
	Require(t, p, "the 21 MIWG reference models; get them from github.com/bpmn-miwg/bpmn-miwg-test-suite, "+
		"folder Reference/ (CC-BY 3.0), and copy its *.bpmn files into "+p+" ("+HintSharedData+")")
	return p
}
