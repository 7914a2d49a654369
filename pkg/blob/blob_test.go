package blob

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// stores returns one store of each kind: a directory and a bucket on a
// real S3-compatible server (versitygw) on a loopback port.
func stores(t *testing.T) map[string]*Store {
	t.Helper()
	ctx := context.Background()
	dir, err := Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv := testenv.S3(t, "uploads")
	s3, err := Open(ctx, srv.URL("uploads"), "")
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Store{"file": dir, "s3": s3}
}

func TestPutGetDelete(t *testing.T) {
	ctx := context.Background()
	for kind, s := range stores(t) {
		tests := []struct {
			name    string
			key     string
			data    []byte
			wantErr bool
		}{
			{"plain", "abc123", []byte("hello"), false},
			{"empty", "empty", nil, false},
			{"traversal", "../etc", []byte("x"), true},
			{"slash", "a/b", []byte("x"), true},
			{"blank", "", []byte("x"), true},
		}
		for _, tt := range tests {
			t.Run(kind+"/"+tt.name, func(t *testing.T) {
				err := s.Put(ctx, tt.key, bytes.NewReader(tt.data), int64(len(tt.data)))
				if (err != nil) != tt.wantErr {
					t.Fatalf("Put err = %v, wantErr %v", err, tt.wantErr)
				}
				if tt.wantErr {
					return
				}
				got, err := s.Get(ctx, tt.key)
				if err != nil || !bytes.Equal(got, tt.data) {
					t.Fatalf("Get = %q, %v", got, err)
				}
				if n, err := s.Size(ctx, tt.key); err != nil || n != int64(len(tt.data)) {
					t.Fatalf("Size = %d, %v", n, err)
				}
				if err := s.Delete(ctx, tt.key); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Get(ctx, tt.key); !errors.Is(err, ErrNotFound) {
					t.Fatalf("after delete err = %v, want ErrNotFound", err)
				}
				if err := s.Delete(ctx, tt.key); err != nil {
					t.Fatalf("second delete = %v, want nil", err)
				}
			})
		}
	}
}

// onlyReader hides Seek, as a network stream does.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// A 10 MB upload streams through from a reader that cannot seek.
func TestStreamingUpload10MB(t *testing.T) {
	ctx := context.Background()
	data := make([]byte, 10<<20)
	rng := rand.NewChaCha8([32]byte{1})
	_, _ = rng.Read(data)
	want := sha256.Sum256(data)
	for kind, s := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			if err := s.Put(ctx, "big", onlyReader{bytes.NewReader(data)}, int64(len(data))); err != nil {
				t.Fatal(err)
			}
			rc, err := s.Open(ctx, "big")
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			h := sha256.New()
			if _, err := io.Copy(h, rc); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(h.Sum(nil), want[:]) {
				t.Fatal("stored bytes differ from uploaded bytes")
			}
		})
	}
}

// A store that is down answers ErrUnavailable, and nothing of the upload is
// there once it is back.
func TestStoreDown(t *testing.T) {
	ctx := context.Background()
	srv := testenv.S3(t, "uploads")
	s, err := Open(ctx, srv.URL("uploads"), "")
	if err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	err = s.Put(ctx, "down", bytes.NewReader([]byte("x")), 1)
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Put on a stopped store = %v, want ErrUnavailable", err)
	}
	if err := s.Ping(ctx); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Ping = %v, want ErrUnavailable", err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Size(ctx, "down"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after restart Size = %v, want ErrNotFound", err)
	}
}

// A short stream (the client went away) leaves nothing behind.
func TestShortStreamLeavesNothing(t *testing.T) {
	ctx := context.Background()
	for kind, s := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			if err := s.Put(ctx, "short", bytes.NewReader([]byte("abc")), 10); err == nil {
				t.Fatal("Put of 3 bytes announced as 10 succeeded")
			}
			if _, err := s.Size(ctx, "short"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("Size = %v, want ErrNotFound", err)
			}
		})
	}
}

func TestPutLeavesNoTempFiles(t *testing.T) {
	dir := t.TempDir()
	s, _ := OpenDir(dir)
	for i := 0; i < 3; i++ {
		if err := s.Put(context.Background(), "samekey", bytes.NewReader([]byte{byte(i)}), 1); err != nil {
			t.Fatal(err)
		}
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 1 {
		t.Fatalf("files = %v, want exactly one", files)
	}
}

// Migrate copies everything once; a second run copies nothing.
func TestMigrateIdempotent(t *testing.T) {
	ctx := context.Background()
	all := stores(t)
	from, to := all["file"], all["s3"]
	keys := []string{"a1", "b2", "c3"}
	for _, k := range keys {
		if err := from.Put(ctx, k, bytes.NewReader([]byte("data "+k)), int64(len("data "+k))); err != nil {
			t.Fatal(err)
		}
	}
	st, err := Migrate(ctx, from, to, nil)
	if err != nil || st.Copied != 3 || st.Skipped != 0 {
		t.Fatalf("first run = %+v, %v; want 3 copied", st, err)
	}
	st, err = Migrate(ctx, from, to, nil)
	if err != nil || st.Copied != 0 || st.Skipped != 3 {
		t.Fatalf("second run = %+v, %v; want 3 skipped", st, err)
	}
	for _, k := range keys {
		got, err := to.Get(ctx, k)
		if err != nil || string(got) != "data "+k {
			t.Fatalf("%s in target = %q, %v", k, got, err)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"", true},
		{"file:///srv/spade/uploads", true},
		{"s3://uploads?endpoint=http://127.0.0.1:9000&region=us-east-1&use_path_style=true", true},
		{"s3://uploads", true},
		{"s3://?endpoint=http://x:1", false},
		{"s3://key:secret@uploads", false},
		{"s3://uploads?endpoint=ftp://x", false},
		{"s3://uploads?use_path_style=maybe", false},
		{"s3://uploads?bucket_typo=1", false},
		{"gs://uploads", false},
		{"file://host/path", false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			if err := Validate(tt.url); (err == nil) != tt.ok {
				t.Fatalf("Validate(%q) = %v, want ok=%v", tt.url, err, tt.ok)
			}
		})
	}
}

// FuzzValidate: Validate never panics, and a URL it accepts opens (file
// stores in a temporary directory; s3 stores without connecting).
func FuzzValidate(f *testing.F) {
	for _, s := range []string{"", "file:///tmp/x", "s3://b?endpoint=http://h:1&use_path_style=true&prefix=p/", "s3://", "file://h/x", "%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if Validate(s) != nil || strings.HasPrefix(s, "file:") || s == "" {
			return
		}
		if _, err := Open(context.Background(), s, ""); err != nil {
			t.Fatalf("Validate(%q) accepted a URL Open refuses: %v", s, err)
		}
	})
}
