package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
)

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:8080": true, "[::1]:8080": true, "127.0.0.2:1": true,
		"0.0.0.0:8080": false, ":8080": false, "10.0.0.5:8080": false, "example.com:80": false,
	} {
		if got := isLoopback(addr); got != want {
			t.Errorf("%s: %v", addr, got)
		}
	}
}

func TestProviderMode(t *testing.T) {
	tests := []struct {
		addr, issuer string
		public       bool
		want         string
	}{
		{"127.0.0.1:8080", "", false, "builtin"},
		{"0.0.0.0:8080", "", false, "none"},
		{"0.0.0.0:8080", "", true, "builtin"},
		{"0.0.0.0:8080", "https://kc.example/realms/spade", false, "oidc"},
		{"127.0.0.1:8080", "https://kc.example/realms/spade", true, "oidc"},
	}
	for _, tt := range tests {
		if got := providerMode(&config.Config{Addr: tt.addr, OIDCIssuer: tt.issuer, DevProviderPublic: tt.public}); got != tt.want {
			t.Errorf("%+v: %s", tt, got)
		}
	}
}

func TestAdminCommands(t *testing.T) {
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "adm.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	s := auth.NewStore(d.DB)
	u, _, err := s.UpsertUser(ctx, auth.User{Issuer: "i", Subject: "x", Email: "x@example.com", Name: "X"})
	if err != nil {
		t.Fatal(err)
	}
	run := func(group string, args ...string) (string, error) {
		var out bytes.Buffer
		err := adminRun(ctx, s, group, args, &out)
		return out.String(), err
	}
	steps := []struct {
		group   string
		args    []string
		want    string // in output, or in the error when wantErr
		wantErr bool
	}{
		{"token", []string{"create", "--email", "x@example.com"}, auth.TokenPrefix, false},
		{"token", []string{"create", "--email", "nobody@example.com"}, "no user with e-mail", true},
		{"accounts", []string{"create", "Acme", "--type", "standard"}, `created account "Acme"`, false},
		{"accounts", []string{"create", "Acme"}, "already exists", true},
		{"accounts", []string{"add-member", "--account", "Acme", "--email", "x@example.com"}, "is a member", false},
		{"token", []string{"create", "--email", "x@example.com"}, "belongs to 2 accounts", true},
		{"token", []string{"create", "--email", "x@example.com", "--account", "Acme", "--name", "ci"}, auth.TokenPrefix, false},
		{"accounts", []string{"remove-member", "--account", "Acme", "--email", "x@example.com"}, "removed", false},
		{"accounts", []string{"remove-member", "--account", "Acme", "--email", "x@example.com"}, "not a member", true},
		{"membership", []string{"set", "--email", "x@example.com", "--type", "Standard"}, "membership=Standard", false},
		{"membership", []string{"set", "--email", "x@example.com", "--type", "Gold"}, "unknown membership type", true},
		{"users", []string{"grant-operator", "--email", "x@example.com"}, "operator=true", false},
		{"users", []string{"list"}, "x@example.com", false},
		{"accounts", []string{"list"}, "Acme", false},
		{"users", []string{"frobnicate"}, "unknown command", true},
	}
	for _, st := range steps {
		out, err := run(st.group, st.args...)
		got := out
		if err != nil {
			got = err.Error()
		}
		if (err != nil) != st.wantErr || !strings.Contains(got, st.want) {
			t.Fatalf("%s %v: out=%q err=%v", st.group, st.args, out, err)
		}
	}
	fresh, _ := s.UserByID(ctx, u.ID)
	if fresh.MembershipType != "Standard" || !fresh.IsOperator {
		t.Fatalf("user %+v", fresh)
	}
	if accs, _ := s.Accounts(ctx, u.ID); len(accs) != 1 || accs[0].MembershipType != "Standard" {
		t.Fatalf("personal account did not follow the plan: %+v", accs)
	}
	// The token made for Acme stopped working when x left Acme.
	ts, _ := s.Tokens(ctx, u.ID)
	revoked := 0
	for _, tk := range ts {
		if tk.RevokedAt != nil {
			revoked++
		}
	}
	if len(ts) != 2 || revoked != 1 {
		t.Fatalf("tokens %d, revoked %d", len(ts), revoked)
	}
}
