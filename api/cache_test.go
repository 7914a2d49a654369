package api

import (
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
)

func TestReadCache(t *testing.T) {
	rc := newReadCache()
	p := &auth.Principal{User: &auth.User{ID: "u1"}, Account: &auth.Account{ID: "a1"}}
	rc.put("k", cacheEntry{principal: copyPrincipal(p), expires: time.Now().Add(time.Minute)})
	rc.put("old", cacheEntry{body: []byte("x"), expires: time.Now().Add(-time.Second)})
	tests := []struct {
		key  string
		want bool
	}{
		{"k", true},
		{"old", false}, // expired
		{"missing", false},
	}
	for _, tt := range tests {
		if _, ok := rc.get(tt.key); ok != tt.want {
			t.Errorf("get(%q) ok = %v, want %v", tt.key, ok, tt.want)
		}
	}
	e, _ := rc.get("k")
	got := copyPrincipal(e.principal)
	got.User.ID = "changed" // a handler changing its copy leaves the cache alone
	if e2, _ := rc.get("k"); e2.principal.User.ID != "u1" {
		t.Fatalf("cached principal changed to %q", e2.principal.User.ID)
	}
	rc.clear()
	if _, ok := rc.get("k"); ok {
		t.Fatal("entry survived clear")
	}
}
