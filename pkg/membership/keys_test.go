package membership

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCipherRoundTrip(t *testing.T) {
	c, err := NewCipher(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	ct, err := c.Encrypt("AIzaSecret1234", "user-1")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(ct, "Secret") {
		t.Fatal("plaintext visible")
	}
	if got, err := c.Decrypt(ct, "user-1"); err != nil || got != "AIzaSecret1234" {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := c.Decrypt(ct, "user-2"); err == nil {
		t.Fatal("decrypted for another user")
	}
	other, _ := NewCipher(bytes.Repeat([]byte{8}, 32))
	if _, err := other.Decrypt(ct, "user-1"); err == nil {
		t.Fatal("decrypted with another key")
	}
	ct2, _ := c.Encrypt("AIzaSecret1234", "user-1")
	if ct == ct2 {
		t.Fatal("nonce reused")
	}
}

func TestNormalizeAPIKey(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"  abc123xyz  ", "abc123xyz", ""},
		{"", "", "Please enter an API key."},
		{" \t\n ", "", "Please enter an API key."},
		{"ab cd", "", "cannot contain spaces"},
		{strings.Repeat("a", 600), "", "does not look like"},
		{"sk-abc\u202edcba", "", "invisible formatting characters (this one has U+202E"},
		{"sk-\u2066abcd\u2069", "", "U+2066"},
		{"sk-ab\u200bcd", "", "U+200B"},
		{"\ufeffsk-abcd", "", "U+FEFF"},
		{"sk-ab\u0085cd", "", "control characters"},
		{"sk-ab\u00a0cd", "", "spaces"},
		{"sk-ab\u3000cd", "", "spaces"},
		{"sk-proj-AbC_123-xyz", "sk-proj-AbC_123-xyz", ""},
	}
	for _, tt := range tests {
		got, err := NormalizeAPIKey(tt.in)
		if tt.err == "" && (err != nil || got != tt.want) {
			t.Errorf("%q: %q %v", tt.in, got, err)
		}
		if tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%q: err %v, want %q", tt.in, err, tt.err)
		}
	}
	if Mask(Last4("sk-abcdefgh")) != "****efgh" || Last4("ab") != "ab" || Mask("") != "" {
		t.Fatal("mask")
	}
}

func TestLoadOrCreateSecretKey(t *testing.T) {
	dir := t.TempDir()
	k1, err := LoadOrCreateSecretKey("", dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, KeyFile))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file %v %v", st, err)
	}
	k2, err := LoadOrCreateSecretKey("", dir)
	if err != nil || !bytes.Equal(k1, k2) {
		t.Fatal("key not reused")
	}
	hexKey := strings.Repeat("ab", 32)
	if k, err := LoadOrCreateSecretKey(hexKey, dir); err != nil || k[0] != 0xab {
		t.Fatal(err)
	}
	if _, err := LoadOrCreateSecretKey("short", dir); err == nil {
		t.Fatal("short key accepted")
	}
}

func FuzzDecrypt(f *testing.F) {
	c, _ := NewCipher(bytes.Repeat([]byte{1}, 32))
	good, _ := c.Encrypt("key", "u")
	for _, s := range []string{good, "v1:", "v1:AAAA", "", "v2:abc", good[:len(good)-2]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := c.Decrypt(s, "u"); err == nil && s != good && p != "key" {
			t.Fatalf("forged ciphertext %q decrypted to %q", s, p)
		}
	})
}

func FuzzParseSecretKey(f *testing.F) {
	for _, s := range []string{strings.Repeat("ab", 32), "", "====", strings.Repeat("A", 43)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if k, err := ParseSecretKey(s); err == nil && len(k) != 32 {
			t.Fatalf("key of %d bytes", len(k))
		}
	})
}

func FuzzNormalizeAPIKey(f *testing.F) {
	for _, s := range []string{"  abc ", "", "a\x00b", "ключ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := NormalizeAPIKey(s)
		if err == nil && (k == "" || strings.TrimSpace(k) != k || len(k) > MaxAPIKeyLen) {
			t.Fatalf("accepted %q", k)
		}
	})
}
