package blob

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestStore(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
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
		t.Run(tt.name, func(t *testing.T) {
			err := s.Put(tt.key, tt.data)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Put err = %v, wantErr %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			got, err := s.Get(tt.key)
			if err != nil || string(got) != string(tt.data) {
				t.Fatalf("Get = %q, %v", got, err)
			}
			if err := s.Delete(tt.key); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Get(tt.key); !errors.Is(err, ErrNotFound) {
				t.Fatalf("after delete err = %v, want ErrNotFound", err)
			}
		})
	}
}

func TestPutLeavesNoTempFiles(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	for i := 0; i < 3; i++ {
		if err := s.Put("samekey", []byte{byte(i)}); err != nil {
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
