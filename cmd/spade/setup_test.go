package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// stackOptions choose what setup starts; the zero value is SQLite, a fresh
// redis-server, a running worker and no signed-in user.
type stackOptions struct {
	// DB is "" (a SQLite file in a temporary directory), "postgres" (a
	// fresh database on the test PostgreSQL) or a database URL.
	DB string
	// Redis is the queue's Redis URL ("": a fresh redis-server).
	Redis string
	// Env are SPADE_* settings on top of the test defaults. They are
	// read by config.LoadFrom, not put in the process environment, so
	// that tests using setup can run in parallel.
	Env map[string]string
	// NoWorker starts the api alone (startWorker starts one later).
	NoWorker bool
	// Hook changes the worker's pipeline before the worker starts.
	Hook func(*pipeline.Pipeline)
	// SignIn creates the user u1@example.com with a session; do() sends it.
	SignIn bool
	// Export also puts the configuration in the process environment, for
	// tests that run a command (its own config.Load) against the stack;
	// such a test cannot run in parallel.
	Export bool
}

// setup starts one SPADE (api and, unless told otherwise, a worker) on
// real services for t, and registers its shutdown with t.Cleanup: the
// test bundle every integration test starts from.
func setup(t testing.TB, o stackOptions) *stack {
	t.Helper()
	dbURL := o.DB
	switch dbURL {
	case "":
		dbURL = "sqlite://" + filepath.Join(t.TempDir(), "spade.db")
	case "postgres":
		dbURL = testenv.Postgres(t)
	}
	redisURL := o.Redis
	if redisURL == "" {
		redisURL = testenv.Redis(t)
	}
	// The listener comes first: sign-in redirects and cookies need the
	// public URL to be the address the test talks to.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	env := stackEnv(t, dbURL, redisURL)
	env["SPADE_ADDR"], env["SPADE_PUBLIC_URL"], env["SPADE_OIDC_ISSUER"] = ln.Addr().String(), base, ""
	for k, v := range o.Env {
		env[k] = v
	}
	if o.Export {
		for k, v := range env {
			t.Setenv(k, v)
		}
	}
	cfg, err := config.LoadFrom(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return os.Getenv(k)
	}, "text")
	if err != nil {
		ln.Close()
		t.Fatal(err)
	}
	a, err := openApp(context.Background(), cfg, true)
	if err != nil {
		ln.Close()
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	srvAPI, err := a.newAPI()
	if err != nil {
		ln.Close()
		t.Fatal(err)
	}
	// Every /api answer (and accepted request) is checked against the
	// OpenAPI document; a mismatch fails the test at its end.
	srv := httptest.NewUnstartedServer(validateContract(t, srvAPI))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	// The client's time-out only catches a hung request: under the race
	// detector on a busy machine a diagram save can take well over 10 s.
	s := &stack{t: t, app: a, api: srvAPI, srv: srv, base: base, client: &http.Client{Timeout: time.Minute}, hook: o.Hook}
	if o.SignIn {
		ctx := context.Background()
		u, _, err := a.Auth.UpsertUser(ctx, auth.User{Issuer: "test", Subject: "u1", Email: "u1@example.com", Name: "U One", MembershipType: "Standard"})
		if err != nil {
			t.Fatal(err)
		}
		sid, err := a.Auth.CreateSession(ctx, u.ID, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		s.cookie = &http.Cookie{Name: api.SessionCookie, Value: sid}
		accs, err := a.Auth.Accounts(ctx, u.ID)
		if err != nil || len(accs) == 0 {
			t.Fatalf("accounts of u1: %v %v", accs, err)
		}
		s.acct = accs[0].ID
	}
	if !o.NoWorker {
		s.startWorker()
	}
	return s
}

// stackEnv is the test stack's configuration: fresh data and UI dirs, the
// given database and Redis, fast queue polling and sweeps, a shared PDF
// engine cache, quiet logs. SPADE_TASK_CHECK_INTERVAL set in the process
// environment wins (benchmarks measure idle cost with it).
func stackEnv(t testing.TB, dbURL, redisURL string) map[string]string {
	env := map[string]string{
		"SPADE_DATA_DIR":         t.TempDir(),
		"SPADE_DATABASE_URL":     dbURL,
		"SPADE_REDIS_URL":        redisURL,
		"SPADE_SWEEP_INTERVAL":   "1s",
		"SPADE_SHUTDOWN_TIMEOUT": "1s",
		"SPADE_LOG_LEVEL":        "error",
		"SPADE_CACHE_DIR":        filepath.Join(os.TempDir(), "spade-test-cache"),
		"SPADE_UI_DIR":           t.TempDir(),
	}
	if os.Getenv("SPADE_TASK_CHECK_INTERVAL") == "" {
		env["SPADE_TASK_CHECK_INTERVAL"] = "5ms"
	}
	return env
}

// setStackEnv puts stackEnv in the process environment, for the tests that
// run a command's own config.Load (not setup).
func setStackEnv(t testing.TB, dbURL, redisURL string) {
	t.Helper()
	for k, v := range stackEnv(t, dbURL, redisURL) {
		t.Setenv(k, v)
	}
}
