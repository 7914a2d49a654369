// Package blob stores uploaded files under the data directory, keyed by
// analysis id, so that analyses can be processed and reprocessed later.
package blob

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// ErrNotFound is returned for a key with no stored file.
var ErrNotFound = errors.New("blob not found")

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// Store is a directory of blobs.
type Store struct{ dir string }

// Open creates the directory when needed.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("blob store: %w", err)
	}
	return &Store{dir: dir}, nil
}

func (s *Store) path(key string) (string, error) {
	if !keyPattern.MatchString(key) {
		return "", fmt.Errorf("blob key %q: not a valid key", key)
	}
	// Two levels of fan-out keep directories small.
	sub := key
	if len(sub) > 2 {
		sub = sub[:2]
	}
	return filepath.Join(s.dir, sub, key), nil
}

// Put writes data under key atomically: a reader sees the whole file or none.
func (s *Store) Put(key string, data []byte) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return fmt.Errorf("blob put: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("blob put: %w", err)
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("blob put: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("blob put: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("blob put: %w", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("blob put: %w", err)
	}
	return nil
}

// Get reads the blob.
func (s *Store) Get(key string) ([]byte, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return b, err
}

// Delete removes the blob; a missing blob is not an error.
func (s *Store) Delete(key string) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob delete: %w", err)
	}
	return nil
}
