package testenv

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// PostgresServer is a throwaway PostgreSQL server run as a child of the
// test binary, which a test can stop and start again on the same port and
// data (a database outage). A test binary that ends without stopping it
// (its -timeout ran out, a panic, a kill) takes the server with it through
// the parent-death signal (SIGQUIT: PostgreSQL's immediate shutdown).
// Started by pg_ctl, such servers ran on for hours after their tests.
type PostgresServer struct {
	// URL is the server's postgres database, as user app (trust).
	URL string

	bin, dir, data string
	port           int
	cred           *syscall.Credential
	log            *os.File

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan struct{}
}

// StartPostgresServer initialises a data directory, starts a server on a
// free port and waits until it accepts connections; the test's cleanup
// stops it and removes its directory.
func StartPostgresServer(t testing.TB) *PostgresServer {
	t.Helper()
	s, err := newPostgresServer()
	if err != nil {
		missing(t, "PostgreSQL ("+err.Error()+")")
	}
	t.Cleanup(s.remove)
	return s
}

// newPostgresServer is StartPostgresServer without a test: the caller
// removes the server (remove).
func newPostgresServer() (*PostgresServer, error) {
	bin, err := PGBinDir()
	if err != nil {
		return nil, err
	}
	removeStalePostgresDirs(os.TempDir(), time.Hour)
	dir, err := os.MkdirTemp("", "spade-pg-")
	if err != nil {
		return nil, err
	}
	s := &PostgresServer{bin: bin, dir: dir, data: filepath.Join(dir, "data")}
	fail := func(err error) (*PostgresServer, error) {
		if s.log != nil {
			s.log.Close()
		}
		_ = os.RemoveAll(dir)
		return nil, err
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return fail(fmt.Errorf("running as root needs the postgres user: %w", err))
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return fail(err)
		}
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	if out, err := asPostgres(filepath.Join(bin, "initdb"), "-D", s.data, "-U", "app", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8").CombinedOutput(); err != nil {
		return fail(fmt.Errorf("initdb: %v: %s", err, out))
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	s.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	s.URL = fmt.Sprintf("postgres://app@127.0.0.1:%d/postgres?sslmode=disable", s.port)
	if s.log, err = os.OpenFile(filepath.Join(dir, "log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600); err != nil {
		return fail(err)
	}
	if err := s.Start(); err != nil {
		s.kill()
		return fail(err)
	}
	return s, nil
}

// Start starts the stopped server again (or for the first time) and waits
// until it accepts connections.
func (s *PostgresServer) Start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return errors.New("postgres: already running")
	}
	cmd := exec.Command(filepath.Join(s.bin, "postgres"), "-D", s.data, "-p", strconv.Itoa(s.port), "-h", "127.0.0.1", "-k", s.dir,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200")
	cmd.Stdout, cmd.Stderr = s.log, s.log
	// Credential, not setpriv: the kernel clears the parent-death signal
	// when a process changes its user, and Go sets the signal after the
	// user change.
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred, Pdeathsig: syscall.SIGQUIT}
	started := make(chan error, 1)
	exited := make(chan struct{})
	go func() {
		// The parent-death signal follows the thread that started the
		// child: this goroutine keeps its thread until the server exits, so
		// the runtime cannot retire that thread under a running server.
		runtime.LockOSThread()
		err := cmd.Start()
		started <- err
		if err == nil {
			_ = cmd.Wait()
		}
		close(exited)
	}()
	if err := <-started; err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	s.cmd, s.exited = cmd, exited
	// As long as pg_ctl start -w waits by default; a loaded machine needs a
	// while for the first start.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", s.URL)
	if err != nil {
		return err
	}
	defer db.Close()
	for {
		err := db.PingContext(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
			s.cmd = nil
			return fmt.Errorf("postgres exited at start-up: %s", log)
		default:
		}
		if ctx.Err() != nil {
			return fmt.Errorf("postgres did not accept connections within 60 s: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop shuts the server down as an operator would (fast shutdown: open
// sessions are ended, committed work is kept) and waits until it exited.
func (s *PostgresServer) Stop() {
	s.signal(syscall.SIGINT)
}

// kill ends the server at once (immediate shutdown).
func (s *PostgresServer) kill() {
	s.signal(syscall.SIGQUIT)
}

func (s *PostgresServer) signal(sig syscall.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(sig)
	<-s.exited
	s.cmd = nil
}

// remove kills the server and removes its directory.
func (s *PostgresServer) remove() {
	s.kill()
	s.log.Close()
	_ = os.RemoveAll(s.dir)
}
