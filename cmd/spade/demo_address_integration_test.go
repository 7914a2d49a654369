package main

import (
	"fmt"
	"net/http"
	"testing"
)

// TestDemoPerAddress: device ids invented by a script do not multiply the
// per-address allowance beyond its cap; a missing or malformed id is one
// shared device; X-Forwarded-For counts only from a configured trusted
// proxy (SPADE_TRUSTED_PROXIES), where each visitor gets their own
// allowance.
func TestDemoPerAddress(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		trusted string
		// calls: device id, X-Forwarded-For, want status
		calls [][3]string
	}{
		{"direct clients", "", [][3]string{
			{"", "", "200"},
			{"not-a-device", "", "429"}, // malformed: the same "no device" as the first call
			{"a0000001-0000000000000001", "", "200"},
			{"a0000002-0000000000000002", "", "200"},
			{"a0000003-0000000000000003", "", "200"},
			{"a0000004-0000000000000004", "", "200"},
			{"a0000005-0000000000000005", "", "429"},             // sixth demo from one address
			{"a0000006-0000000000000006", "198.51.100.1", "429"}, // a forged header changes nothing
		}},
		{"behind a trusted proxy", "127.0.0.1", [][3]string{
			{"b0000001-0000000000000001", "198.51.100.1", "200"},
			{"b0000001-0000000000000001", "198.51.100.1", "429"},
			{"b0000001-0000000000000001", "198.51.100.2", "200"}, // another visitor
			{"b0000002-0000000000000002", "198.51.100.1", "200"},
			{"b0000003-0000000000000003", "198.51.100.1", "200"},
			{"b0000004-0000000000000004", "198.51.100.1", "200"},
			{"b0000005-0000000000000005", "198.51.100.1", "200"},
			{"b0000006-0000000000000006", "198.51.100.1", "429"},
			{"b0000006-0000000000000006", "198.51.100.3", "200"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"SPADE_DEMO_WAIT": "10ms"}
			if tc.trusted != "" {
				env["SPADE_TRUSTED_PROXIES"] = tc.trusted
			}
			s := newAuthStack(t, stackOptions{NoWorker: true, Env: env})
			for i, call := range tc.calls {
				body, ct := fileBody(t, "invoice.txt", []byte(sampleTXT), map[string]string{"analysis_type": "document"})
				hdr := map[string]string{}
				if call[0] != "" {
					hdr["X-Device-ID"] = call[0]
				}
				if call[1] != "" {
					hdr["X-Forwarded-For"] = call[1]
				}
				st, b := s.call(http.MethodPost, "/api/demo/analyze", req{body: body, ctype: ct, headers: hdr})
				if got := fmt.Sprint(st); got != call[2] {
					t.Fatalf("call %d (device %q, X-Forwarded-For %q): %d %.200s, want %s", i+1, call[0], call[1], st, b, call[2])
				}
			}
		})
	}
}
